import { createClient } from 'graphql-ws';
import { openSignedInSocket } from '../../../test/support/signed-in-socket.js';
import WebSocket from 'ws';
import { ApiToken } from './api-token.entity.js';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
let adminToken: string;
beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'tok-admin', password: 'admin-pass', email: 'tok-admin@example.com' }));
});
afterAll(() => server.close());

const CREATE = 'mutation($i: CreateApiTokenInput!){ createApiToken(input:$i){ secret token { id name scopes prefix active lastUsedAt expiresAt revokedAt } } }';

async function createToken(login: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const r = await server.graphql(CREATE, { i: { name: `t-${scopes.join('-')}`, scopes, ...extra } }, login);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.createApiToken as { secret: string; token: { id: string; prefix: string; scopes: string[]; active: boolean } };
}

/** One graphql-ws operation; resolves with its last result or its error. */
async function overWs(token: string, query: string) {
  const client = createClient({
    url: server.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  try {
    return await new Promise<{ data?: any; errors?: any }>((resolve) => {
      let result: { data?: any; errors?: any } = {};
      client.subscribe({ query }, { next: (r) => (result = r as never), error: (e) => resolve({ errors: e }), complete: () => resolve(result) });
    });
  } finally {
    await client.dispose();
  }
}

describe('creating and listing tokens', () => {
  it('shows the secret once, stores only a hash, lists name, scopes, prefix and dates', async () => {
    const u = await signUp(server);
    const { secret, token } = await createToken(u.token, ['read', 'write']);
    expect(secret).toMatch(/^shl_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ scopes: ['read', 'write'], active: true, prefix: secret.slice(0, 12) });
    const list = await server.graphql('{ apiTokens(first: 10){ totalCount edges { node { id name scopes prefix createdAt lastUsedAt } } } }', {}, u.token);
    expect(list.data.apiTokens.totalCount).toBe(1);
    expect(JSON.stringify(list)).not.toContain(secret);
    const stored = await server.services.pool.query('SELECT token_hash FROM api_tokens WHERE id = $1', [token.id]);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(secret.slice(4));
    const rest = await server.request('GET', '/api/user/tokens', { token: u.token });
    expect(rest.status).toBe(200);
    expect(rest.body.tokens[0]).toMatchObject({ id: token.id, scopes: ['read', 'write'], prefix: token.prefix });
    expect(rest.body.tokens[0].secret).toBeUndefined();
  });

  it('creates over REST too, and refuses bad input with 400', async () => {
    const u = await signUp(server);
    const ok = await server.request('POST', '/api/user/tokens', { token: u.token, body: { name: 'ci', scopes: ['read'] } });
    expect(ok.status).toBe(201);
    expect(ok.body.secret).toMatch(/^shl_/);
    for (const [body, message] of [
      [{ scopes: ['read'] }, 'Token name is required'],
      [{ name: 'x', scopes: [] }, 'Choose at least one scope'],
      [{ name: 'x', scopes: ['root'] }, /Scopes must be some of/],
      [{ name: 'x', scopes: ['read'], expiresAt: 'soon' }, 'expiresAt must be a date (ISO 8601)'],
      [{ name: 'x', scopes: ['read'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt must be in the future'],
    ] as const) {
      const r = await server.request('POST', '/api/user/tokens', { token: u.token, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
  });

  it('gives the admin scope to administrators only (403 otherwise)', async () => {
    const u = await signUp(server);
    const r = await server.graphql(CREATE, { i: { name: 'x', scopes: ['admin'] } }, u.token);
    expect(r.errors?.[0]).toMatchObject({ message: 'The admin scope is only available to administrators', extensions: { code: 'FORBIDDEN' } });
    const rest = await server.request('POST', '/api/user/tokens', { token: u.token, body: { name: 'x', scopes: ['read', 'admin'] } });
    expect(rest.status).toBe(403);
    const admin = await createToken(adminToken, ['admin']);
    expect(admin.token.scopes).toEqual(['admin']);
  });

  it('manages tokens from a login session only: a token cannot mint a child that outlives revoking it (issue 14 item 6)', async () => {
    const u = await signUp(server);
    const parent = await createToken(u.token, ['read', 'write', 'process']);
    // The review's reproduction: the parent mints a child; revoking the parent must leave no working token.
    const rest = await server.request('POST', '/api/user/tokens', { token: parent.secret, body: { name: 'child', scopes: ['read'] } });
    const gql = await server.graphql(CREATE, { i: { name: 'child', scopes: ['read'] } }, parent.secret);
    const children = [rest.body?.secret, gql.data?.createApiToken?.secret].filter((s): s is string => typeof s === 'string');
    expect((await server.request('DELETE', `/api/user/tokens/${parent.token.id}`, { token: u.token })).status).toBe(200);
    for (const child of children) expect((await server.request('GET', '/api/user/profile', { token: child })).status).toBe(401);
    expect(children).toEqual([]);
    expect([rest.status, rest.body.message]).toEqual([
      403,
      'API tokens cannot manage API tokens or change the password: sign in with your password to do this',
    ]);
    expect(gql.errors?.[0]).toMatchObject({
      message: 'API tokens cannot manage API tokens or change the password: sign in with your password to do this',
      extensions: { code: 'FORBIDDEN' },
    });
    // Nor can a token revoke tokens (its own or a sibling); listing them stays a read.
    const sibling = await createToken(u.token, ['read', 'write']);
    const viaRest = await server.request('DELETE', `/api/user/tokens/${sibling.token.id}`, { token: sibling.secret });
    const viaGql = await server.graphql('mutation($id: ID!){ revokeApiToken(id: $id){ id } }', { id: sibling.token.id }, sibling.secret);
    expect([viaRest.status, viaGql.errors?.[0]?.extensions?.code]).toEqual([403, 'FORBIDDEN']);
    const list = await server.request('GET', '/api/user/tokens', { token: sibling.secret });
    expect(list.body.tokens.map((t: { name: string; active: boolean }) => [t.name, t.active])).toEqual([
      ['t-read-write', true],
      ['t-read-write-process', false],
    ]);
  });
});

describe('using a token', () => {
  it('works as a bearer token on GraphQL HTTP, graphql-ws and REST, like a login token', async () => {
    const u = await signUp(server);
    const { secret } = await createToken(u.token, ['read', 'write']);
    expect((await server.graphql('{ me { username } }', {}, secret)).data.me.username).toBe(u.username);
    expect((await server.request('GET', '/api/user/profile', { token: secret })).body.user.username).toBe(u.username);
    expect((await overWs(secret, '{ me { username } }')).data).toEqual({ me: { username: u.username } });
    const created = await server.request('POST', '/api/projects', { token: secret, body: { name: 'By token', cameraType: 'dji-mavic-3-pro-series' } });
    expect(created.status).toBe(201);
    const viaWs = await overWs(secret, 'mutation { createProject(input:{name:"ws", cameraType:"dji-mavic-3-pro-series"}){ name } }');
    expect(viaWs.data).toEqual({ createProject: { name: 'ws' } });
  });

  it('refuses a read-only token on writes: 403 naming the write scope on REST, GraphQL HTTP and graphql-ws', async () => {
    const u = await signUp(server);
    const { secret } = await createToken(u.token, ['read']);
    const rest = await server.request('POST', '/api/projects', { token: secret, body: { name: 'x', cameraType: 'dji-mavic-3-pro-series' } });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe("This API token does not have the 'write' scope needed for this request");
    const gql = await server.request('POST', '/graphql', {
      token: secret,
      body: { query: 'mutation { createProject(input:{name:"x", cameraType:"dji-mavic-3-pro-series"}){ id } }' },
    });
    expect(gql.status).toBe(403);
    expect(gql.body.errors[0]).toMatchObject({
      message: "This API token does not have the 'write' scope needed for this request",
      extensions: { code: 'FORBIDDEN' },
    });
    const ws = await overWs(secret, 'mutation { createProject(input:{name:"x", cameraType:"dji-mavic-3-pro-series"}){ id } }');
    expect(ws.errors?.[0]).toMatchObject({ message: expect.stringContaining("'write' scope"), extensions: { code: 'FORBIDDEN' } });
    const projects = await server.request('GET', '/api/projects', { token: u.token });
    expect(projects.body).toEqual([]);
  });

  it('refuses a write-only token on reads (read scope) everywhere', async () => {
    const u = await signUp(server);
    const { secret } = await createToken(u.token, ['write']);
    expect((await server.request('GET', '/api/user/profile', { token: secret })).status).toBe(403);
    const gql = await server.graphql('{ me { id } }', {}, secret);
    expect(gql.errors?.[0]?.message).toMatch(/'read' scope/);
    const ws = await overWs(secret, '{ me { id } }');
    expect(ws.errors?.[0]?.message).toMatch(/'read' scope/);
  });

  it('needs the admin scope for admin operations even for an administrator, (process: see scopes.unit.spec.ts)', async () => {
    const read = await createToken(adminToken, ['read', 'write']);
    const gql = await server.graphql('{ adminUsers(first: 5){ totalCount } }', {}, read.secret);
    expect(gql.errors?.[0]).toMatchObject({
      message: "This API token does not have the 'admin' scope needed for this request",
      extensions: { code: 'FORBIDDEN' },
    });
    const rest = await server.request('GET', '/api/admin/users', { token: read.secret });
    expect([rest.status, rest.body.message]).toEqual([403, "This API token does not have the 'admin' scope needed for this request"]);
    const admin = await createToken(adminToken, ['admin']);
    expect((await server.graphql('{ adminUsers(first: 5){ totalCount } }', {}, admin.secret)).data.adminUsers.totalCount).toBeGreaterThan(0);
    expect((await server.request('GET', '/api/admin/users', { token: admin.secret })).status).toBe(200);
  });

  it("answers 404 for another user's project, exactly like a missing one", async () => {
    const owner = await signUp(server);
    const project = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Mine', cameraType: 'dji-mavic-3-pro-series' } })).body
      .project;
    const other = await signUp(server);
    const { secret } = await createToken(other.token, ['read', 'write']);
    const rest = await server.request('GET', `/api/projects/${project.id}`, { token: secret });
    expect([rest.status, rest.body.message]).toEqual([404, 'Project not found']);
    const gql = await server.graphql('query($id: ID!){ project(id: $id){ name } }', { id: project.id }, secret);
    expect(gql.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('keeps full rights for a login token', async () => {
    const u = await signUp(server);
    const r = await server.request('POST', '/api/projects', { token: u.token, body: { name: 'Login', cameraType: 'dji-mavic-3-pro-series' } });
    expect(r.status).toBe(201);
  });
});

describe('revoked, expired and malformed tokens', () => {
  it('refuses a revoked token at once with 401 saying so, and revoking is owner-only', async () => {
    const u = await signUp(server);
    const { secret, token } = await createToken(u.token, ['read', 'write']);
    expect((await server.request('GET', '/api/user/profile', { token: secret })).status).toBe(200);
    const stranger = await signUp(server);
    const notYours = await server.graphql('mutation($id: ID!){ revokeApiToken(id: $id){ id } }', { id: token.id }, stranger.token);
    expect(notYours.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const revoked = await server.request('DELETE', `/api/user/tokens/${token.id}`, { token: u.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.active).toBe(false);
    const rest = await server.request('GET', '/api/user/profile', { token: secret });
    expect([rest.status, rest.body.message]).toEqual([401, 'API token has been revoked']);
    const gql = await server.graphql('{ me { id } }', {}, secret);
    expect(gql.errors?.[0]).toMatchObject({ message: 'API token has been revoked', extensions: { code: 'UNAUTHENTICATED' } });
    const ws = await overWs(secret, '{ me { id } }');
    expect(ws.errors?.[0]?.message).toBe('API token has been revoked');
    const again = await server.graphql('mutation($id: ID!){ revokeApiToken(id: $id){ active revokedAt } }', { id: token.id }, u.token);
    expect(again.data.revokeApiToken.active).toBe(false);
  });

  it('closes websockets opened with a token when it is revoked (code 4401)', async () => {
    const u = await signUp(server);
    const { secret, token } = await createToken(u.token, ['read']);
    const { client, closed } = await openSignedInSocket(server.url, secret, u.username);
    await server.request('DELETE', `/api/user/tokens/${token.id}`, { token: u.token });
    const event = await closed;
    expect([event.code, event.reason]).toEqual([4401, 'API token has been revoked']);
    await client.dispose();
  });

  it('refuses an expired token with 401 saying so', async () => {
    const u = await signUp(server);
    const { secret, token } = await createToken(u.token, ['read'], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await server.request('GET', '/api/user/profile', { token: secret })).status).toBe(200);
    // Its expiry passes when the test says so (not by racing a short expiry against a loaded machine).
    await server.services.orm.em.fork().nativeUpdate(ApiToken, { id: token.id }, { expiresAt: new Date(Date.now() - 1000) });
    const rest = await server.request('GET', '/api/user/profile', { token: secret });
    expect([rest.status, rest.body.message]).toEqual([401, 'API token has expired']);
    expect((await server.graphql('{ me { id } }', {}, secret)).errors?.[0]?.message).toBe('API token has expired');
  });

  it('answers 401, never a 500, for malformed and unknown token strings', async () => {
    const unknown = 'shl_' + 'A'.repeat(43);
    for (const t of ['shl_', 'shl_!!!', 'shl_' + 'x'.repeat(5000), unknown, 'shl_\u00e9\u00e9']) {
      const r = await server.request('GET', '/api/user/profile', { headers: { authorization: `Bearer ${encodeURI(t)}` } });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('Invalid API token');
      const g = await server.request('POST', '/graphql', { headers: { authorization: `Bearer ${encodeURI(t)}` }, body: { query: '{ me { id } }' } });
      expect(g.status).toBeLessThan(500);
      expect(g.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('records lastUsedAt, writing at most once a minute', async () => {
    const u = await signUp(server);
    const { secret, token } = await createToken(u.token, ['read']);
    const lastUsed = async () =>
      (await server.services.pool.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [token.id])).rows[0].last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    await server.request('GET', '/api/user/profile', { token: secret });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await Promise.all(Array.from({ length: 5 }, () => server.request('GET', '/api/user/profile', { token: secret })));
    expect((await lastUsed())?.getTime()).toBe(first!.getTime());
    const listed = await server.graphql('{ apiTokens { edges { node { lastUsedAt } } } }', {}, u.token);
    expect(new Date(listed.data.apiTokens.edges[0].node.lastUsedAt).getTime()).toBe(first!.getTime());
  });
});
