/**
 * Per-account quotas (issue 14 #8): projects, pending purchase requests and stored bytes, each
 * refused with a clear message on REST and GraphQL alike, atomic under concurrent requests
 * (quotas.int.spec.ts, at the service tier), and configured through the environment (MAX_PROJECTS_PER_ACCOUNT, MAX_PENDING_PURCHASE_REQUESTS,
 * MAX_STORAGE_BYTES_PER_ACCOUNT).
 */
import fs from 'node:fs/promises';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { fixtureSrtPath } from '../../../test/support/media-fixtures.js';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { filePart, graphqlMultipart, multipartBody, send, storageState, type Part } from '../uploads/test-support/upload-test-helpers.js';

const SRT = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT');
const MAX_PROJECTS = 3;
const MAX_PENDING = 2;
let srtBytes: number;
let maxStorage: number;
let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  srtBytes = (await fs.stat(SRT)).size;
  // Room for two of the fixture .SRT files and half of a third.
  maxStorage = Math.floor(srtBytes * 2.5);
  ({ server, adminToken } = await startTestServerWithAdmin(
    { username: 'quotaadmin', password: 'quota-secret' },
    {
      env: {
        MAX_PROJECTS_PER_ACCOUNT: String(MAX_PROJECTS),
        MAX_PENDING_PURCHASE_REQUESTS: String(MAX_PENDING),
        MAX_STORAGE_BYTES_PER_ACCOUNT: String(maxStorage),
      },
    },
  ));
});
afterAll(() => server.close());

const createRest = (token: string, name = 'Quota') => server.request('POST', '/api/projects', { token, body: { name, cameraType: 'dji-mavic-3-pro-series' } });
const createGql = (token: string) =>
  server.graphql('mutation { createProject(input: { name: "Quota", cameraType: "dji-mavic-3-pro-series" }) { id } }', {}, token);
const PROJECT_LIMIT = /You have reached the limit of 3 projects per account \(projects in the trash count too\)/;

describe('projects per account', () => {
  it('refuses the project over the limit on REST (409) and GraphQL (CONFLICT) alike; the trash counts, a deletion frees room', async () => {
    const u = await signUp(server);
    const ids: string[] = [];
    for (let i = 0; i < MAX_PROJECTS; i++) {
      const r = await createRest(u.token);
      expect(r.status).toBe(201);
      ids.push(r.body.project.id);
    }
    const rest = await createRest(u.token);
    expect(rest.status).toBe(409);
    expect(rest.body.message).toMatch(PROJECT_LIMIT);
    expect(rest.body).toMatchObject({ quota: 'projects', limit: MAX_PROJECTS });
    const gql = await createGql(u.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(gql.errors?.[0]?.message).toMatch(PROJECT_LIMIT);

    expect((await server.request('DELETE', `/api/projects/${ids[0]}`, { token: u.token })).status).toBe(200);
    expect((await createRest(u.token)).status).toBe(409);
    expect((await server.request('DELETE', `/api/projects/${ids[0]}/permanent`, { token: u.token })).status).toBe(200);
    expect((await createRest(u.token)).status).toBe(201);
    // Another account has its own quota.
    expect((await createRest((await signUp(server)).token)).status).toBe(201);
  });
  // Concurrent creates: quotas.int.spec.ts (the service tier).
});

describe('pending purchase requests per account', () => {
  const PENDING_LIMIT = /You already have 2 pending purchase requests \(the limit is 2\)/;

  it('refuses the request over the limit on REST and GraphQL; a decided request frees room', async () => {
    const u = await signUp(server);
    const pkg = (await server.request('GET', '/api/purchase/packages')).body.packages[0].id;
    const ask = () => server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkg } });
    const first = await ask();
    expect(first.status).toBe(201);
    expect((await ask()).status).toBe(201);
    const rest = await ask();
    expect(rest.status).toBe(409);
    expect(rest.body.message).toMatch(PENDING_LIMIT);
    const gql = await server.graphql('mutation($p: ID!) { createPurchaseRequest(packageId: $p) { id } }', { p: pkg }, u.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(gql.errors?.[0]?.message).toMatch(PENDING_LIMIT);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ quota: 'pendingPurchaseRequests', limit: MAX_PENDING });

    const rejected = await server.request('POST', `/api/admin/purchase-requests/${first.body.request.id}/reject`, {
      token: adminToken,
      body: { adminNotes: 'test' },
    });
    expect(rejected.status).toBe(200);
    expect((await ask()).status).toBe(201);
    expect((await ask()).status).toBe(409);
  });
  // Concurrent requests: quotas.int.spec.ts (the service tier).
});

describe('stored bytes per account', () => {
  const UPLOAD = `mutation($projectId: ID!, $files: [Upload!]!) { uploadFiles(projectId: $projectId, files: $files) { accepted { filename } } }`;
  const srtPart = (name: string): Promise<Part> => filePart(SRT, name);
  const restUpload = async (token: string, projectId: string, names: string[]) =>
    send(`${server.url}/api/upload/${projectId}`, token, multipartBody(await Promise.all(names.map(srtPart))));
  const gqlUpload = async (token: string, projectId: string, name: string) =>
    send(`${server.url}/graphql`, token, graphqlMultipart(UPLOAD, { projectId, files: [null] }, [{ path: 'variables.files.0', part: await srtPart(name) }]), {
      'apollo-require-preflight': 'true',
    });

  it('refuses the upload that would pass the limit (413 on REST, PAYLOAD_TOO_LARGE on GraphQL) and keeps no bytes of it', async () => {
    const u = await signUp(server);
    const projectId = (await createRest(u.token)).body.project.id;
    expect((await restUpload(u.token, projectId, ['A.SRT', 'B.SRT'])).status).toBe(200);
    const before = await storageState(server.dataDir);

    const rest = await restUpload(u.token, projectId, ['C.SRT']);
    expect(rest.status).toBe(413);
    expect(rest.body.message).toMatch(/^This upload needs .+ but your account has .+ of its .+ storage left\. Delete projects you no longer need/);
    const gql = await gqlUpload(u.token, projectId, 'C.SRT');
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(gql.body.errors?.[0]?.message).toMatch(/storage left/);
    expect(await storageState(server.dataDir)).toEqual(before);

    // Replacing a file by one of the same size adds nothing, so it is still accepted.
    expect((await restUpload(u.token, projectId, ['A.SRT'])).status).toBe(200);
  });

  it('refuses at once, before streaming, when the account is already full', async () => {
    const u = await signUp(server);
    const projectId = (await createRest(u.token)).body.project.id;
    const up = await restUpload(u.token, projectId, ['D.SRT']);
    expect(up.status).toBe(200);
    // The account fills up (written directly: the quota counts what is stored, however it came).
    await server.services.orm.em.fork().nativeUpdate(MediaFile, { filename: 'D.SRT', fileSet: { project: projectId } }, { sizeBytes: maxStorage });
    const r = await restUpload(u.token, projectId, ['E.SRT']);
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/^Your account has 0 bytes of its .+ storage left/);
  });
});
