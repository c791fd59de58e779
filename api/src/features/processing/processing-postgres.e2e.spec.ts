/** The same run on BullMQ's PostgreSQL backend (no Redis): the queue code is shared. */
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets, waitForRun } from './test-support/seed-file-sets.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer({ queue: 'postgres', env: { JOB_BACKOFF_MS: '100' } });
});
afterAll(() => server.close());

it('runs a project to completion on the PostgreSQL queue backend, with the refund of a corrupt set', async () => {
  expect(server.services.queue.kind).toBe('postgres');
  const u = await signUp(server);
  const projectId = await createProject(server, u.token, 'On Postgres', 'dji-mavic-mini-4-pro');
  const [a, b, bad] = await seedFileSets(server.services, projectId, [
    { baseName: 'P1', srtFixture: 'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT' },
    { baseName: 'P2', srtFixture: 'JuanIrache__DJI_SRT_Parser__matrice_300.srt', video: { container: 'mov' } },
    { baseName: 'P3', corruptVideo: true },
  ]);
  const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
  expect(started.status).toBe(202);
  const again = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
  expect(again.status).toBe(409);
  const done = await waitForRun(server, u.token, projectId, 90_000);
  expect(done).toMatchObject({ status: 'completed', completedJobs: 2, failedJobs: 1, progress: 100 });
  expect(done.jobs.find((j: { fileSetId: string }) => j.fileSetId === bad).status).toBe('failed');
  const prague = await server.request('GET', `/api/filesets/${a}/results`, { token: u.token });
  expect(prague.body.results.metadata).toMatchObject({ city: 'Prague', country: 'Czechia' });
  const jerez = await server.request('GET', `/api/filesets/${b}/results`, { token: u.token });
  expect(jerez.body.results.metadata).toMatchObject({ city: 'Jerez de la Frontera', country: 'Spain' });
  expect((await server.request('GET', '/api/user/credits/balance', { token: u.token })).body.creditBalance).toBe(99.94);
});
