import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { waitForRun } from '../processing/test-support/seed-file-sets.js';
import { tusUploadAll } from './test-support/tus-requests.js';

/**
 * Proxy mode (issue 18 item 4): a set whose video is DJI's .LRF proxy is complete for processing
 * and CSV export, shows as a proxy, names its CSV row after the master, and takes the master later.
 */
let server: StartedTestServer;
let user: { token: string };
let proxy: Buffer;
let master: Buffer;
let jpg: Buffer;
let srt: Buffer;

beforeAll(async () => {
  // Delivery may target this machine (a closed port: the proxy is held before any connection is made).
  server = await startTestServer({ env: { DELIVERY_EXTRA_HOSTS: '127.0.0.1' } });
  user = await signUp(server);
  // An .LRF is an MP4: a small real clip stands for it, a larger one for the master.
  [proxy, master, jpg, srt] = await Promise.all([
    makeTestVideo().then((p) => fs.readFile(p)),
    makeTestVideo({ container: 'mov' }).then((p) => fs.readFile(p)),
    makeTestJpg().then((p) => fs.readFile(p)),
    fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt')),
  ]);
});
afterAll(() => server.close());

it('processes and exports a set uploaded with its .LRF proxy, then takes the master into the same set', async () => {
  const projectId = (await server.request('POST', '/api/projects', { token: user.token, body: { name: 'Proxies', cameraType: 'dji-mavic-3-pro-series' } })).body
    .project.id as string;
  for (const [name, data] of [
    ['DJI_0001.SRT', srt],
    ['DJI_0001.JPG', jpg],
    ['DJI_0001.LRF', proxy],
  ] as const) {
    const { last } = await tusUploadAll(server.url, user.token, { filename: name, projectId, data });
    expect(last.status).toBe(204);
  }
  const files = `query($id: ID!) { project(id: $id) { fileSets { status files { filename fileTypeInfo proxy } } } }`;
  const before = await server.graphql(files, { id: projectId }, user.token);
  expect(before.data.project.fileSets).toEqual([
    {
      status: 'complete',
      files: [
        { filename: 'DJI_0001.LRF', fileTypeInfo: 'lrf', proxy: true },
        { filename: 'DJI_0001.JPG', fileTypeInfo: 'jpg', proxy: false },
        { filename: 'DJI_0001.SRT', fileTypeInfo: 'srt', proxy: false },
      ],
    },
  ]);

  expect((await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: user.token })).status).toBe(200);
  expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: user.token })).status).toBe(202);
  const progress = await waitForRun(server, user.token, projectId, 120_000);
  expect(progress.completedJobs).toBe(1);

  // The CSV row is named as the agency will receive the file: the master's name.
  const csv = await fetch(`${server.url}/api/projects/csv/${projectId}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(csv.status).toBe(200);
  const rows = parse(await csv.text(), { bom: true }) as string[][];
  expect(rows[1]![0]).toBe('DJI_0001.MP4');

  // Delivery needs the master's bytes: the proxy is held with the reason, whatever the override.
  const conn = await server.request('POST', '/api/delivery/connections', {
    token: user.token,
    body: { agency: 'custom', protocol: 'ftp', host: '127.0.0.1', port: 1, username: 'u', password: 'p', remoteFolder: '/' },
  });
  expect(conn.status).toBe(201);
  const delivery = await server.request('POST', `/api/delivery/projects/${projectId}/deliveries`, {
    token: user.token,
    body: { connectionIds: [conn.body.connection.id], override: true },
  });
  expect(delivery.status).toBe(202);
  const items = (await server.request('GET', `/api/delivery/deliveries/${delivery.body.delivery.id}`, { token: user.token })).body.delivery.items;
  expect(items.find((i: { filename: string }) => i.filename === 'DJI_0001.LRF')).toMatchObject({
    status: 'held',
    message: 'Only the .LRF proxy of DJI_0001 is uploaded: add the master (DJI_0001.MP4) to the set to deliver it',
  });

  // The master arrives later and replaces the proxy in the same set.
  const processed = (await server.graphql(`query($id: ID!) { project(id: $id) { status } }`, { id: projectId }, user.token)).data.project.status;
  expect(processed).toBe('completed');
  const { last } = await tusUploadAll(server.url, user.token, { filename: 'DJI_0001.MOV', projectId, data: master });
  expect(last.status).toBe(204);
  expect(decodeURIComponent(last.headers.get('shotlog-replaced') ?? '')).toBe('DJI_0001.LRF');
  const after = await server.graphql(files, { id: projectId }, user.token);
  expect(after.data.project.fileSets[0].files[0]).toEqual({ filename: 'DJI_0001.MOV', fileTypeInfo: 'mov', proxy: false });
});
