import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import pg from 'pg';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { filePart, graphqlMultipart, multipartBody, send, storageState, type Part } from './test-support/upload-test-helpers.js';

const MAX_BYTES = 1_000_000;
const MAX_FILES = 6;

let server: TestServer & { close(): Promise<void> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let db: pg.Client;
let mp4: string;
let mov: string;
let jpg: string;
let bigMp4: string;
const srt = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT');

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_UPLOAD_BYTES: String(MAX_BYTES), MAX_UPLOAD_FILES: String(MAX_FILES) } });
  [alice, bob] = [await signUp(server), await signUp(server)];
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  [mp4, mov, jpg, bigMp4] = await Promise.all([
    makeTestVideo(),
    makeTestVideo({ container: 'mov' }),
    makeTestJpg(),
    makeTestVideo({ seconds: 4, width: 1280, height: 720 }),
  ]);
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const UPLOAD = `mutation Upload($projectId: ID!, $files: [Upload!]!) {
  uploadFiles(projectId: $projectId, files: $files) {
    message projectId
    accepted { id filename fileTypeInfo sizeBytes sha256 fileSetId baseName replaced resourceUri }
    refused { filename reason }
    fileSets { id baseName status missing files { filename fileTypeInfo resourceUri } }
    summary { fileSets complete incomplete }
  }
}`;
const REPLACE = `mutation Replace($fileSetId: ID!, $kind: FileKind, $file: Upload!) {
  replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) { message replaced file { filename sha256 } fileSet { id status missing } }
}`;
const preflight = { 'apollo-require-preflight': 'true' };
const sha = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
const newProject = async (token = alice.token) =>
  (await server.graphql('mutation { createProject(input: { name: "GQL", cameraType: "dji-mavic-mini-3-pro" }) { id } }', {}, token)).data.createProject
    .id as string;
const gqlUpload = (projectId: string, parts: Part[], token = alice.token, headers = preflight) =>
  send(
    `${server.url}/graphql`,
    token,
    graphqlMultipart(
      UPLOAD,
      { projectId, files: parts.map(() => null) },
      parts.map((part, i) => ({ path: `variables.files.${i}`, part })),
    ),
    headers,
  );

