import { randomUUID } from 'node:crypto';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { IDEMPOTENCY_MISMATCH } from './idempotency.service.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CAMERA = 'dji-mavic-3-pro-series';
const CREATE = 'mutation($i: CreateProjectInput!, $k: String){ createProject(input:$i, idempotencyKey:$k){ id name } }';
const post = (token: string, key: string, body: unknown) => server.request('POST', '/api/projects', { token, body, headers: { 'idempotency-key': key } });
const projectCount = async (token: string) => (await server.request('GET', '/api/projects', { token })).body.length as number;

describe('Idempotency-Key on REST POST /api/projects', () => {
  it('creates once and answers the same project to a retry', async () => {
    const u = await signUp(server);
    const key = randomUUID();
    const a = await post(u.token, key, { name: 'Nightly', cameraType: CAMERA });
    const b = await post(u.token, key, { name: 'Nightly', cameraType: CAMERA });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.project.id).toBe(a.body.project.id);
    expect(await projectCount(u.token)).toBe(1);
  });

  it('answers 409 for the same key with a different payload, and writes nothing', async () => {
    const u = await signUp(server);
    const key = randomUUID();
    await post(u.token, key, { name: 'One', cameraType: CAMERA });
    const clash = await post(u.token, key, { name: 'Two', cameraType: CAMERA });
    expect([clash.status, clash.body.message, clash.body.code]).toEqual([409, IDEMPOTENCY_MISMATCH, 'CONFLICT']);
    expect(await projectCount(u.token)).toBe(1);
  });

  it('has one effect for the same key sent concurrently', async () => {
    const u = await signUp(server);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(u.token, key, { name: 'Race', cameraType: CAMERA })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((r) => r.body.project.id)).size).toBe(1);
    expect(await projectCount(u.token)).toBe(1);
  });

  it('keys belong to one user; bad input claims no key; a bad key is a 400', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const key = randomUUID();
    const pa = await post(a.token, key, { name: 'A', cameraType: CAMERA });
    const pb = await post(b.token, key, { name: 'B', cameraType: CAMERA });
    expect(pb.body.project.id).not.toBe(pa.body.project.id);

    const k2 = randomUUID();
    const bad = await post(a.token, k2, { name: '', cameraType: CAMERA });
    expect(bad.status).toBe(400);
    const good = await post(a.token, k2, { name: 'Fixed', cameraType: CAMERA });
    expect(good.status).toBe(201);

    const long = await post(a.token, 'k'.repeat(201), { name: 'x', cameraType: CAMERA });
    expect([long.status, long.body.message]).toEqual([400, 'Idempotency-Key must be 1 to 200 visible ASCII characters']);
  });

  it('lets an expired key be used again', async () => {
    const u = await signUp(server);
    const key = randomUUID();
    const first = await post(u.token, key, { name: 'Old', cameraType: CAMERA });
    await server.services.pool.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.id]);
    const later = await post(u.token, key, { name: 'New', cameraType: CAMERA });
    expect(later.status).toBe(201);
    expect(later.body.project.id).not.toBe(first.body.project.id);
  });
});

describe('idempotencyKey on GraphQL createProject', () => {
  it('creates once, concurrently too, refuses a changed input with CONFLICT, and shares keys with REST', async () => {
    const u = await signUp(server);
    const key = randomUUID();
    const runs = await Promise.all(Array.from({ length: 5 }, () => server.graphql(CREATE, { i: { name: 'GQL', cameraType: CAMERA }, k: key }, u.token)));
    expect(new Set(runs.map((r) => r.data.createProject.id)).size).toBe(1);
    const changed = await server.graphql(CREATE, { i: { name: 'Other', cameraType: CAMERA }, k: key }, u.token);
    expect(changed.errors?.[0]).toMatchObject({ message: IDEMPOTENCY_MISMATCH, extensions: { code: 'CONFLICT' } });
    const viaRest = await post(u.token, key, { name: ' GQL ', cameraType: CAMERA, description: '' });
    expect(viaRest.body.project.id).toBe(runs[0]!.data.createProject.id);
    expect(await projectCount(u.token)).toBe(1);
    const noKey = await server.graphql(CREATE, { i: { name: 'GQL', cameraType: CAMERA } }, u.token);
    expect(noKey.data.createProject.id).not.toBe(runs[0]!.data.createProject.id);
  });
});

describe('purchase requests', () => {
  it('creates one request per key on REST and GraphQL; a different package is a 409', async () => {
    const u = await signUp(server);
    const pkgs = (await server.request('GET', '/api/purchase/packages')).body.packages;
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    const [a, b] = await Promise.all([
      server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id }, headers }),
      server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id }, headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.request.id).toBe(a.body.request.id);
    const gql = await server.graphql(
      'mutation($p: ID!, $k: String){ createPurchaseRequest(packageId:$p, idempotencyKey:$k){ id } }',
      { p: pkgs[0].id, k: key },
      u.token,
    );
    expect(gql.data.createPurchaseRequest.id).toBe(a.body.request.id);
    const other = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[1].id }, headers });
    expect([other.status, other.body.message]).toEqual([409, IDEMPOTENCY_MISMATCH]);
    const mine = await server.request('GET', '/api/purchase/requests', { token: u.token });
    expect(mine.body.total).toBe(1);
  });
});
