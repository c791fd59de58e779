import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { JwtService } from '../auth/jwt.js';
import { createMigratedTestDatabase } from '../../../test/support/migrated-database.js';
import { openServiceDatabase } from '../../../test/support/service-tier.js';
import { startTestServer } from '../../../test/support/test-server.js';
import { UsersService } from './users.service.js';

/**
 * Issue 14, item 2: whoever registered ADMIN_USERNAME first became the administrator at the next
 * start, with their own password. Now an existing non-admin account is promoted only when its
 * e-mail is ADMIN_EMAIL (taking the configured password, its earlier sessions and tokens cut off),
 * anything else stops the start-up with one line, and sign-up refuses the configured name and e-mail.
 */
// One signing key across the restarts, so a token from before a restart is judged on its merits.
const JWT = { JWT_SECRET: 'admin-bootstrap-test-secret-0123456789abcdef' };
const ADMIN = { ...JWT, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'configured-pass-1', ADMIN_EMAIL: 'owner@example.com' };

let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
beforeEach(async () => {
  db = await createMigratedTestDatabase();
});
afterEach(() => db.drop());

/**
 * Before any ADMIN_* is configured, `boss` signs up on `db` with `email`: their login token and an
 * API token. Made with the services (no server boot): only the later start-ups are under test.
 */
async function squat(email: string) {
  const before = await openServiceDatabase({ databaseUrl: db.url, env: JWT });
  try {
    const user = await new UsersService(before.orm).create({ username: 'boss', email, password: 'squatter-pass' });
    expect([user.roleId, user.isAdmin]).toEqual([1, false]);
    const token = new JwtService(JWT.JWT_SECRET, before.config.jwtExpiresIn).sign(user);
    const api = await new ApiTokensService(before.orm).create(user, { name: 'mine', scopes: ['read', 'write'] });
    return { token, apiToken: api.secret };
  } finally {
    await before.close();
  }
}

it("refuses to start, in one line, when ADMIN_USERNAME is a stranger's account (never promotes it)", async () => {
  const stranger = await squat('stranger@example.com');
  // A server that does start (the old behaviour) is stopped at once, so the failure is the assertion, not a hang.
  const outcome = await startTestServer({ databaseUrl: db.url, env: ADMIN }).then(
    async (started) => {
      await started.close();
      return 'started';
    },
    (err: Error) => err.message,
  );
  expect(outcome).toMatch(
    /^ADMIN_USERNAME "boss" belongs to an existing account that is not an administrator and whose e-mail is not ADMIN_EMAIL: refusing to make it an administrator\. [^\n]+$/,
  );
  // The stranger is still a plain user, and cannot reach admin operations.
  const again = await startTestServer({ databaseUrl: db.url, env: JWT });
  try {
    expect((await again.request('GET', '/api/admin/users', { token: stranger.token })).status).toBe(403);
    expect((await again.request('GET', '/api/user/profile', { token: stranger.token })).body.user.roleId).toBe(1);
  } finally {
    await again.close();
  }
});

it('promotes an existing account whose e-mail is ADMIN_EMAIL: configured password, earlier sessions and tokens cut off', async () => {
  const before = await squat('Owner@Example.com');
  const server = await startTestServer({ databaseUrl: db.url, env: ADMIN });
  try {
    const login = await server.request('POST', '/auth/login', { body: { username: 'boss', password: ADMIN.ADMIN_PASSWORD } });
    expect([login.status, login.body.user.roleId]).toEqual([200, 2]);
    expect((await server.request('GET', '/api/admin/users', { token: login.body.token })).status).toBe(200);
    expect((await server.request('POST', '/auth/login', { body: { username: 'boss', password: 'squatter-pass' } })).status).toBe(401);
    const oldSession = await server.request('GET', '/api/admin/users', { token: before.token });
    expect([oldSession.status, oldSession.body.message]).toEqual([401, 'Session expired. Please log in again.']);
    const oldToken = await server.request('GET', '/api/user/profile', { token: before.apiToken });
    expect([oldToken.status, oldToken.body.message]).toEqual([401, 'API token has been revoked']);
  } finally {
    await server.close();
  }
});

it('reserves the configured name and e-mail at sign-up (REST and GraphQL)', async () => {
  const server = await startTestServer({ databaseUrl: db.url, env: { ...ADMIN, ADMIN_USERNAME: 'chief' } });
  try {
    const byName = await server.request('POST', '/auth/register', { body: { username: 'CHIEF', email: 'x@example.com', password: 'secret123' } });
    expect([byName.status, byName.body.message]).toEqual([409, 'This username is reserved; please choose another']);
    const gql = await server.graphql('mutation { register(input: { username: "Chief", email: "y@example.com", password: "secret123" }) { token } }');
    expect(gql.errors?.[0]).toMatchObject({ message: 'This username is reserved; please choose another', extensions: { code: 'CONFLICT' } });
    const byEmail = await server.request('POST', '/auth/register', { body: { username: 'someone', email: 'OWNER@example.com', password: 'secret123' } });
    expect([byEmail.status, byEmail.body.message]).toEqual([409, 'Email is already registered']);
  } finally {
    await server.close();
  }
});
