/**
 * A server whose ffmpeg does not work (here: FFMPEG_PATH names a missing file, as a machine with no
 * ffmpeg and no npm binary for its platform would be) refuses processing with a message, REST 503
 * and GraphQL SERVICE_UNAVAILABLE, before charging: no set fails, nothing is refunded. /api/ready
 * says why.
 */
import { startTestServer, signUp, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from './test-support/seed-file-sets.js';

let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
});
afterAll(() => server.close());

it('refuses processing over REST and GraphQL, charging nothing, and /api/ready names the problem', async () => {
  const user = await signUp(server);
  const projectId = await createProject(server, user.token);
  await seedFileSets(server.services, projectId, [{ baseName: 'DJI_0001' }]);
  const before = (await server.request('GET', '/api/user/transactions', { token: user.token })).body;

  const rest = await server.request('POST', `/api/projects/${projectId}/process`, { token: user.token });
  expect(rest.status).toBe(503);
  expect(rest.body.message).toContain('Processing is unavailable on this server: Media tools unavailable: FFMPEG_PATH: /nonexistent/ffmpeg does not exist');

  const gql = await server.graphql(`mutation($id: ID!) { startProcessing(projectId: $id) { run { id } } }`, { id: projectId }, user.token);
  expect(gql.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
  expect(gql.errors?.[0]?.message).toContain('FFMPEG_PATH: /nonexistent/ffmpeg does not exist');

  expect((await server.request('GET', '/api/user/transactions', { token: user.token })).body).toEqual(before);
  const project = await server.request('GET', `/api/projects/${projectId}`, { token: user.token });
  expect(project.body.status).not.toBe('processing');

  const ready = await server.request('GET', '/api/ready');
  expect(ready.body.mediaTools).toMatchObject({ ffmpeg: null, problem: expect.stringContaining('FFMPEG_PATH') });
  expect(ready.body.mediaTools.ffprobe).toMatchObject({ version: expect.any(String) });
});
