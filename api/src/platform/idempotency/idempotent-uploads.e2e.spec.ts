/**
 * Idempotency-Key on uploads (issue 8 item 6), REST and GraphQL: a script that retries an upload
 * after a timeout gets the first answer and the files are stored once; the same key with other
 * files is a 409; a concurrent retry never makes a second upload.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestFileSet } from '../../../test/support/media-fixtures.js';
import { filePart, graphqlMultipart, multipartBody, send, storageState, type Part } from '../../features/uploads/test-support/upload-test-helpers.js';
import { IDEMPOTENCY_MISMATCH } from './idempotency.service.js';

let server: TestServer & { close(): Promise<void> };
let setFiles: string[];
const CAMERA = 'dji-mavic-3-pro-series';
const UPLOAD =
  'mutation U($projectId: ID!, $files: [Upload!]!, $k: String) { uploadFiles(projectId: $projectId, files: $files, idempotencyKey: $k) { projectId accepted { id filename sha256 } fileSets { id } summary { fileSets complete } } }';

beforeAll(async () => {
  server = await startTestServer();
  setFiles = await makeTestFileSet(await fs.mkdtemp(path.join(os.tmpdir(), 'idem-upload-')), 'DJI_0001');
});
afterAll(() => server.close());

const newProject = async (token: string) =>
  (await server.request('POST', '/api/projects', { token, body: { name: 'Nightly', cameraType: CAMERA } })).body.project.id as string;
const parts = () => Promise.all(setFiles.map((f) => filePart(f)));
const restUpload = async (token: string, projectId: string, key: string, body: Part[]) =>
  send(`${server.url}/api/upload/${projectId}`, token, multipartBody(body), { 'idempotency-key': key });
const gqlUpload = async (token: string, projectId: string, key: string, body: Part[]) =>
  send(
    `${server.url}/graphql`,
    token,
    graphqlMultipart(
      UPLOAD,
      { projectId, files: body.map(() => null), k: key },
      body.map((part, i) => ({ path: `variables.files.${i}`, part })),
    ),
    { 'apollo-require-preflight': 'true' },
  );
const filesOf = async (token: string, projectId: string) => {
  const v = await server.request('GET', `/api/projects/${projectId}/verify-filesets`, { token });
  return v.body.project.fileSets.flatMap((s: { files: Array<{ id: string }> }) => s.files.map((f) => f.id)) as string[];
};
const storedCount = async () => (await storageState(server.dataDir)).stored.length;

describe('Idempotency-Key on REST POST /api/upload/{projectId}', () => {
  it('answers a retry with the first upload and stores the files once', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const key = randomUUID();
    const before = await storedCount();
    const first = await restUpload(u.token, projectId, key, await parts());
    expect(first.status).toBe(200);
    expect(first.body.accepted).toHaveLength(3);
    const retry = await restUpload(u.token, projectId, key, await parts());
    expect(retry.status).toBe(200);
    expect(retry.body.accepted.map((f: { id: string }) => f.id)).toEqual(first.body.accepted.map((f: { id: string }) => f.id));
    expect(retry.body.summary).toEqual(first.body.summary);
    expect((await filesOf(u.token, projectId)).sort()).toEqual(first.body.accepted.map((f: { id: string }) => f.id).sort());
    expect((await storedCount()) - before).toBe(3);
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
  });

  it('answers 409 for the same key with other files, and stores nothing more', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const key = randomUUID();
    await restUpload(u.token, projectId, key, await parts());
    const before = await storedCount();
    const other = await restUpload(u.token, projectId, key, [await filePart(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_air.SRT'), 'DJI_0002.SRT')]);
    expect([other.status, other.body.message, other.body.code]).toEqual([409, IDEMPOTENCY_MISMATCH, 'CONFLICT']);
    // The same names with other bytes are other files too.
    const changed = (await parts()).map((p) => (p.filename.endsWith('.SRT') ? { ...p, data: Buffer.concat([p.data, Buffer.from('\n')]) } : p));
    expect((await restUpload(u.token, projectId, key, changed)).status).toBe(409);
    expect(await filesOf(u.token, projectId)).toHaveLength(3);
    expect(await storedCount()).toBe(before);
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
  });

  it('makes one upload of concurrent requests with one key', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const key = randomUUID();
    const before = await storedCount();
    const body = await parts();
    const answers = await Promise.all(Array.from({ length: 4 }, () => restUpload(u.token, projectId, key, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = answers.map((a) => a.body.accepted.map((f: { id: string }) => f.id).join());
    expect(new Set(ids).size).toBe(1);
    expect(await filesOf(u.token, projectId)).toHaveLength(3);
    expect((await storedCount()) - before).toBe(3);
  });

  it('still refuses another user with 404 and a bad key with 400', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const projectId = await newProject(a.token);
    expect((await restUpload(b.token, projectId, randomUUID(), await parts())).status).toBe(404);
    const bad = await restUpload(a.token, projectId, 'x'.repeat(201), await parts());
    expect(bad.status).toBe(400);
    expect(await filesOf(a.token, projectId)).toHaveLength(0);
  });
});

describe('idempotencyKey on the GraphQL uploadFiles mutation', () => {
  it('answers a retry with the first upload, and CONFLICT for other files', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const key = randomUUID();
    const before = await storedCount();
    const first = await gqlUpload(u.token, projectId, key, await parts());
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.uploadFiles.accepted).toHaveLength(3);
    const retry = await gqlUpload(u.token, projectId, key, await parts());
    expect(retry.body.data.uploadFiles).toEqual(first.body.data.uploadFiles);
    const other = await gqlUpload(u.token, projectId, key, [await filePart(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_air.SRT'), 'DJI_0002.SRT')]);
    expect([other.body.errors?.[0]?.message, other.body.errors?.[0]?.extensions?.code]).toEqual([IDEMPOTENCY_MISMATCH, 'CONFLICT']);
    expect(await filesOf(u.token, projectId)).toHaveLength(3);
    expect((await storedCount()) - before).toBe(3);
  });

  it('shares keys with REST: an upload retried through the other API is the same request', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const key = randomUUID();
    const rest = await restUpload(u.token, projectId, key, await parts());
    const gql = await gqlUpload(u.token, projectId, key, await parts());
    expect(gql.body.data.uploadFiles.accepted.map((f: { id: string }) => f.id)).toEqual(rest.body.accepted.map((f: { id: string }) => f.id));
    expect(await filesOf(u.token, projectId)).toHaveLength(3);
  });
});
