import { startTestServer, type StartedTestServer } from '../support/test-server.js';
import { makeMatrixFixture } from './test-support/authorization-fixtures.js';
import type { MatrixFixture } from './test-support/authorization-rules.js';

/**
 * Issue 14, item 1: an API token's scope was decided from the raw path with case-sensitive
 * tests while Express routes case-insensitively, so `/PROCESS` and `/API/ADMIN/...` slipped past
 * the process and admin scopes. The route now declares its scope; the spelling cannot change it.
 * (The authorization matrix calls every route in three spellings; these are the review's cases.)
 */
let server: StartedTestServer;
let fx: MatrixFixture;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_USERNAME: 'scopeadmin', ADMIN_PASSWORD: 'scope-admin-1' } });
  fx = await makeMatrixFixture(server, { username: 'scopeadmin', password: 'scope-admin-1' });
});
afterAll(() => server.close());

const call = (method: string, path: string, token: string, body?: unknown) => server.request(method, path, { token, body });
const balanceOf = async (token: string) => (await server.request('GET', '/api/user/credits/balance', { token })).body.creditBalance as number;

describe("a write-only token cannot start paid processing, whatever the path's case", () => {
  it.each(['process', 'PROCESS', 'Process', 'pRoCeSs'])('POST /api/projects/{id}/%s with a write token: 403 and no charge', async (spelling) => {
    const id = await fx.completeProject();
    const before = await balanceOf(fx.users.owner.token);
    const r = await call('POST', `/api/projects/${id}/${spelling}`, fx.tokens.ownerWriteToken);
    expect([r.status, r.body.message]).toEqual([403, "This API token does not have the 'process' scope needed for this request"]);
    expect(await balanceOf(fx.users.owner.token)).toBe(before);
  });

  it('a token with the process scope starts it under any spelling (the control case)', async () => {
    const id = await fx.completeProject();
    expect((await call('POST', `/API/PROJECTS/${id}/PROCESS`, fx.tokens.ownerProcessToken)).status).toBe(202);
  });
});

describe("an administrator's token without the admin scope cannot act as administrator, whatever the path's case", () => {
  const token = () => fx.tokens.adminTokenWithoutAdmin;

  it.each([
    '/api/admin/users',
    '/API/ADMIN/users',
    '/Api/Admin/Users',
    '/api/ADMIN/purchase-requests',
    '/API/admin/ledger/events?format=csv',
    '/aPi/aDmIn/queue',
  ])('GET %s: 403 naming the admin scope', async (path) => {
    const r = await call('GET', path, token());
    expect([r.status, r.body?.message]).toEqual([403, "This API token does not have the 'admin' scope needed for this request"]);
  });

  it('cannot adjust credits or change the markup through an upper-case path', async () => {
    const before = await balanceOf(fx.users.owner.token);
    expect((await call('POST', `/API/ADMIN/USERS/${fx.users.owner.id}/CREDITS`, token(), { amount: 1000, description: 'upper' })).status).toBe(403);
    expect((await call('PUT', '/API/ADMIN/SETTINGS/CREDIT_MARKUP_PERCENTAGE', token(), { value: 0 })).status).toBe(403);
    expect(await balanceOf(fx.users.owner.token)).toBe(before);
    const settings = await call('GET', '/api/admin/settings', fx.users.admin.token);
    expect(settings.body.settings.find((s: { key: string }) => s.key === 'CREDIT_MARKUP_PERCENTAGE').value).toBe('50');
  });

  it('the admin-scoped token passes under any spelling (the control case)', async () => {
    expect((await call('GET', '/API/ADMIN/USERS', fx.tokens.adminTokenAdminOnly)).status).toBe(200);
    expect((await call('GET', '/api/admin/users', fx.tokens.adminTokenAdminOnly)).status).toBe(200);
  });
});
