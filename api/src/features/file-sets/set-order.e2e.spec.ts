import { parse } from 'csv-parse/sync';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { exportRowBatches } from '../exports/export-rows.js';
import { tusCreate, fakeMovie } from '../resumable-uploads/test-support/tus-requests.js';

/**
 * Sets are listed in the natural order of their base names (DJI_0002 before DJI_0010) wherever
 * they show (project, verify step, exports, 'File Set N'), not in the order their uploads finished:
 * with three files at once, DJI_0002 often finishes before DJI_0001.
 */
let server: StartedTestServer;
let alice: { token: string; id: string };

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server);
});
afterAll(() => server.close());

const movie = () => fakeMovie(4096);
const tusSend = async (projectId: string, filename: string) => {
  const body = movie();
  const res = await tusCreate(server.url, alice.token, { filename, projectId, length: body.length, body });
  expect(res.status).toBe(201);
};
const multipart = async (projectId: string, names: string[]) => {
  const form = new FormData();
  for (const name of names) form.append('files', new Blob([movie()]), name);
  const res = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form });
  expect(res.status).toBe(200);
};

it('lists sets in base-name order whatever order their uploads finished in, across uploads and routes', async () => {
  const projectId = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'Card', cameraType: 'dji-mavic-3-pro-series' } })).body
    .project.id as string;
  // Uploads finishing out of order (one at a time, so the finish order is this one).
  for (const name of ['DJI_0010.MP4', 'DJI_0002.MP4', 'dji_0100.mp4', 'DJI_0001.MP4']) await tusSend(projectId, name);
  // A later multipart upload whose sets fall between the earlier ones.
  await multipart(projectId, ['DJI_0011.MP4', 'DJI_0003.MP4']);
  // A replacement does not move its set.
  await tusSend(projectId, 'DJI_0010.MOV');
  const expected = ['DJI_0001.MP4', 'DJI_0002.MP4', 'DJI_0003.MP4', 'DJI_0010.MOV', 'DJI_0011.MP4', 'dji_0100.mp4'];

  const project = await server.request('GET', `/api/projects/${projectId}`, { token: alice.token });
  expect(project.body.FileSets.map((s: { Files: Array<{ filename: string }> }) => s.Files[0]!.filename)).toEqual(expected);

  const verify = await server.request('GET', `/api/projects/${projectId}/verify-filesets`, { token: alice.token });
  expect(verify.body.project.fileSets.map((s: { files: Array<{ filename: string }> }) => s.files[0]!.filename)).toEqual(expected);

  const csv = await fetch(`${server.url}/api/projects/csv/${projectId}`, { headers: { authorization: `Bearer ${alice.token}` } });
  const records: string[][] = parse(await csv.text(), { from_line: 2 });
  expect(records.map((r) => r[0])).toEqual(expected);

  // Positions ('File Set N') are 1..N in that order; exports walk them in small batches the same way.
  const rows: Array<{ baseName: string; position: number }> = [];
  for await (const batch of exportRowBatches(server.services.pool, projectId, 2)) rows.push(...batch);
  expect(rows.map((r) => [r.position, r.baseName.toUpperCase()])).toEqual(expected.map((f, i) => [i + 1, f.split('.')[0]!.toUpperCase()]));
});
