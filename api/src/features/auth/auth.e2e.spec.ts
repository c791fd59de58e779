import jwt from 'jsonwebtoken';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_USERNAME: 'root-admin', ADMIN_PASSWORD: 'admin-pass', ADMIN_EMAIL: 'admin@example.com' } });
});
afterAll(() => server.close());

describe('register (REST)', () => {
  it('creates the account and answers token and user.username', async () => {
    const r = await server.request('POST', '/auth/register', {
      body: { username: 'Alice', email: 'Alice@Example.com', password: 'secret1', firstName: 'Alice', lastName: 'Doe' },
    });
    expect(r.status).toBe(201);
    expect(typeof r.body.token).toBe('string');
    expect(r.body.user).toMatchObject({ username: 'Alice', email: 'alice@example.com', firstName: 'Alice', roleId: 1 });
    expect(r.body.user.password).toBeUndefined();
    expect(r.body.user.passwordHash).toBeUndefined();
  });

  it.each([
    [{ username: 'ab', email: 'x@example.com', password: 'secret1' }, 400, 'Username must be at least 3 characters long'],
    [{ username: 'abcd', email: 'not-an-email', password: 'secret1' }, 400, 'Please enter a valid email address'],
    [{ username: 'abcd', email: 'x@example.com', password: '12345' }, 400, 'Password must be at least 6 characters long'],
    [{ email: 'x@example.com', password: 'secret1' }, 400, 'Username is required'],
    [{ username: 'x'.repeat(65), email: 'x@example.com', password: 'secret1' }, 400, 'Username must be at most 64 characters long'],
    [{ username: 'alice', email: 'other@example.com', password: 'secret1' }, 409, 'Username is already taken'],
    [{ username: 'other', email: 'ALICE@example.com', password: 'secret1' }, 409, 'Email is already registered'],
  ])('refuses %j with %i', async (body, status, message) => {
    const r = await server.request('POST', '/auth/register', { body });
    expect(r.status).toBe(status);
    expect(r.body.message).toBe(message);
  });

  it('answers 400 for JSON that does not parse and for a wrong content type', async () => {
    const bad = await server.request('POST', '/auth/register', { body: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Request body is not valid JSON');
    const text = await server.request('POST', '/auth/register', { body: 'username=bob', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Username is required');
  });

  it('writes nothing when sign-up is refused', async () => {
    await server.request('POST', '/auth/register', { body: { username: 'halfway', email: 'bad', password: 'secret1' } });
    const r = await server.request('POST', '/auth/login', { body: { username: 'halfway', password: 'secret1' } });
    expect(r.status).toBe(401);
  });

  it('answers 400, not 500, for NUL bytes and other control characters in any field (REST and GraphQL)', async () => {
    const body = { username: '\u0000', email: '../../etc/passwd', password: 'secret1', firstName: 'A\u0000' };
    const rest = await server.request('POST', '/auth/register', { body });
    expect(rest.status).toBe(400);
    const login = await server.request('POST', '/auth/login', { body: { username: 'nul\u0000name', password: 'x\u0000' } });
    expect([400, 401]).toContain(login.status);
    // Refused by the one JSON body parser, before GraphQL runs: the same 400 as REST's.
    const gql = await server.request('POST', '/graphql', {
      body: { query: 'mutation($input: RegisterInput!) { register(input: $input) { token } }', variables: { input: body } },
    });
    expect([gql.status, gql.body.message]).toEqual([400, 'Text must not contain NUL characters']);
    // A NUL inside the query text itself reaches the resolvers' validation: a GraphQL error, no 500.
    const inline = await server.graphql('mutation { register(input: { username: "\\u0000ab", email: "a@b.co", password: "secret1" }) { token } }');
    expect(inline.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('look-alike user names (issue 28, finding 8)', () => {
  const register = (username: string, email: string) => server.request('POST', '/auth/register', { body: { username, email, password: 'secret1' } });
  const gqlRegister = (username: string, email: string) =>
    server.graphql('mutation($i: RegisterInput!){ register(input:$i){ token } }', { i: { username, email, password: 'secret1' } });

  it('refuses a name mixing Latin with Cyrillic or Greek letters, on REST and GraphQL', async () => {
    const rest = await register('admіn', 'mixed@example.com'); // Cyrillic і
    expect([rest.status, rest.body.message]).toEqual([400, 'Username mixes letters of Latin and Cyrillic scripts; use letters of one script']);
    const gql = await gqlRegister('pαypal', 'mixed2@example.com'); // Greek α
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Username mixes letters of Latin and Greek scripts; use letters of one script',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // Nothing was written: the e-mail is still free.
    expect((await register('plainname', 'mixed@example.com')).status).toBe(201);
  });

  it('refuses a name that looks like one already taken, on REST and GraphQL; one-script names still register', async () => {
    expect((await register('deskadmin', 'desk@example.com')).status).toBe(201);
    const cyrillic = await register('DЕSKАDMІN', 'desk2@example.com'); // Cyrillic Е, А, І: mixed, refused by script
    expect(cyrillic.status).toBe(400);
    const fullwidth = await register('ｄｅｓｋａｄｍｉｎ', 'desk3@example.com');
    expect([fullwidth.status, fullwidth.body.message]).toEqual([409, 'Username looks like one already taken (look-alike letters); please choose another']);
    expect((await register('pop', 'pop@example.com')).status).toBe(201);
    const wholeCyrillic = await gqlRegister('рор', 'pop2@example.com'); // every letter Cyrillic
    expect(wholeCyrillic.errors?.[0]).toMatchObject({
      message: 'Username looks like one already taken (look-alike letters); please choose another',
      extensions: { code: 'CONFLICT' },
    });
    const dotless = await gqlRegister('deskadmın', 'desk4@example.com'); // Latin dotless ı
    expect(dotless.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    // The configured administrator's name is reserved in every look-alike spelling.
    const reserved = await register('rооt-admin', 'root2@example.com'); // Cyrillic о о: mixed
    expect(reserved.status).toBe(400);
    const reservedFull = await register('ｒｏｏｔ-ａｄｍｉｎ', 'root3@example.com');
    expect([reservedFull.status, reservedFull.body.message]).toEqual([409, 'This username is reserved; please choose another']);
    // One script, not a look-alike of a taken name: accepted.
    expect((await register('иван', 'ivan@example.com')).status).toBe(201);
    expect((await register('Ελένη', 'eleni@example.com')).status).toBe(201);
  });
});

describe('login and tokens', () => {
  it('logs in by username or e-mail, case-insensitively, and the token reads the profile', async () => {
    const r = await server.request('POST', '/auth/login', { body: { username: 'alice', password: 'secret1' } });
    expect(r.status).toBe(200);
    const byEmail = await server.request('POST', '/auth/login', { body: { username: 'alice@example.com', password: 'secret1' } });
    expect(byEmail.status).toBe(200);
    const profile = await server.request('GET', '/api/user/profile', { token: r.body.token });
    expect(profile.status).toBe(200);
    expect(Object.keys(profile.body.user)).toEqual(expect.arrayContaining(['id', 'username', 'email', 'firstName', 'lastName', 'roleId', 'createdAt']));
  });

  it('refuses a wrong password with 401 and the message of SPEC §8', async () => {
    const r = await server.request('POST', '/auth/login', { body: { username: 'alice', password: 'wrong-password' } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Invalid username or password. Please try again.');
    const missing = await server.request('POST', '/auth/login', { body: { username: 'alice' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Password is required');
  });

  it('answers 401, never data, for missing, malformed, expired, forged and alg:none tokens', async () => {
    const { id } = await signUp(server);
    const secret = server.services.config.jwtSecret!;
    const expired = jwt.sign({}, secret, { subject: id, expiresIn: -10 });
    const forged = jwt.sign({}, 'another-secret', { subject: id });
    const none = jwt.sign({}, '', { subject: id, algorithm: 'none' });
    const ghost = jwt.sign({}, secret, { subject: '00000000-0000-0000-0000-000000000000' });
    for (const auth of [undefined, 'Bearer', 'Basic abc', `Bearer ${expired}`, `Bearer ${forged}`, `Bearer ${none}`, `Bearer ${ghost}`, 'Bearer not.a.jwt']) {
      const r = await server.request('GET', '/api/user/profile', { headers: auth ? { authorization: auth } : {} });
      expect(r.status).toBe(401);
      expect(r.body.user).toBeUndefined();
      expect(typeof r.body.message).toBe('string');
    }
  });
});

describe('theme', () => {
  it('defaults to web3, saves minimalist, refuses unknown themes', async () => {
    const { token } = await signUp(server);
    expect((await server.request('GET', '/api/user/theme', { token })).body).toEqual({ theme: 'web3' });
    const put = await server.request('PUT', '/api/user/theme', { token, body: { theme: 'minimalist' } });
    expect(put.status).toBe(200);
    expect((await server.request('GET', '/api/user/theme', { token })).body).toEqual({ theme: 'minimalist' });
    const bad = await server.request('PUT', '/api/user/theme', { token, body: { theme: 'neon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Theme must be one of/);
  });
});

describe('GraphQL accounts', () => {
  it('registers, logs in, reads me and saves the theme', async () => {
    const reg = await server.graphql('mutation($i: RegisterInput!){ register(input:$i){ token user { username roleId isAdmin theme creditBalance } } }', {
      i: { username: 'gqluser', email: 'gql@example.com', password: 'secret1' },
    });
    expect(reg.errors).toBeUndefined();
    expect(reg.data.register.user).toMatchObject({ username: 'gqluser', roleId: 1, isAdmin: false, theme: 'web3' });
    const token = reg.data.register.token;
    const theme = await server.graphql('mutation{ updateTheme(theme: minimalist){ theme } }', {}, token);
    expect(theme.data.updateTheme.theme).toBe('minimalist');
    const me = await server.graphql('{ me { username theme } }', {}, token);
    expect(me.data.me).toEqual({ username: 'gqluser', theme: 'minimalist' });
  });

  it('gives extensions.code for bad input, conflicts, wrong passwords and missing tokens', async () => {
    const short = await server.graphql('mutation{ register(input:{username:"ab", email:"a@b.co", password:"secret1"}){ token } }');
    expect(short.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const taken = await server.graphql('mutation{ register(input:{username:"gqluser", email:"new@b.co", password:"secret1"}){ token } }');
    expect(taken.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const wrong = await server.graphql('mutation{ login(input:{username:"gqluser", password:"nope-nope"}){ token } }');
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Invalid username or password. Please try again.', extensions: { code: 'UNAUTHENTICATED' } });
    const anon = await server.graphql('{ me { id } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(anon.data).toBeNull();
    const bad = await server.graphql('{ me { id } }', {}, 'garbage');
    expect(bad.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lets a stale token still log in (public operations ignore a bad header)', async () => {
    const r = await server.graphql('mutation{ login(input:{username:"gqluser", password:"secret1"}){ token } }', {}, 'expired.token.here');
    expect(r.errors).toBeUndefined();
  });
});

describe('admin ensured at start-up', () => {
  it('creates the ADMIN_* account with roleId 2', async () => {
    const r = await server.request('POST', '/auth/login', { body: { username: 'root-admin', password: 'admin-pass' } });
    expect(r.status).toBe(200);
    expect(r.body.user.roleId).toBe(2);
  });
});
