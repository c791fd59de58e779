/**
 * Issue 16 item 4: an edit the server refuses says which field and why, in words the editor can
 * show beside the set's file name (REST 400 `{ message, field }`, GraphQL BAD_USER_INPUT with
 * `extensions.field`), and an empty title is refused. Nothing of a refused edit is stored.
 */
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { seedProject } from '../exports/test-support/seed-results.js';

let server: TestServer & { close(): Promise<void> };
let owner: Awaited<ReturnType<typeof signUp>>;
let setId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  const seeded = await seedProject(server.services, {
    ownerId: owner.id,
    name: 'Refusals',
    sets: [{ baseName: 'DJI_0302', files: [{ filename: 'DJI_0302.MP4' }], result: { title: 'Harbour at dawn', keywords: ['harbour', 'boats'] } }],
  });
  setId = seeded.fileSetIds[0]!;
  projectId = seeded.projectId;
});
afterAll(() => server.close());

const UPDATE = 'mutation($id: ID!, $input: FileSetResultInput!) { updateFileSetResult(fileSetId: $id, input: $input) { current { content { title } } } }';
const input = (patch: Record<string, unknown>) => ({ title: 'Harbour at dawn', finalDescription: '', keywords: ['harbour'], ...patch });

async function restResult() {
  return (await server.request('GET', `/api/filesets/${setId}/results`, { token: owner.token })).body.results;
}

it('refuses an empty or blank title over REST and GraphQL, with the message, and keeps the stored one', async () => {
  const stored = await restResult();
  for (const title of ['', '   ']) {
    const put = await server.request('PUT', `/api/filesets/${setId}/results`, {
      token: owner.token,
      body: { ...stored, content: { ...stored.content, title } },
    });
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ message: 'The title must not be empty', field: 'title' });
    const g = await server.graphql(UPDATE, { id: setId, input: input({ title }) }, owner.token);
    expect(g.errors?.[0]).toMatchObject({ message: 'The title must not be empty', extensions: { code: 'BAD_USER_INPUT', field: 'title' } });
  }
  expect((await restResult()).content.title).toBe('Harbour at dawn');
});

it('names the field and the reason for a keyword over 100 characters, a bad category and a long title', async () => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ keywords: ['harbour', 'x'.repeat(101)] }, 'keywords', 'A keyword is longer than 100 characters'],
    [{ adobeCategory: 'Cats' }, 'adobeCategory', "Not one of Adobe Stock's categories"],
    [{ title: 't'.repeat(501) }, 'title', 'The title is longer than 500 characters'],
    [{ finalDescription: 'd'.repeat(5001) }, 'finalDescription', 'The description is longer than 5,000 characters'],
  ];
  for (const [patch, field, message] of cases) {
    const g = await server.graphql(UPDATE, { id: setId, input: input(patch) }, owner.token);
    expect(g.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
  }
  const stored = await restResult();
  const put = await server.request('PUT', `/api/filesets/${setId}/results`, {
    token: owner.token,
    body: { ...stored, content: { ...stored.content, keywords: ['ok', 'k'.repeat(101)] } },
  });
  expect(put.status).toBe(400);
  expect(put.body).toMatchObject({ message: 'A keyword is longer than 100 characters', field: 'keywords' });
});

it('trims the title it stores', async () => {
  const g = await server.graphql(UPDATE, { id: setId, input: input({ title: '  Boats in the harbour  ' }) }, owner.token);
  expect(g.errors).toBeUndefined();
  expect(g.data.updateFileSetResult.current.content.title).toBe('Boats in the harbour');
});

it('refuses more than 30 keywords naming the count (REST 400, GraphQL BAD_USER_INPUT), never cutting them, and stores nothing', async () => {
  const before = await restResult();
  const thirtyTwo = Array.from({ length: 32 }, (_, i) => `keyword ${i + 1}`);
  const g = await server.graphql(UPDATE, { id: setId, input: input({ keywords: thirtyTwo }) }, owner.token);
  expect(g.errors?.[0]).toMatchObject({
    message: '32 keywords: remove 2 (the limit is 30)',
    extensions: { code: 'BAD_USER_INPUT', field: 'keywords', limit: 30, value: 32 },
  });
  // REST, with the keywords as one comma-separated string; a case-only repeat is not counted twice.
  const put = await server.request('PUT', `/api/filesets/${setId}/results`, {
    token: owner.token,
    body: { ...before, content: { ...before.content, keywords: [...thirtyTwo.slice(0, 31), 'KEYWORD 1'].join(', ') } },
  });
  expect(put.status).toBe(400);
  expect(put.body).toMatchObject({ message: '31 keywords: remove 1 (the limit is 30)', field: 'keywords' });
  expect((await restResult()).content.keywords).toEqual(before.content.keywords);
  // 30 are taken whole.
  const ok = await server.graphql(UPDATE, { id: setId, input: input({ keywords: thirtyTwo.slice(0, 30) }) }, owner.token);
  expect(ok.errors).toBeUndefined();
  expect((await restResult()).content.keywords).toHaveLength(30);
});

it('refuses a save made on an older version than a bulk action left (409 naming the set, with the newer values); the current version saves', async () => {
  const VERSION = 'query($id: ID!) { fileSetResult(fileSetId: $id) { version } }';
  const v1 = (await server.graphql(VERSION, { id: setId }, owner.token)).data.fileSetResult.version as number;
  const bulk = await server.graphql(
    'mutation($s: ReviewSelectionInput!) { setCategories(selection: $s, adobeCategory: "Transport") { changed } }',
    { s: { projectId, fileSetIds: [setId] } },
    owner.token,
  );
  expect(bulk.data.setCategories.changed).toBe(1);
  const v2 = (await server.graphql(VERSION, { id: setId }, owner.token)).data.fileSetResult.version as number;
  expect(v2).toBe(v1 + 1);

  const stale = await server.graphql(UPDATE, { id: setId, input: input({ title: 'Made on the old version', expectedVersion: v1 }) }, owner.token);
  expect(stale.errors?.[0]).toMatchObject({
    message: 'DJI_0302 was changed since you opened it (by a bulk action or in another window); its newer values are shown. Your edit was not saved',
    extensions: { code: 'CONFLICT', fileSetId: setId, baseName: 'DJI_0302', version: v2 },
  });
  expect((stale.errors?.[0]?.extensions?.current as { content: { categories: { adobe_category: string } } }).content.categories.adobe_category).toBe(
    'Transport',
  );
  const rest = await restResult();
  expect(rest.content.title).not.toBe('Made on the old version');
  const put = await server.request('PUT', `/api/filesets/${setId}/results`, { token: owner.token, body: { ...rest, version: v1 } });
  expect(put.status).toBe(409);
  expect(put.body.version).toBe(v2);

  const fresh = await server.graphql(UPDATE, { id: setId, input: input({ title: 'Made on the current version', expectedVersion: v2 }) }, owner.token);
  expect(fresh.errors).toBeUndefined();
  expect((await server.graphql(VERSION, { id: setId }, owner.token)).data.fileSetResult.version).toBe(v2 + 1);
  const bad = await server.graphql(UPDATE, { id: setId, input: input({ expectedVersion: 0 }) }, owner.token);
  expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'version' } });
});
