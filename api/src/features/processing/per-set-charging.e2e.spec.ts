/**
 * Issue 28 finding 8: a run charged set by set ("process as sets complete") charges what the
 * estimate states. Each set is charged so that the run's charge after k sets is
 * round-half-up(k x costPerFileset): at markup 33 % (0.0266 a set) nine sets cost 0.24, not nine
 * times 0.03; at 24 % (0.0248) three sets cost 0.07, not three times 0.02. No worker runs here: the
 * charges are made when the sets are taken, before any is processed.
 */
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from './test-support/seed-file-sets.js';

let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }, { env: { RUN_WORKER: 'false' } }));
});
afterAll(() => server?.close());

const cents = (credits: string | number) => Math.round(Number(credits) * 100);

describe('a run charged set by set', () => {
  it.each([
    [33, 9, '0.0266', '0.24'],
    [24, 3, '0.0248', '0.07'],
  ])('at markup %i %% charges %i sets exactly what the estimate states', async (markup, count, costPerFileset, estimated) => {
    expect((await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value: markup } })).status).toBe(200);
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    await seedFileSets(
      server.services,
      projectId,
      Array.from({ length: count }, (_, i) => ({ baseName: `DJI_${String(i + 1).padStart(4, '0')}` })),
    );

    const estimate = (await server.request('GET', `/api/projects/${projectId}/cost-estimate`, { token: u.token })).body;
    expect(estimate).toMatchObject({ costPerFileset: Number(costPerFileset), fileSetCount: count, totalCost: Number(estimated) });

    const opened = await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete`, { token: u.token });
    expect(opened.status).toBe(202);
    const progress = (await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token })).body;
    expect(progress.totalJobs).toBe(count);

    const run = await server.graphql(`query($id: ID!) { project(id: $id) { latestRun { charged chargedPerSet } } }`, { id: projectId }, u.token);
    expect(run.data.project.latestRun).toEqual({ charged: estimated, chargedPerSet: true });
    const balance = (await server.request('GET', '/api/user/credits/balance', { token: u.token })).body.creditBalance as number;
    expect(cents(100) - cents(balance)).toBe(cents(estimated));
  });
});
