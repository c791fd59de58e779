/**
 * Idempotency-Key on starting processing (issue 8 item 6), REST and GraphQL: a retry after a
 * timeout answers the same run and the ledger holds one charge; the same key for another
 * project is a 409.
 */
import { randomUUID } from 'node:crypto';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from '../../features/processing/test-support/seed-file-sets.js';
import { IDEMPOTENCY_MISMATCH } from './idempotency.service.js';

let server: StartedTestServer;
let adminToken: string;
const START = 'mutation S($p: ID!, $k: String) { startProcessing(projectId: $p, idempotencyKey: $k) { run { id totalJobs charged } progress { totalJobs } } }';

// No worker takes the runs: what is under test is the start (its run, its charge), and a run left
// running keeps "a second start without the key is 409" true however fast a worker would have been.
beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'idemadmin', password: 'idem-admin-1' }, { env: { RUN_WORKER: 'false' } }));
});
afterAll(() => server.close());

const balance = async (token: string) => (await server.request('GET', '/api/user/credits/balance', { token })).body.creditBalance as number;
const charges = async (userId: string) =>
  (await server.request('GET', `/api/admin/ledger/events?userId=${userId}&limit=100&offset=0`, { token: adminToken })).body.events.filter(
    (e: { type: string }) => e.type === 'ProcessingCharged',
  );
const readyProject = async (token: string, sets = 2) => {
  const projectId = await createProject(server, token);
  await seedFileSets(
    server.services,
    projectId,
    Array.from({ length: sets }, (_, i) => ({ baseName: `DJI_000${i + 1}` })),
  );
  return projectId;
};
const restStart = (token: string, projectId: string, key: string) =>
  server.request('POST', `/api/projects/${projectId}/process`, { token, headers: { 'idempotency-key': key } });

describe('Idempotency-Key on REST POST /api/projects/{id}/process', () => {
  it('answers a retry with the same run and charges once', async () => {
    const u = await signUp(server);
    const projectId = await readyProject(u.token);
    const key = randomUUID();
    const first = await restStart(u.token, projectId, key);
    expect(first.status).toBe(202);
    const after = await balance(u.token);
    expect(after).toBeLessThan(100);
    const retry = await restStart(u.token, projectId, key);
    expect(retry.status).toBe(202);
    expect(retry.body.runId).toBe(first.body.runId);
    expect(retry.body.run.id).toBe(first.body.run.id);
    expect(retry.body.run.charged).toBe(first.body.run.charged);
    expect(await balance(u.token)).toBe(after);
    expect(await charges(u.id)).toHaveLength(1);
    // Without the key, a second start is what it always was: already running.
    expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(409);
  });

  it('answers 409 for the same key on another project, and charges nothing more', async () => {
    const u = await signUp(server);
    const a = await readyProject(u.token, 1);
    const b = await readyProject(u.token, 1);
    const key = randomUUID();
    expect((await restStart(u.token, a, key)).status).toBe(202);
    const clash = await restStart(u.token, b, key);
    expect([clash.status, clash.body.message]).toEqual([409, IDEMPOTENCY_MISMATCH]);
    expect(await charges(u.id)).toHaveLength(1);
  });

  it('charges once for concurrent starts with one key', async () => {
    const u = await signUp(server);
    const projectId = await readyProject(u.token);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => restStart(u.token, projectId, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(202));
    expect(new Set(answers.map((a) => a.body.runId)).size).toBe(1);
    expect(await charges(u.id)).toHaveLength(1);
  });

  it('lets a refused start (no credits) be retried with the same key once it can succeed', async () => {
    const u = await signUp(server);
    const empty = await createProject(server, u.token);
    const key = randomUUID();
    expect((await restStart(u.token, empty, key)).status).toBe(400);
    await seedFileSets(server.services, empty, [{ baseName: 'DJI_0001' }]);
    expect((await restStart(u.token, empty, key)).status).toBe(202);
    expect(await charges(u.id)).toHaveLength(1);
  });
});

describe('idempotencyKey on the GraphQL startProcessing mutation', () => {
  it('answers a retry with the same run, charges once, and CONFLICT for another project', async () => {
    const u = await signUp(server);
    const a = await readyProject(u.token);
    const b = await readyProject(u.token, 1);
    const key = randomUUID();
    const first = await server.graphql(START, { p: a, k: key }, u.token);
    expect(first.errors).toBeUndefined();
    expect(first.data.startProcessing.run.totalJobs).toBe(2);
    const retry = await server.graphql(START, { p: a, k: key }, u.token);
    expect(retry.data.startProcessing.run).toEqual(first.data.startProcessing.run);
    expect(await charges(u.id)).toHaveLength(1);
    const clash = await server.graphql(START, { p: b, k: key }, u.token);
    expect([clash.errors?.[0]?.message, clash.errors?.[0]?.extensions?.code]).toEqual([IDEMPOTENCY_MISMATCH, 'CONFLICT']);
    expect(await charges(u.id)).toHaveLength(1);
  });
});