describe('GraphQL uploads (multipart request spec)', () => {
  let projectId: string;

  it('uploadFiles groups files into sets (mixed-case extensions) and refuses by name what fits no set', async () => {
    projectId = await newProject();
    const r = await gqlUpload(projectId, [
      await filePart(mp4, 'DJI_0101.MP4'),
      await filePart(jpg, 'DJI_0101.jpg'),
      await filePart(srt, 'DJI_0101.Srt'),
      await filePart(mov, 'DJI_0102.MOV'),
      await filePart(jpg, 'DJI_0102.JPG'),
      { filename: 'clip.avi', data: Buffer.from('RIFF....AVI ') },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const u = r.body.data.uploadFiles;
    expect(u.accepted).toHaveLength(5);
    expect(u.accepted[0]).toMatchObject({ filename: 'DJI_0101.MP4', fileTypeInfo: 'mp4', sha256: await sha(mp4), baseName: 'DJI_0101', replaced: null });
    expect(u.refused).toEqual([{ filename: 'clip.avi', reason: expect.stringContaining('.avi files fit no file set') }]);
    expect(u.fileSets.map((s: { baseName: string; status: string; missing: string[] }) => [s.baseName, s.status, s.missing])).toEqual([
      ['DJI_0101', 'complete', []],
      ['DJI_0102', 'incomplete', ['srt']],
    ]);
    expect(u.summary).toEqual({ fileSets: 2, complete: 1, incomplete: 1 });
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
  });

  it('verifyFileSets, replaceFileSetFile, generateProjectJson and costEstimate', async () => {
    const v = await server.graphql(
      `query($id: ID!) { verifyFileSets(projectId: $id) { projectId allComplete fileSets { id baseName status missing files { filename } } } }`,
      { id: projectId },
      alice.token,
    );
    expect(v.data.verifyFileSets.allComplete).toBe(false);
    const incomplete = v.data.verifyFileSets.fileSets.find((s: { status: string }) => s.status === 'incomplete');
    expect(incomplete).toMatchObject({ baseName: 'DJI_0102', missing: ['srt'] });

    const early = await server.graphql(`mutation($id: ID!) { generateProjectJson(projectId: $id) { fileSetCount } }`, { id: projectId }, alice.token);
    expect(early.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    const replace = (fileSetId: string, kind: string | null, part: Part, token = alice.token) =>
      send(`${server.url}/graphql`, token, graphqlMultipart(REPLACE, { fileSetId, kind, file: null }, [{ path: 'variables.file', part }]), preflight);
    const wrong = await replace(incomplete.id, 'SRT', await filePart(jpg, 'x.jpg'));
    expect(wrong.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const other = await replace(incomplete.id, 'SRT', await filePart(srt, 'x.srt'), bob.token);
    expect(other.body.errors[0]).toMatchObject({ message: 'File set not found', extensions: { code: 'NOT_FOUND' } });
    const ok = await replace(incomplete.id, 'SRT', await filePart(srt, 'anything.SRT'));
    expect(ok.body.data.replaceFileSetFile).toMatchObject({
      replaced: null,
      file: { filename: 'DJI_0102.SRT', sha256: await sha(srt) },
      fileSet: { status: 'complete', missing: [] },
    });

    const gen = await server.graphql(
      `mutation($id: ID!) { generateProjectJson(projectId: $id) { message fileSetCount fileCount totalBytes manifest } }`,
      { id: projectId },
      alice.token,
    );
    expect(gen.errors).toBeUndefined();
    const g = gen.data.generateProjectJson;
    expect([g.fileSetCount, g.fileCount]).toEqual([2, 6]);
    expect(g.manifest.cameraType).toBe('dji-mavic-mini-3-pro');
    const hashes = g.manifest.fileSets.flatMap((s: { files: Array<{ sha256: string }> }) => s.files.map((f) => f.sha256));
    expect(hashes).toEqual([await sha(mp4), await sha(jpg), await sha(srt), await sha(mov), await sha(jpg), await sha(srt)]);

    const cost = await server.graphql(
      `query($id: ID!) { costEstimate(projectId: $id) { costPerFileset fileSetCount totalCost currentBalance sufficient } }`,
      { id: projectId },
      alice.token,
    );
    expect(cost.data.costEstimate).toEqual({ costPerFileset: '0.03', fileSetCount: 2, totalCost: '0.06', currentBalance: '100.00', sufficient: true });
    const otherCost = await server.graphql(`query($id: ID!) { costEstimate(projectId: $id) { totalCost } }`, { id: projectId }, bob.token);
    expect(otherCost.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a name with a path, a control character or no extension exactly as REST does, by the name as sent', async () => {
    const bad: Part[] = [
      { ...(await filePart(jpg)), filename: '../../etc/passwd' },
      { ...(await filePart(jpg)), filename: '../../etc/passwd.jpg' },
      // Encoded: in a quoted filename= a backslash only escapes the next character.
      { ...(await filePart(jpg)), filename: 'C:\\DCIM\\DJI_0201.JPG', encodedName: true },
      { ...(await filePart(jpg)), filename: 'DJI\u00000201.JPG', encodedName: true },
      { ...(await filePart(jpg)), filename: 'DJI_0201' },
      { ...(await filePart(jpg)), filename: '.jpg' },
    ];
    const before = await storageState(server.dataDir);
    const restRefusals: Array<{ filename: string; reason: string }> = [];
    for (const part of bad) {
      const rest = await send(`${server.url}/api/upload/${projectId}`, alice.token, multipartBody([part]));
      expect(rest.status).toBe(400);
      expect(rest.body.refused).toHaveLength(1);
      restRefusals.push(rest.body.refused[0]);
      // Alone, the file is the whole upload: the same 400 message and refusal, as a GraphQL error.
      const gql = await gqlUpload(projectId, [part]);
      expect(gql.body.data).toBeNull();
      expect(gql.body.errors[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', refused: rest.body.refused } });
    }
    expect(restRefusals.map((r) => r.reason)).toEqual([
      'The file name must not contain a path',
      'The file name must not contain a path',
      'The file name must not contain a path',
      'The file name contains control characters',
      expect.stringContaining('The file has no extension'),
      expect.stringContaining('The file has no extension'),
    ]);
    expect(restRefusals.map((r) => r.filename)).toEqual([
      '../../etc/passwd',
      '../../etc/passwd.jpg',
      'C:\\DCIM\\DJI_0201.JPG',
      'DJI\uFFFD0201.JPG',
      'DJI_0201',
      '.jpg',
    ]);

    // Beside a good file (MAX_FILES in all): the rest uploads, and the refusals are REST's, in the order sent.
    const mixed = await gqlUpload(projectId, [...bad.slice(0, MAX_FILES - 1), await filePart(jpg, 'DJI_0201.JPG')]);
    expect(mixed.body.errors).toBeUndefined();
    expect(mixed.body.data.uploadFiles.accepted.map((f: { filename: string }) => f.filename)).toEqual(['DJI_0201.JPG']);
    expect(mixed.body.data.uploadFiles.refused).toEqual(restRefusals.slice(0, MAX_FILES - 1));
    const after = await storageState(server.dataDir);
    expect(after.stored.length).toBe(before.stored.length + 1);
    expect(after.incoming).toEqual([]);
    expect((await db.query("select filename from media_files where filename like '%passwd%' or filename like '%0201%'")).rows).toEqual([
      { filename: 'DJI_0201.JPG' },
    ]);
  });

  it('refuses a multipart request without Apollo-Require-Preflight (CSRF prevention)', async () => {
    const r = await gqlUpload(projectId, [await filePart(jpg, 'CSRF.JPG')], alice.token, {} as typeof preflight);
    expect(r.status).toBe(400);
    expect((await db.query("select 1 from media_files where filename = 'CSRF.JPG'")).rowCount).toBe(0);
  });

  it("another user's project, too large and too many files: errors with codes, nothing kept", async () => {
    const before = (await storageState(server.dataDir)).stored;
    const other = await gqlUpload(projectId, [await filePart(jpg, 'B.JPG')], bob.token);
    expect(other.body.errors[0]).toMatchObject({ message: 'Project not found', extensions: { code: 'NOT_FOUND' } });
    const big = await gqlUpload(projectId, [await filePart(jpg, 'C.JPG'), await filePart(bigMp4, 'C.MP4')]);
    expect(big.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(big.body.errors[0].message).toMatch(/C\.MP4 is larger than/);
    const many = await gqlUpload(projectId, await Promise.all(Array.from({ length: MAX_FILES + 1 }, (_, i) => filePart(srt, `M${i}.SRT`))));
    expect(many.status).toBe(413);
    const none = await gqlUpload(projectId, []);
    expect(none.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const anon = await gqlUpload(projectId, [await filePart(jpg, 'D.JPG')], '');
    expect(anon.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const after = await storageState(server.dataDir);
    expect(after.stored).toEqual(before);
    expect(after.incoming).toEqual([]);
    expect((await db.query("select 1 from media_files where filename in ('B.JPG', 'C.JPG', 'C.MP4', 'D.JPG') or filename like 'M%'")).rowCount).toBe(0);
  });

  it('a malformed multipart request (operations, map, a missing file) is a 4xx, never a 500', async () => {
    const before = await storageState(server.dataDir);
    const post = (parts: Parameters<typeof multipartBody>[0]) => send(`${server.url}/graphql`, alice.token, multipartBody(parts), preflight);
    const ops = JSON.stringify({ query: UPLOAD, variables: { projectId, files: [null] } });
    const file = { ...(await filePart(jpg)), field: '0', filename: 'M.JPG' };
    const cases: Array<[Parameters<typeof multipartBody>[0], number, RegExp]> = [
      [
        [
          { field: 'operations', value: '{not json' },
          { field: 'map', value: '{}' },
        ],
        400,
        /Invalid JSON in the 'operations'/,
      ],
      [[{ field: 'map', value: '{"0":["variables.files.0"]}' }, { field: 'operations', value: ops }, file], 400, /'map' must follow 'operations'/],
      [[{ field: 'operations', value: ops }, { field: 'map', value: '{"0":["variables.nothing.0"]}' }, file], 400, /not in the operation/],
      [[{ field: 'operations', value: ops }, { field: 'map', value: '{"0":["__proto__.x"]}' }, file], 400, /invalid path/],
      [[{ field: 'operations', value: ops }, file], 400, /files must follow 'map'/],
      [[{ field: 'operations', value: ops }], 400, /Missing multipart field 'map'/],
    ];
    for (const [parts, status, message] of cases) {
      const r = await post(parts);
      expect([r.status, r.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    // A mapped file that never comes: the operation gets a BAD_USER_INPUT error.
    const missing = await post([
      { field: 'operations', value: ops },
      { field: 'map', value: '{"0":["variables.files.0"]}' },
    ]);
    expect(missing.body.errors[0]).toMatchObject({ message: 'File missing in the request', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await storageState(server.dataDir)).toEqual(before);
  });

  it('a client that disconnects mid-stream leaves nothing; the server keeps serving', async () => {
    const before = await storageState(server.dataDir);
    const parts = [await filePart(jpg, 'X.JPG'), await filePart(mp4, 'X.MP4')];
    const { body, contentType } = graphqlMultipart(
      UPLOAD,
      { projectId, files: [null, null] },
      parts.map((part, i) => ({ path: `variables.files.${i}`, part })),
    );
    await new Promise<void>((resolve) => {
      const req = http.request(new URL('/graphql', server.url), {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(body.length), authorization: `Bearer ${alice.token}`, ...preflight },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, Math.floor(body.length * 0.6)), () => setTimeout(() => req.destroy(), 300));
    });
    const ok = await gqlUpload(projectId, [await filePart(jpg, 'Y.JPG')]);
    expect(ok.body.data.uploadFiles.accepted).toHaveLength(1);
    for (let i = 0; i < 300 && (await storageState(server.dataDir)).incoming.length; i++) await new Promise((r) => setTimeout(r, 100));
    const after = await storageState(server.dataDir);
    expect(after.incoming).toEqual([]);
    expect(after.stored.length).toBe(before.stored.length + 1);
    expect((await db.query("select 1 from media_files where filename like 'X.%'")).rowCount).toBe(0);
  });
});
