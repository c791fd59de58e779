/**
 * SRT_MAX_BYTES: a .SRT over the cap is refused by name at upload (REST multipart, GraphQL
 * uploadFiles, and the replacement file of a set over REST and GraphQL), while the other files of
 * the request are kept. The cap is set low here so a real fixture is "too large".
 */
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg } from '../../../test/support/media-fixtures.js';
import { filePart, graphqlMultipart, multipartBody, send, storageState } from './test-support/upload-test-helpers.js';

const SRT_MAX = 50_000; // air2s (4.8 KB) fits, MAVIC3 (86.8 KB) does not
const REASON = 'The file is larger than the 48.8 KiB limit for .SRT telemetry (a 2-hour flight writes about 130 MB)';
const small = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt');
const big = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__MAVIC3.srt');
const preflight = { 'apollo-require-preflight': 'true' };

let server: TestServer & { close(): Promise<void> };
let alice: { token: string; id: string };
let projectId: string;
let jpg: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SRT_MAX_BYTES: String(SRT_MAX) } });
  alice = await signUp(server);
  jpg = await makeTestJpg();
  projectId = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'SRT cap', cameraType: 'dji-mavic-mini-4-pro' } })).body
    .project.id;
});
afterAll(() => server.close());

describe('.SRT size cap at upload', () => {
  it('REST multipart: the large .SRT is refused by name, the rest of the upload is kept, nothing of it stays in storage', async () => {
    const r = await send(
      `${server.url}/api/upload/${projectId}`,
      alice.token,
      multipartBody([await filePart(jpg, 'A.JPG'), await filePart(big, 'A.SRT'), await filePart(small, 'B.SRT')]),
    );
    expect(r.status).toBe(200);
    expect(r.body.accepted.map((f: { filename: string }) => f.filename)).toEqual(['A.JPG', 'B.SRT']);
    expect(r.body.refused).toEqual([{ filename: 'A.SRT', reason: REASON }]);
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
    const alone = await send(`${server.url}/api/upload/${projectId}`, alice.token, multipartBody([await filePart(big, 'C.SRT')]));
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe(`C.SRT: ${REASON}`);
  });

  it('GraphQL uploadFiles: the same refusal by name', async () => {
    const query = `mutation($projectId: ID!, $files: [Upload!]!) { uploadFiles(projectId: $projectId, files: $files) { accepted { filename } refused { filename reason } } }`;
    const r = await send(
      `${server.url}/graphql`,
      alice.token,
      graphqlMultipart(query, { projectId, files: [null, null] }, [
        { path: 'variables.files.0', part: await filePart(jpg, 'D.JPG') },
        { path: 'variables.files.1', part: await filePart(big, 'D.SRT') },
      ]),
      preflight,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.uploadFiles).toEqual({ accepted: [{ filename: 'D.JPG' }], refused: [{ filename: 'D.SRT', reason: REASON }] });
  });

  it("a set's replacement .SRT over REST and GraphQL: refused by name, the set keeps its file", async () => {
    const sets = (
      await send(`${server.url}/api/upload/${projectId}`, alice.token, multipartBody([await filePart(jpg, 'E.JPG'), await filePart(small, 'E.SRT')]))
    ).body.fileSets as Array<{ id: string; baseName: string }>;
    const set = sets.find((s) => s.baseName === 'E')!;
    const rest = await send(`${server.url}/api/filesets/${set.id}/files?kind=srt`, alice.token, multipartBody([await filePart(big, 'telemetry.srt', 'file')]));
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(`E.srt: ${REASON}`);
    const query = `mutation($fileSetId: ID!, $file: Upload!) { replaceFileSetFile(fileSetId: $fileSetId, kind: SRT, file: $file) { message } }`;
    const gql = await send(
      `${server.url}/graphql`,
      alice.token,
      graphqlMultipart(query, { fileSetId: set.id, file: null }, [{ path: 'variables.file', part: await filePart(big, 'other.SRT') }]),
      preflight,
    );
    expect(gql.body.errors[0].message).toBe(`E.SRT: ${REASON}`);
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const files = (await server.request('GET', `/api/projects/${projectId}/verify-filesets`, { token: alice.token })).body;
    const kept = JSON.stringify(files);
    expect(kept).toContain('E.SRT');
  });
});
