import { CAMERA_TYPE_VALUES } from '../../analysis/metadata/camera-types.js';
import pg from 'pg';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets, waitForRun } from '../processing/test-support/seed-file-sets.js';

let server: TestServer & { close(): Promise<void> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server);
  bob = await signUp(server);
});
afterAll(() => server.close());

const create = (token: string, body: unknown) => server.request('POST', '/api/projects', { token, body });

describe('projects over REST (SPEC §7)', () => {
  it('creates, lists, gets with FileSets, trashes, restores and deletes', async () => {
    const created = await create(alice.token, { name: 'Coastline', description: 'Cliffs at dawn', cameraType: 'dji-mavic-3-pro-series' });
    expect(created.status).toBe(201);
    const id = created.body.project.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await server.request('GET', '/api/projects', { token: alice.token });
    expect(list.body.map((p: { id: string }) => p.id)).toContain(id);

    const one = await server.request('GET', `/api/projects/${id}`, { token: alice.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, name: 'Coastline', description: 'Cliffs at dawn', cameraType: 'dji-mavic-3-pro-series', FileSets: [] });
    expect(one.body.created_at).toBeDefined();
    // SPEC §3 "and progress data": never processed, so no run and zero counts.
    expect(one.body.progress).toEqual({
      projectId: id,
      status: 'created',
      runId: null,
      runStatus: null,
      acceptingSets: false,
      intakeStoppedReason: null,
      totalJobs: 0,
      completedJobs: 0,
      processingJobs: 0,
      failedJobs: 0,
      pendingJobs: 0,
      progress: 0,
      jobs: [],
    });

    expect((await server.request('DELETE', `/api/projects/${id}`, { token: alice.token })).status).toBe(200);
    expect((await server.request('GET', '/api/projects', { token: alice.token })).body.map((p: { id: string }) => p.id)).not.toContain(id);
    const trash = await server.request('GET', '/api/projects/trash', { token: alice.token });
    expect(trash.body.map((p: { id: string }) => p.id)).toContain(id);
    expect(trash.body.find((p: { id: string }) => p.id === id).deletedAt).toBeTruthy();

    expect((await server.request('POST', `/api/projects/${id}/restore`, { token: alice.token })).status).toBe(200);
    expect((await server.request('DELETE', `/api/projects/${id}/permanent`, { token: alice.token })).status).toBe(409);
    await server.request('DELETE', `/api/projects/${id}`, { token: alice.token });
    expect((await server.request('DELETE', `/api/projects/${id}/permanent`, { token: alice.token })).status).toBe(200);
    expect((await server.request('GET', `/api/projects/${id}`, { token: alice.token })).status).toBe(404);
  });

  it('carries the progress data of the latest run, the same figures as GET /api/projects/{id}/progress', async () => {
    const { token } = await signUp(server);
    const id = await createProject(server, token, 'Processed');
    const [ok, corrupt] = await seedFileSets(server.services, id, [{ baseName: 'DJI_0001' }, { baseName: 'DJI_0002', corruptVideo: true }]);
    expect((await server.request('POST', `/api/projects/${id}/process`, { token })).status).toBe(202);
    const running = await server.request('GET', `/api/projects/${id}`, { token });
    expect(running.body.status).toBe('processing');
    expect(running.body.progress).toMatchObject({ projectId: id, status: 'processing', runStatus: 'running', totalJobs: 2 });

    const done = await waitForRun(server, token, id);
    const project = await server.request('GET', `/api/projects/${id}`, { token });
    expect(project.status).toBe(200);
    expect(project.body.progress).toEqual(done);
    expect(project.body.progress).toMatchObject({ status: 'completed', runStatus: 'completed', totalJobs: 2, completedJobs: 1, failedJobs: 1, progress: 100 });
    expect(Object.fromEntries(project.body.progress.jobs.map((j: { fileSetId: string; status: string }) => [j.fileSetId, j.status]))).toEqual({
      [ok!]: 'completed',
      [corrupt!]: 'failed',
    });
  });

  it('refuses bad input with 4xx and a message, and writes nothing', async () => {
    const before = (await server.request('GET', '/api/projects', { token: alice.token })).body.length;
    const cases: Array<[unknown, string]> = [
      [{ cameraType: 'dji-mavic-mini-3-pro' }, 'Project name is required'],
      [{ name: '   ', cameraType: 'dji-mavic-mini-3-pro' }, 'Project name is required'],
      [{ name: 'x'.repeat(201), cameraType: 'dji-mavic-mini-3-pro' }, 'Project name must be at most 200 characters'],
      [{ name: 'Ok', cameraType: 'gopro-hero' }, `Camera type must be one of: ${CAMERA_TYPE_VALUES.join(', ')}`],
      [{ name: 'Ok' }, `Camera type must be one of: ${CAMERA_TYPE_VALUES.join(', ')}`],
      [{ name: 42, cameraType: 'dji-mavic-mini-3-pro' }, 'Project name is required'],
    ];
    for (const [body, message] of cases) {
      const r = await create(alice.token, body);
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const notJson = await server.request('POST', '/api/projects', { token: alice.token, body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await server.request('GET', '/api/projects', { token: alice.token })).body.length).toBe(before);
    const badId = await server.request('GET', '/api/projects/not-an-id', { token: alice.token });
    expect([badId.status, badId.body.message]).toEqual([400, 'Invalid project id']);
  });

  it("answers 404 for another user's project whether it exists or not, and 401 signed out", async () => {
    const mine = (await create(alice.token, { name: 'Private', cameraType: 'dji-mavic-mini-4-pro' })).body.project.id;
    const missing = '11111111-2222-3333-4444-555555555555';
    for (const [method, path] of [
      ['GET', `/api/projects/${mine}`],
      ['DELETE', `/api/projects/${mine}`],
      ['POST', `/api/projects/${mine}/restore`],
      ['DELETE', `/api/projects/${mine}/permanent`],
    ] as const) {
      const other = await server.request(method, path, { token: bob.token });
      const none = await server.request(method, path.replace(mine, missing), { token: bob.token });
      expect([other.status, other.body.message]).toEqual([404, 'Project not found']);
      expect([none.status, none.body.message]).toEqual([404, 'Project not found']);
      expect((await server.request(method, path)).status).toBe(401);
    }
    expect((await server.request('GET', `/api/projects/${mine}`, { token: alice.token })).status).toBe(200);
  });

  it('empties only projects in the trash for more than 30 days and says how many stay', async () => {
    const { token } = await signUp(server);
    const ids: string[] = [];
    for (const name of ['old-1', 'old-2', 'recent']) {
      const id = (await create(token, { name, cameraType: 'dji-mavic-mini-3-pro' })).body.project.id;
      await server.request('DELETE', `/api/projects/${id}`, { token });
      ids.push(id);
    }
    // Age two of them in the database: 31 days in the trash.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(`UPDATE projects SET deleted_at = now() - interval '31 days' WHERE id = ANY($1)`, [ids.slice(0, 2)]);
    await db.end();
    const r = await server.request('DELETE', '/api/projects/trash/empty', { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ deleted: 2, remaining: 1 });
    expect(r.body.message).toBe('2 projects deleted; 1 newer than 30 days remain in the trash');
    expect((await server.request('GET', '/api/projects/trash', { token })).body.map((p: { name: string }) => p.name)).toEqual(['recent']);
  });
});

describe('projects over GraphQL', () => {
  const PROJECTS = `query($view: ProjectView, $search: String, $createdOn: String, $tz: Int, $first: Int, $after: String) {
    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tz, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { id name description } }
    }
    projectCounts { active trash }
  }`;

  it('pages with cursors, filters by text and day, and counts active and trash', async () => {
    const { token } = await signUp(server);
    const names = ['Alps sunrise', 'Harbour lights', 'Desert road', 'Forest river', 'Alpine lake'];
    for (const name of names) {
      const r = await server.graphql(
        'mutation($i: CreateProjectInput!){ createProject(input:$i){ id } }',
        { i: { name, description: `About ${name}`, cameraType: 'dji-mavic-mini-4-pro' } },
        token,
      );
      expect(r.errors).toBeUndefined();
    }
    const p1 = await server.graphql(PROJECTS, { first: 2 }, token);
    expect(p1.data.projects.totalCount).toBe(5);
    expect(p1.data.projects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Alpine lake', 'Forest river']);
    expect(p1.data.projects.pageInfo.hasNextPage).toBe(true);
    const p2 = await server.graphql(PROJECTS, { first: 2, after: p1.data.projects.pageInfo.endCursor }, token);
    expect(p2.data.projects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Desert road', 'Harbour lights']);
    const p3 = await server.graphql(PROJECTS, { first: 2, after: p2.data.projects.pageInfo.endCursor }, token);
    expect(p3.data.projects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Alps sunrise']);
    expect(p3.data.projects.pageInfo.hasNextPage).toBe(false);

    const alp = await server.graphql(PROJECTS, { search: 'ALP' }, token);
    expect(alp.data.projects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Alpine lake', 'Alps sunrise']);
    const byDescription = await server.graphql(PROJECTS, { search: 'about harbour' }, token);
    expect(byDescription.data.projects.totalCount).toBe(1);
    const wildcard = await server.graphql(PROJECTS, { search: '%' }, token);
    expect(wildcard.data.projects.totalCount).toBe(0);

    const today = new Date();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect((await server.graphql(PROJECTS, { createdOn: day(today), tz: 0 }, token)).data.projects.totalCount).toBe(5);
    const yesterday = new Date(today.getTime() - 86400_000);
    expect((await server.graphql(PROJECTS, { createdOn: day(yesterday), tz: 0 }, token)).data.projects.totalCount).toBe(0);

    const first = p1.data.projects.edges[0].node.id;
    await server.graphql('mutation($id: ID!){ trashProject(id:$id){ id deletedAt } }', { id: first }, token);
    const counts = await server.graphql(PROJECTS, {}, token);
    expect(counts.data.projectCounts).toEqual({ active: 4, trash: 1 });
    const trash = await server.graphql(PROJECTS, { view: 'TRASH' }, token);
    expect(trash.data.projects.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([first]);
  });

  it('gives codes for bad filters, unknown camera types, foreign ids and signed-out calls', async () => {
    const badDay = await server.graphql(PROJECTS, { createdOn: '2026-13-45' }, alice.token);
    expect(badDay.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badFirst = await server.graphql(PROJECTS, { first: 0 }, alice.token);
    expect(badFirst.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badCursor = await server.graphql(PROJECTS, { after: 'zzz' }, alice.token);
    expect(badCursor.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const cam = await server.graphql('mutation{ createProject(input:{name:"x", cameraType:"sony"}){ id } }', {}, alice.token);
    expect(cam.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const mine = (await create(alice.token, { name: 'Mine', cameraType: 'dji-mavic-mini-4-pro' })).body.project.id;
    const foreign = await server.graphql('query($id: ID!){ project(id:$id){ id name } }', { id: mine }, bob.token);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Project not found', extensions: { code: 'NOT_FOUND' } });
    const notId = await server.graphql('query{ project(id:"42"){ id } }', {}, alice.token);
    expect(notId.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const anon = await server.graphql('mutation($id: ID!){ trashProject(id:$id){ id } }', { id: mine });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const syntax = await server.graphql('{ projects { ', {}, alice.token);
    expect(syntax.status).toBe(400);
    expect(syntax.errors?.[0]?.extensions?.code).toBeDefined();
  });
});

describe('camera types (issue 16 item 10)', () => {
  it("lists the drones whose telemetry we parse, and Other, keeping SPEC's three values valid", async () => {
    const r = await server.graphql('{ cameraTypes { value label } }');
    const values = r.data.cameraTypes.map((c: { value: string }) => c.value);
    expect(values).toEqual(expect.arrayContaining(['dji-mavic-3-pro-series', 'dji-mavic-mini-3-pro', 'dji-mavic-mini-4-pro']));
    const labels = r.data.cameraTypes.map((c: { label: string }) => c.label).join(' | ');
    for (const drone of ['Air 2S', 'Air 3', 'Mini 2', 'Mini 3', 'Mini 4', 'Mini 5', 'Mavic 2', 'Mavic 3', 'Avata', 'Matrice', 'Phantom 4 RTK', 'Other'])
      expect(labels).toContain(drone);
    const user = await signUp(server);
    for (const cameraType of ['dji-matrice', 'other']) {
      const created = await server.request('POST', '/api/projects', { token: user.token, body: { name: `With ${cameraType}`, cameraType } });
      expect(created.status).toBe(201);
    }
  });
});
