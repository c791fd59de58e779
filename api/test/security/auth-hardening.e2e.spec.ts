import { createHmac, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/logging/logger.js';
import { signUp, startTestServer, type TestServer } from '../support/test-server.js';

/** Tokens made by hand, so every header and claim can be chosen (no library help). */
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
function handMadeToken(header: Record<string, unknown>, claims: Record<string, unknown>, secret: string | null, hmac: 'sha256' | 'sha512' = 'sha256'): string {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  const signature = secret === null ? '' : createHmac(hmac, secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

const SECRET = randomBytes(32).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
let logs = '';
const capture = new Writable({
  write(chunk, _enc, done) {
    logs += String(chunk);
    done();
  },
});
let server: TestServer & { close(): Promise<void> };
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // Every log line of this server, at the most verbose level, lands in `logs`.
  server = await startTestServer({
    env: { JWT_SECRET: SECRET, LOG_LEVEL: 'trace', ADMIN_USERNAME: 'rootadmin', ADMIN_PASSWORD: 'admin-pass-XYZ' },
    logger: createLogger('trace', capture),
  });
  user = await signUp(server, 'tokenuser', 'correct-horse-42');
});
afterAll(() => server.close());

describe('JWT: HS256 only, signed with our key, not expired', () => {
  const me = (token: string) => server.request('GET', '/api/user/profile', { token });

  it('accepts a well-made HS256 token (the control case)', async () => {
    expect((await me(handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, iat: now(), exp: now() + 60 }, SECRET))).status).toBe(200);
  });

  it.each([
    ['alg none, no signature', handMadeToken({ alg: 'none', typ: 'JWT' }, { sub: 'x', iat: 0, exp: 9e9 }, null)],
    ['alg none with the subject of a real user', () => handMadeToken({ alg: 'none', typ: 'JWT' }, { sub: user.id, iat: now(), exp: now() + 60 }, null)],
    ['HS256 signed with a wrong key', () => handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, iat: now(), exp: now() + 60 }, 'not-the-secret')],
    [
      'HS512 signed with the right key (algorithm not allowed)',
      () => handMadeToken({ alg: 'HS512', typ: 'JWT' }, { sub: user.id, iat: now(), exp: now() + 60 }, SECRET, 'sha512'),
    ],
    [
      'RS256 header over an HMAC signature (algorithm confusion)',
      () => handMadeToken({ alg: 'RS256', typ: 'JWT' }, { sub: user.id, iat: now(), exp: now() + 60 }, SECRET),
    ],
    ['expired an hour ago', () => handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, iat: now() - 7200, exp: now() - 3600 }, SECRET)],
    ['no subject', () => handMadeToken({ alg: 'HS256', typ: 'JWT' }, { iat: now(), exp: now() + 60 }, SECRET)],
    [
      'a subject that is no user',
      () => handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: '00000000-0000-4000-8000-000000000000', iat: now(), exp: now() + 60 }, SECRET),
    ],
    ['garbage', 'abc.def.ghi'],
  ])('refuses %s with 401 on REST and UNAUTHENTICATED on GraphQL', async (_name, make) => {
    const token = typeof make === 'function' ? make() : make;
    const r = await me(token);
    expect(r.status).toBe(401);
    expect(r.body.user).toBeUndefined();
    const g = await server.graphql('{ me { id } }', {}, token);
    expect(g.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(g.data?.me).toBeUndefined();
  });

  it('says an expired session is expired', async () => {
    const r = await me(handMadeToken({ alg: 'HS256', typ: 'JWT' }, { sub: user.id, iat: now() - 7200, exp: now() - 1 }, SECRET));
    expect(r.body.message).toBe('Session expired. Please log in again.');
  });

  it('issues tokens that expire (JWT_EXPIRES_IN, 7 days by default) and are HS256', async () => {
    const [header, claims] = user.token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });
});

describe('secrets and passwords stay out of logs and answers', () => {
  it('never logs the JWT secret, a password or a token, even at trace level', async () => {
    await server.request('POST', '/auth/login', { body: { username: 'tokenuser', password: 'wrong-password-987' } });
    await server.request('POST', '/auth/login', { body: { username: 'nobody-here', password: 'another-secret-654' } });
    await server.request('POST', '/auth/register', { body: { username: 'x', email: 'bad', password: 'short-pw-321', confirmPassword: 'short-pw-321' } });
    await server.graphql('mutation($p: String!) { login(input: { username: "tokenuser", password: $p }) { token } }', { p: 'graphql-pass-852' });
    await server.request('GET', '/api/user/profile', { token: user.token });
    await server.request('GET', '/api/user/profile', { headers: { authorization: `Bearer ${user.token}x` } });
    await new Promise((r) => setTimeout(r, 200)); // let the last response lines flush
    expect(logs.length).toBeGreaterThan(1000); // the server did log these requests
    for (const secret of [
      SECRET,
      'correct-horse-42',
      'wrong-password-987',
      'another-secret-654',
      'short-pw-321',
      'graphql-pass-852',
      'admin-pass-XYZ',
      user.token,
    ]) {
      expect(logs.includes(secret) ? `log contains ${secret.slice(0, 12)}…` : 'clean').toBe('clean');
    }
    expect(logs).toContain('[redacted]'); // the authorization header was there, and censored
  });

  it('never returns a password or its hash', async () => {
    const answers = [
      await server.request('POST', '/auth/login', { body: { username: 'tokenuser', password: 'correct-horse-42' } }),
      await server.request('GET', '/api/user/profile', { token: user.token }),
      await server.request('POST', '/auth/register', { body: { username: 'fresh1', email: 'fresh1@example.com', password: 'fresh-pass-1' } }),
    ];
    for (const a of answers) {
      const text = JSON.stringify(a.body);
      expect(text).not.toMatch(/password|\$argon2/i);
      expect(text).not.toContain('correct-horse-42');
    }
    const g = await server.graphql('{ __type(name: "User") { fields { name } } }');
    expect(JSON.stringify(g.data)).not.toMatch(/password/i);
  });
});

describe('security headers', () => {
  it('sends helmet headers and a CSP that allows the OpenStreetMap embed and nothing else framed', async () => {
    for (const path of ['/api/health', '/', '/graphql']) {
      const r = await fetch(server.url + path, { headers: { accept: 'text/html' } });
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/frame-src 'self' https:\/\/www\.openstreetmap\.org/);
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'self'/);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-powered-by')).toBeNull();
      await r.arrayBuffer();
    }
  });
});

describe('CORS', () => {
  it('is closed by default: no Access-Control-Allow-Origin for a foreign origin, preflight not granted', async () => {
    const simple = await fetch(server.url + '/api/purchase/packages', { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(server.url + '/graphql', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('opens only for the origins in CORS_ORIGINS', async () => {
    const open = await startTestServer({ env: { CORS_ORIGINS: 'https://app.example, https://other.example' } });
    try {
      const allowed = await fetch(open.url + '/api/purchase/packages', { headers: { origin: 'https://app.example' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const preflight = await fetch(open.url + '/graphql', {
        method: 'OPTIONS',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://other.example');
      const foreign = await fetch(open.url + '/api/purchase/packages', { headers: { origin: 'https://evil.example' } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });
});
