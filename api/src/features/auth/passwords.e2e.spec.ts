import { openSignedInSocket } from '../../../test/support/signed-in-socket.js';
import { logIn, signUp, startTestServer, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { RESET_LINK_MESSAGES } from './password-resets.js';
import { FORGOT_PASSWORD_ANSWER, SESSION_ENDED, WRONG_CURRENT_PASSWORD } from './auth.service.js';

/**
 * Issue 16 item 9: changing the password (REST and GraphQL) ends the user's other login sessions;
 * an administrator's one-time reset link works once, until it expires.
 */
const ADMIN = { username: 'pw-admin', password: 'pw-admin-pass' };
let server: StartedTestServer;
let adminToken: string;
beforeAll(async () => {
  // The smallest pool the configuration allows: a request that takes a second connection while
  // holding one shows as a deadlock here (see the concurrent link uses below).
  ({ server, adminToken } = await startTestServerWithAdmin(ADMIN, { env: { DATABASE_POOL_MAX: '4' } }));
});
afterAll(() => server.close());

const profile = (token: string) => server.request('GET', '/api/user/profile', { token });
const changeRest = (token: string | null, body: unknown, path = '/api/user/password') => server.request('POST', path, { token, body });
const CHANGE = `mutation C($input: ChangePasswordInput!) { changePassword(input: $input) { token user { username } } }`;
const ISSUE = `mutation I($userId: ID!) { issuePasswordResetLink(userId: $userId) { url expiresAt user { id username } } }`;
const RESET = `mutation R($input: ResetPasswordInput!) { resetPassword(input: $input) { token user { username } } }`;
const secretOf = (url: string) => decodeURIComponent(url.split('#token=')[1]!);

describe('change password (REST)', () => {
  it('changes it, keeps the caller signed in on the new token and ends every other session', async () => {
    const user = await signUp(server);
    const otherSession = await logIn(server, user);
    const r = await changeRest(user.token, { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/other sessions have been signed out/);
    expect((await profile(r.body.token)).status).toBe(200);
    for (const old of [user.token, otherSession]) {
      const refused = await profile(old);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(SESSION_ENDED);
    }
    const gql = await server.graphql('{ me { username } }', {}, otherSession);
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(gql.errors?.[0]?.message).toBe(SESSION_ENDED);
    // The old password no longer signs in; the new one does.
    expect((await server.request('POST', '/auth/login', { body: { username: user.username, password: user.password } })).status).toBe(401);
    await logIn(server, { username: user.username, password: 'brand-new-1' });
  });

  it.each([
    [{ currentPassword: 'wrong-one', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' }, 401, WRONG_CURRENT_PASSWORD],
    [{ currentPassword: 'secret123', newPassword: '12345', confirmPassword: '12345' }, 400, 'Password must be at least 6 characters long'],
    [{ currentPassword: 'secret123', newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' }, 400, 'Passwords do not match'],
    [{ newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' }, 400, 'Current password is required'],
    [{ currentPassword: 'secret123', confirmPassword: 'x' }, 400, 'Password is required'],
  ])('refuses %j with %i and a message, changing nothing', async (body, status, message) => {
    const user = await signUp(server);
    const r = await changeRest(user.token, body);
    expect(r.status).toBe(status);
    expect(r.body.message).toBe(message);
    // A refusal ends no session: the token still works and the password is unchanged.
    expect((await profile(user.token)).status).toBe(200);
    await logIn(server, user);
  });

  it('is for signed-in users (401), never with an API token (403), and the path is matched in any case', async () => {
    expect((await changeRest(null, { currentPassword: 'x', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' })).status).toBe(401);
    const user = await signUp(server);
    const apiToken = await server.request('POST', '/api/user/tokens', { token: user.token, body: { name: 'script', scopes: ['read', 'write'] } });
    const withToken = await changeRest(apiToken.body.secret, { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(withToken.status).toBe(403);
    expect(withToken.body.message).toMatch(/API tokens cannot .*change the password/);
    // Express matches routes case-insensitively: the upper-case path is the same route, with the same rules.
    expect((await changeRest(null, { currentPassword: 'x' }, '/API/USER/PASSWORD')).status).toBe(401);
    const upper = await changeRest(
      user.token,
      { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
      '/API/USER/PASSWORD',
    );
    expect(upper.status).toBe(200);
    expect((await profile(user.token)).status).toBe(401);
  });
});

describe('open websockets of ended sessions', () => {
  it('closes a subscription socket opened with a login token when the password changes (code 4401)', async () => {
    const user = await signUp(server);
    const { client, closed } = await openSignedInSocket(server.url, user.token, user.username);
    const r = await changeRest(user.token, { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' });
    expect(r.status).toBe(200);
    const event = await closed;
    expect([event.code, event.reason]).toEqual([4401, 'Session ended: the password was changed']);
    await client.dispose();
  });
});

describe('change password (GraphQL)', () => {
  it('answers a new token; the old one is refused; a wrong current password is UNAUTHENTICATED with a message', async () => {
    const user = await signUp(server);
    const wrong = await server.graphql(CHANGE, { input: { currentPassword: 'nope', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' } }, user.token);
    expect(wrong.errors?.[0]).toMatchObject({ message: WRONG_CURRENT_PASSWORD, extensions: { code: 'UNAUTHENTICATED', reason: 'WRONG_PASSWORD' } });
    const mismatch = await server.graphql(
      CHANGE,
      { input: { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'other-one' } },
      user.token,
    );
    expect(mismatch.errors?.[0]).toMatchObject({ message: 'Passwords do not match', extensions: { code: 'BAD_USER_INPUT' } });
    const anonymous = await server.graphql(CHANGE, { input: { currentPassword: 'x', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const ok = await server.graphql(
      CHANGE,
      { input: { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' } },
      user.token,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data.changePassword.user.username).toBe(user.username);
    expect((await server.graphql('{ me { username } }', {}, ok.data.changePassword.token)).data.me.username).toBe(user.username);
    expect((await profile(user.token)).status).toBe(401);
  });
});

describe('password-reset links', () => {
  it('an administrator issues one (REST); the user resets with it once and is signed in; reuse is refused', async () => {
    const user = await signUp(server);
    const session = await logIn(server, user);
    const issued = await server.request('POST', `/api/admin/users/${user.id}/password-reset`, { token: adminToken });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ userId: user.id, username: user.username });
    expect(issued.body.url).toMatch(/^\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(issued.body.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const token = secretOf(issued.body.url);
    const reset = await server.request('POST', '/auth/password-reset', { body: { token, newPassword: 'after-reset', confirmPassword: 'after-reset' } });
    expect(reset.status).toBe(200);
    expect(reset.body.user.username).toBe(user.username);
    expect((await profile(reset.body.token)).status).toBe(200);
    expect((await profile(session)).body.message).toBe(SESSION_ENDED);
    await logIn(server, { username: user.username, password: 'after-reset' });

    const again = await server.request('POST', '/auth/password-reset', { body: { token, newPassword: 'third-one', confirmPassword: 'third-one' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: RESET_LINK_MESSAGES.LINK_USED, reason: 'LINK_USED' });
    await logIn(server, { username: user.username, password: 'after-reset' });
  });

  it('answers every one of many concurrent uses of one link, more than the database pool (4) holds: one resets, the rest are told it was used', async () => {
    // Each use locks the link's row in a transaction; the first to hold it announces the ended
    // sessions. That notice once took a second pool connection while the others held the rest
    // waiting on the row: the pool deadlocked and no request ever answered.
    const user = await signUp(server);
    const issued = await server.request('POST', `/api/admin/users/${user.id}/password-reset`, { token: adminToken });
    const token = secretOf(issued.body.url);
    const uses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${server.url}/auth/password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, newPassword: `concurrent-${i}`, confirmPassword: `concurrent-${i}` }),
          signal: AbortSignal.timeout(30_000),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { reason?: string } })),
      ),
    );
    expect(uses.filter((u) => u.status === 200)).toHaveLength(1);
    for (const u of uses.filter((u) => u.status !== 200)) expect(u).toMatchObject({ status: 400, body: { reason: 'LINK_USED' } });
  });

  it("a completed reset revokes the account's API tokens too: a token used before it gets 401 after (issue 28 finding 8)", async () => {
    const user = await signUp(server);
    const session = await logIn(server, user);
    const created = await server.request('POST', '/api/user/tokens', { token: session, body: { name: 'intruder', scopes: ['read', 'write'] } });
    expect(created.status).toBe(201);
    const apiToken = created.body.secret as string;
    expect((await profile(apiToken)).status).toBe(200);
    const other = await signUp(server);
    const othersToken = (await server.request('POST', '/api/user/tokens', { token: await logIn(server, other), body: { name: 'kept', scopes: ['read'] } })).body
      .secret as string;

    const issued = await server.request('POST', `/api/admin/users/${user.id}/password-reset`, { token: adminToken });
    const reset = await server.request('POST', '/auth/password-reset', {
      body: { token: secretOf(issued.body.url), newPassword: 'recovered', confirmPassword: 'recovered' },
    });
    expect(reset.status).toBe(200);
    const after = await profile(apiToken);
    expect([after.status, after.body.message]).toEqual([401, 'API token has been revoked']);
    const g = await server.graphql('{ me { username } }', {}, apiToken);
    expect(g.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Only that account's tokens.
    expect((await profile(othersToken)).status).toBe(200);
  });

  it('refuses an expired link, a forged one, and an earlier link once a newer one was issued', async () => {
    const user = await signUp(server);
    const first = await server.graphql(ISSUE, { userId: user.id }, adminToken);
    expect(first.errors).toBeUndefined();
    const second = await server.graphql(ISSUE, { userId: user.id }, adminToken);
    const body = (token: string) => ({ body: { token, newPassword: 'after-reset', confirmPassword: 'after-reset' } });

    const superseded = await server.request('POST', '/auth/password-reset', body(secretOf(first.data.issuePasswordResetLink.url)));
    expect(superseded.status).toBe(400);
    expect(superseded.body.message).toBe(RESET_LINK_MESSAGES.LINK_INVALID);
    const forged = await server.request('POST', '/auth/password-reset', body('A'.repeat(43)));
    expect(forged.body.message).toBe(RESET_LINK_MESSAGES.LINK_INVALID);
    expect((await server.request('POST', '/auth/password-reset', body('not a token'))).status).toBe(400);

    // 24 hours pass: the database clock is the one the link is checked against.
    await server.services.pool.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const expired = await server.graphql(RESET, {
      input: { token: secretOf(second.data.issuePasswordResetLink.url), newPassword: 'after-reset', confirmPassword: 'after-reset' },
    });
    expect(expired.errors?.[0]).toMatchObject({ message: RESET_LINK_MESSAGES.LINK_EXPIRED, extensions: { code: 'BAD_USER_INPUT', reason: 'LINK_EXPIRED' } });
    await logIn(server, user); // the password did not change
  });

  it('checks the new password twice before using the link up', async () => {
    const user = await signUp(server);
    const link = await server.graphql(ISSUE, { userId: user.id }, adminToken);
    const token = secretOf(link.data.issuePasswordResetLink.url);
    const short = await server.graphql(RESET, { input: { token, newPassword: '123', confirmPassword: '123' } });
    expect(short.errors?.[0]?.message).toBe('Password must be at least 6 characters long');
    const ok = await server.graphql(RESET, { input: { token, newPassword: 'after-reset', confirmPassword: 'after-reset' } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.resetPassword.user.username).toBe(user.username);
  });

  it('only administrators issue links: 401 signed out, 403 for users, 404 for an unknown user, in any path case', async () => {
    const user = await signUp(server);
    const path = `/api/admin/users/${user.id}/password-reset`;
    expect((await server.request('POST', path)).status).toBe(401);
    expect((await server.request('POST', path, { token: user.token })).status).toBe(403);
    expect((await server.request('POST', path.toUpperCase().replace(user.id.toUpperCase(), user.id), { token: user.token })).status).toBe(403);
    expect((await server.request('POST', path.toUpperCase().replace(user.id.toUpperCase(), user.id))).status).toBe(401);
    expect((await server.request('POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/password-reset', { token: adminToken })).status).toBe(404);
    expect((await server.request('POST', '/api/admin/users/not-a-uuid/password-reset', { token: adminToken })).status).toBe(404);
    expect((await server.graphql(ISSUE, { userId: user.id }, user.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.graphql(ISSUE, { userId: user.id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const upper = await server.request('POST', path.toUpperCase().replace(user.id.toUpperCase(), user.id), { token: adminToken });
    expect(upper.status).toBe(201);
    // An administrator's API token needs the admin scope for it, like every administrator operation.
    const script = await server.request('POST', '/api/user/tokens', { token: adminToken, body: { name: 'no-admin', scopes: ['read', 'write'] } });
    expect((await server.request('POST', path, { token: script.body.secret })).status).toBe(403);
    expect((await server.graphql(ISSUE, { userId: user.id }, script.body.secret)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('Forgot password? (issue 34 item 2)', () => {
  const REQUEST = `mutation F($identifier: String!) { requestPasswordReset(identifier: $identifier) }`;
  it('answers a known name, a known e-mail and an unknown name the same way (REST 202 and GraphQL); only the account gets an e-mail', async () => {
    const user = await signUp(server);
    const { email } = (await profile(user.token)).body.user;
    const answers = [];
    for (const identifier of [user.username, String(email).toUpperCase(), `nobody-${user.username}`]) {
      const r = await server.request('POST', '/auth/password-reset/request', { body: { identifier } });
      answers.push([r.status, r.body]);
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => [202, { message: FORGOT_PASSWORD_ANSWER }]));
    const gql = await server.graphql(REQUEST, { identifier: `nobody-else-${user.username}` });
    expect(gql.data?.requestPasswordReset).toBe(FORGOT_PASSWORD_ANSWER);
    // The two requests for the account: two messages to its address (kept in the outbox: no SMTP_URL here).
    const mail = server.services.mail;
    const mine = async () => (await mail.outbox({ limit: 200 })).items.filter((m) => m.userId === user.id);
    for (const end = Date.now() + 20_000; (await mine()).length < 2 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    expect((await mine()).map((m) => m.kind)).toEqual(['password-reset', 'password-reset']);
  });

  it('refuses a missing or too long name with 400 and a message', async () => {
    const missing = await server.request('POST', '/auth/password-reset/request', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your user name or e-mail address');
    const long = await server.request('POST', '/auth/password-reset/request', { body: { identifier: 'x'.repeat(255) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('This is too long');
  });
});

describe('a wrong current password is rate-limited like login', () => {
  let limited: StartedTestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '6' } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After once the account has used its attempts', async () => {
    const user = await signUp(limited);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<StartedTestServer['request']>> | null = null;
    // The account allows 3 a minute; a window may roll over once while this runs, so allow for 2 windows.
    for (let i = 0; i < 8 && !statuses.includes(429); i++) {
      last = await limited.request('POST', '/api/user/password', {
        token: user.token,
        body: { currentPassword: `guess-${i}`, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last!.body.message).toMatch(/Too many attempts/);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits reset-link attempts per address too (each one costs a password hash)', async () => {
    const statuses: number[] = [];
    // 6 a minute per address; other tests here used some; a window may roll over once: at most 13 tries.
    for (let i = 0; i < 13 && !statuses.includes(429); i++) {
      const token = `${'B'.repeat(40)}${String(i).padStart(3, '0')}`;
      statuses.push(
        (await limited.request('POST', '/auth/password-reset', { body: { token, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' } })).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
