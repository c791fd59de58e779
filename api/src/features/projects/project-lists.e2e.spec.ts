/**
 * Project lists answer true data and page (issue 14 #10, #11): the sets of a listed project carry
 * their files and status (REST /api/projects, /trash, the trash move's answer, GraphQL projects),
 * and the REST lists page with limit/offset and X-Total-Count while keeping SPEC §7's plain list.
 */
import { seedProject } from '../exports/test-support/seed-results.js';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const completeSet = (base: string) => ({ baseName: base, files: [{ filename: `${base}.MP4` }, { filename: `${base}.JPG` }, { filename: `${base}.SRT` }] });

async function seeded() {
  const u = await signUp(server);
  const { projectId } = await seedProject(server.services, {
    ownerId: u.id,
    name: 'Listed',
    sets: [completeSet('DJI_0001'), completeSet('DJI_0002'), { baseName: 'DJI_0003', files: [{ filename: 'DJI_0003.MP4' }] }],
  });
  return { ...u, projectId };
}

type RestSet = { status: string; missing: string[]; Files: Array<{ filename: string; resource_uri: string }> };
const summary = (sets: RestSet[]) => sets.map((s) => ({ status: s.status, missing: s.missing, files: s.Files.map((f) => f.filename) }));
const expected = [
  { status: 'complete', missing: [], files: ['DJI_0001.MP4', 'DJI_0001.JPG', 'DJI_0001.SRT'] },
  { status: 'complete', missing: [], files: ['DJI_0002.MP4', 'DJI_0002.JPG', 'DJI_0002.SRT'] },
  { status: 'incomplete', missing: ['jpg', 'srt'], files: ['DJI_0003.MP4'] },
];

describe('project lists carry the files of every set', () => {
  it('GET /api/projects answers the same sets, files and status as GET /api/projects/{id}', async () => {
    const { token, projectId } = await seeded();
    const list = await server.request('GET', '/api/projects', { token });
    expect(list.status).toBe(200);
    const listed = list.body.find((p: { id: string }) => p.id === projectId);
    expect(summary(listed.FileSets)).toEqual(expected);
    const one = await server.request('GET', `/api/projects/${projectId}`, { token });
    // Every field of every set, whatever fields a set gains later.
    expect(listed.FileSets).toEqual(one.body.FileSets);
  });

  it('the trash move answers and GET /api/projects/trash list the files too', async () => {
    const { token, projectId } = await seeded();
    const moved = await server.request('DELETE', `/api/projects/${projectId}`, { token });
    expect(moved.status).toBe(200);
    expect(summary(moved.body.project.FileSets)).toEqual(expected);
    const trash = await server.request('GET', '/api/projects/trash', { token });
    expect(summary(trash.body.find((p: { id: string }) => p.id === projectId).FileSets)).toEqual(expected);
  });

  it('GraphQL projects { fileSets { files } } answers the files and status', async () => {
    const { token, projectId } = await seeded();
    const r = await server.graphql('{ projects(first: 10) { edges { node { id fileSets { status missing files { filename } } } } } }', {}, token);
    expect(r.errors).toBeUndefined();
    const node = r.data.projects.edges.map((e: { node: { id: string } }) => e.node).find((p: { id: string }) => p.id === projectId);
    expect(
      node.fileSets.map((s: { status: string; missing: string[]; files: Array<{ filename: string }> }) => ({
        status: s.status,
        missing: s.missing,
        files: s.files.map((f) => f.filename),
      })),
    ).toEqual(expected);
  });
});

describe('REST project lists page instead of stopping silently at 200', () => {
  it('keeps the plain list, gives the total in X-Total-Count and takes limit/offset', async () => {
    const u = await signUp(server);
    for (let i = 0; i < 203; i++) await seedProject(server.services, { ownerId: u.id, name: `P${String(i).padStart(3, '0')}`, sets: [] });
    const first = await server.request('GET', '/api/projects', { token: u.token });
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(200);
    expect(first.headers.get('x-total-count')).toBe('203');
    const rest = await server.request('GET', '/api/projects?offset=200', { token: u.token });
    expect(rest.body).toHaveLength(3);
    const seen = new Set([...first.body, ...rest.body].map((p: { name: string }) => p.name));
    expect(seen.size).toBe(203);
    const small = await server.request('GET', '/api/projects?limit=2&offset=1', { token: u.token });
    expect(small.body.map((p: { name: string }) => p.name)).toEqual([first.body[1].name, first.body[2].name]);
    const trash = await server.request('GET', '/api/projects/trash?limit=5', { token: u.token });
    expect(trash.body).toEqual([]);
    expect(trash.headers.get('x-total-count')).toBe('0');
  });

  it('refuses bad paging with a 400 naming the parameter', async () => {
    const u = await signUp(server);
    for (const q of ['limit=0', 'limit=201', 'limit=x', 'offset=-1', 'offset=1.5']) {
      const r = await server.request('GET', `/api/projects?${q}`, { token: u.token });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(q.split('=')[0]!);
    }
  });
});

describe('purchase request histories page like transactions', () => {
  it('the user list takes limit/offset and answers total, limit and offset', async () => {
    const u = await signUp(server);
    const pkgs = (await server.request('GET', '/api/purchase/packages')).body.packages;
    for (let i = 0; i < 3; i++)
      expect((await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id } })).status).toBe(201);
    const all = await server.request('GET', '/api/purchase/requests', { token: u.token });
    const page = await server.request('GET', '/api/purchase/requests?limit=1&offset=1', { token: u.token });
    expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.body.requests.map((r: { id: string }) => r.id)).toEqual([all.body.requests[1].id]);
  });
});
