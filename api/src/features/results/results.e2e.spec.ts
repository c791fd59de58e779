/**
 * Results over REST and GraphQL (read, whole-object edit, reset, owner checks) and progress over
 * graphql-ws: the subscription starts with the current state, follows the run and completes.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets, waitForRun } from '../processing/test-support/seed-file-sets.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function wsClient(token: string) {
  return createClient({
    url: server.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
}

function collect(client: ReturnType<typeof createClient>, projectId: string) {
  const states: any[] = [];
  const done = new Promise<{ states: any[]; error?: unknown }>((resolve) => {
    client.subscribe(
      {
        query:
          'subscription($id: ID!) { projectProgress(projectId: $id) { status runStatus totalJobs completedJobs processingJobs failedJobs progress jobs { fileSetId status progress stageMessage } } }',
        variables: { id: projectId },
      },
      {
        next: (v) => {
          if (v.errors) resolve({ states, error: v.errors });
          else states.push(v.data!.projectProgress);
        },
        error: (error) => resolve({ states, error }),
        complete: () => resolve({ states }),
      },
    );
  });
  return done;
}

describe('progress over graphql-ws', () => {
  it('emits the current state, the changes from the worker, and completes after the final state', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    await seedFileSets(server.services, projectId, [{ baseName: 'S1' }, { baseName: 'S2', srtFixture: 'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT' }]);
    const client = wsClient(u.token);
    const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(started.status).toBe(202);
    const { states, error } = await collect(client, projectId);
    await client.dispose();
    expect(error).toBeUndefined();
    expect(states.length).toBeGreaterThanOrEqual(2);
    expect(states[0].totalJobs).toBe(2);
    const last = states.at(-1);
    expect(last).toMatchObject({ status: 'completed', runStatus: 'completed', completedJobs: 2, failedJobs: 0, processingJobs: 0, progress: 100 });
    // Some intermediate state carried a stage message from the pipeline.
    expect(states.flatMap((s) => s.jobs.map((j: { stageMessage: string }) => j.stageMessage))).toEqual(
      expect.arrayContaining([expect.stringMatching(/Completed|Probing|telemetry|Analysing|metadata|location|Saving|queue|Starting/)]),
    );
    // Same figures as REST.
    const rest = await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
    expect(rest.body).toMatchObject({ totalJobs: 2, completedJobs: 2, failedJobs: 0, processingJobs: 0, progress: 100 });
  });

  it("refuses another user's project and signed-out sockets like the query does", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const projectId = await createProject(server, owner.token);
    const c = wsClient(other.token);
    const r = await collect(c, projectId);
    await c.dispose();
    expect(JSON.stringify(r.error)).toMatch(/NOT_FOUND|Project not found/);
    const anon = createClient({ url: server.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
    const r2 = await collect(anon, projectId);
    await anon.dispose();
    expect(JSON.stringify(r2.error)).toMatch(/UNAUTHENTICATED|Not authenticated/);
    // A project never processed: one state, then complete.
    const c3 = wsClient(owner.token);
    const r3 = await collect(c3, projectId);
    await c3.dispose();
    expect(r3.error).toBeUndefined();
    expect(r3.states).toEqual([expect.objectContaining({ runStatus: null, totalJobs: 0 })]);
  });
});

describe('results', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let setId: string;
  let unprocessed: string;
  beforeAll(async () => {
    owner = await signUp(server);
    other = await signUp(server);
    const projectId = await createProject(server, owner.token);
    [setId] = await seedFileSets(server.services, projectId, [{ baseName: 'R1', srtFixture: 'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT' }]);
    await server.request('POST', `/api/projects/${projectId}/process`, { token: owner.token });
    await waitForRun(server, owner.token, projectId);
    [unprocessed] = await seedFileSets(server.services, projectId, [{ baseName: 'R2' }]);
  });

  it('reads, saves the whole edited object beside the original, and resets over REST', async () => {
    const got = await server.request('GET', `/api/filesets/${setId}/results`, { token: owner.token });
    expect(got.status).toBe(200);
    const original = got.body.results;
    expect(Object.keys(original).sort()).toEqual(['content', 'metadata', 'shot_types']);
    expect(Object.keys(original.content.categories).sort()).toEqual(['adobe_category', 'shutterstock_a_category', 'shutterstock_b_category']);
    expect(original.content.categories.shutterstock_a_category).not.toBe(original.content.categories.shutterstock_b_category);

    // 35 different keywords are refused by count (issue 31: never cut behind the user's back).
    const tooMany = Array.from({ length: 40 }, (_, i) => ` kw${i % 35} `).join(',');
    const refused = await server.request('PUT', `/api/filesets/${setId}/results`, {
      token: owner.token,
      body: { ...original, content: { ...original.content, title: 'My own title', keywords: tooMany } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: '35 keywords: remove 5 (the limit is 30)', field: 'keywords' });
    // 40 entries that are 30 keywords: split on commas, trimmed, repeats dropped.
    const keywords = Array.from({ length: 40 }, (_, i) => ` kw${i % 30} `).join(',');
    const edited = { ...original, content: { ...original.content, title: 'My own title', keywords } };
    const put = await server.request('PUT', `/api/filesets/${setId}/results`, { token: owner.token, body: edited });
    expect(put.status).toBe(200);
    expect(put.body.results.content.title).toBe('My own title');
    expect(put.body.results.content.keywords).toHaveLength(30);
    expect(put.body.results.content.keywords[0]).toBe('kw0');
    expect(put.body.edited).toBe(true);
    const again = await server.request('GET', `/api/filesets/${setId}/results`, { token: owner.token });
    expect(again.body.results.content.title).toBe('My own title');
    expect(again.body.original.content.title).toBe(original.content.title);

    const bad = await server.request('PUT', `/api/filesets/${setId}/results`, {
      token: owner.token,
      body: { ...original, content: { ...original.content, categories: { ...original.content.categories, adobe_category: 'Cats' } } },
    });
    expect(bad.status).toBe(400);
    expect((await server.request('PUT', `/api/filesets/${setId}/results`, { token: owner.token, body: { content: 'x' } })).status).toBe(400);

    const reset = await server.request('POST', `/api/filesets/${setId}/results/reset`, { token: owner.token });
    expect(reset.status).toBe(200);
    expect(reset.body.results).toEqual(original);
    expect(reset.body.edited).toBe(false);
  });

  it('has GraphQL twins, answers null/404 for a set without a result and 404 to other users', async () => {
    const q = await server.graphql(
      'query($id: ID!) { fileSetResult(fileSetId: $id) { fileSetId edited provider current { content { title keywords categories { adobeCategory } } metadata { city country } json } } }',
      { id: setId },
      owner.token,
    );
    expect(q.errors).toBeUndefined();
    expect(q.data.fileSetResult).toMatchObject({
      fileSetId: setId,
      edited: false,
      provider: 'offline',
      current: { metadata: { city: 'Corato', country: 'Italy' } },
    });
    expect(JSON.parse(q.data.fileSetResult.current.json).content.title).toBe(q.data.fileSetResult.current.content.title);

    const input = {
      title: 'Edited over GraphQL',
      finalDescription: 'A description.',
      keywords: ['sea, coast', 'Sea', 'boat'],
      adobeCategory: 'Travel',
      shutterstockACategory: 'Nature',
      shutterstockBCategory: 'Holidays',
      latitude: 41.1,
      longitude: 16.4,
      city: 'Corato',
      country: 'Italy',
    };
    const m = await server.graphql(
      'mutation($id: ID!, $input: FileSetResultInput!) { updateFileSetResult(fileSetId: $id, input: $input) { edited current { content { title keywords } shotTypes { id value } } original { content { title } } } }',
      { id: setId, input },
      owner.token,
    );
    expect(m.errors).toBeUndefined();
    expect(m.data.updateFileSetResult.edited).toBe(true);
    expect(m.data.updateFileSetResult.current.content).toEqual({ title: 'Edited over GraphQL', keywords: ['sea', 'coast', 'boat'] });
    expect(m.data.updateFileSetResult.current.shotTypes.find((s: { id: string }) => s.id === 'aerial').value).toBe(true); // omitted shot types are kept
    const badCat = await server.graphql(
      'mutation($id: ID!, $input: FileSetResultInput!) { updateFileSetResult(fileSetId: $id, input: $input) { edited } }',
      { id: setId, input: { ...input, adobeCategory: 'Nope' } },
      owner.token,
    );
    expect(badCat.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const r = await server.graphql(
      'mutation($id: ID!) { resetFileSetResult(fileSetId: $id) { edited current { content { title } } original { content { title } } } }',
      { id: setId },
      owner.token,
    );
    expect(r.data.resetFileSetResult.edited).toBe(false);
    expect(r.data.resetFileSetResult.current.content.title).toBe(r.data.resetFileSetResult.original.content.title);

    expect(
      (await server.graphql('query($id: ID!) { fileSetResult(fileSetId: $id) { fileSetId } }', { id: unprocessed }, owner.token)).data.fileSetResult,
    ).toBeNull();
    expect((await server.request('GET', `/api/filesets/${unprocessed}/results`, { token: owner.token })).status).toBe(404);

    for (const [method, path] of [
      ['GET', `/api/filesets/${setId}/results`],
      ['PUT', `/api/filesets/${setId}/results`],
      ['POST', `/api/filesets/${setId}/results/reset`],
    ] as const) {
      expect((await server.request(method, path, { token: other.token, body: method === 'GET' ? undefined : {} })).status).toBe(404);
    }
    expect((await server.request('GET', `/api/filesets/${setId}/results`)).status).toBe(401);
    const foreign = await server.graphql('query($id: ID!) { fileSetResult(fileSetId: $id) { fileSetId } }', { id: setId }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(
      (await server.graphql('{ shotTypeVocabulary { id label } categoryOptions { adobe shutterstock } }', {}, owner.token)).data.categoryOptions.adobe,
    ).toHaveLength(21);
  });
});
