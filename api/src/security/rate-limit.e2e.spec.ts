import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { startServer, type RunningServer } from '../server.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { TEST_REDIS_URL } from '../test-support/test-database.js';

/**
 * Two API processes on one database share the login and sign-up counters (PostgreSQL), so the
 * allowance is per account and per address whatever process answers.
 */
const PER_MINUTE = 6; // per address; per account is half: 3
let first: TestServer & { close(): Promise<void> };
let second: RunningServer;

const post = (s: { url: string }, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as any,
  }));

beforeAll(async () => {
  // Fixed one-minute windows: start the counting well inside one, so a window edge cannot reset it mid-test.
  const s = new Date().getSeconds();
  if (s > 40) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
  first = await startTestServer({ env: { RATE_LIMIT_AUTH_PER_MINUTE: String(PER_MINUTE) } });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: first.dataDir,
    JWT_SECRET: 'x'.repeat(64),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: String(PER_MINUTE),
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: 'tsecond',
  });
  second = await startServer(config, createLogger('silent'), first.databaseUrl);
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await first?.close();
});

describe('login and registration limits shared by API processes', () => {
  it('limits one account to 3 attempts a minute across both processes, with 429 and Retry-After', async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await post(i % 2 ? second : first, '/auth/login', { username: 'Victim', password: `guess-${i}` }));
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 429, 429]);
    const limited = results[3]!;
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // The account name is matched case-insensitively, on GraphQL too.
    const g = await post(second, '/graphql', { query: 'mutation { login(input: { username: "victim", password: "x" }) { token } }' });
    expect(g.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });

  it('limits one address to 6 attempts a minute, sign-ups and logins together, across both processes', async () => {
    // The previous test spent 6 attempts of this address already (5 REST + 1 GraphQL).
    const r = await post(first, '/auth/register', { username: 'brandnew', email: 'brandnew@example.com', password: 'secret123' });
    expect(r.status).toBe(429);
    expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    const counted = await first.services.pool.query<{ key: string; count: number }>("SELECT key, count FROM auth_attempts WHERE key LIKE 'ip:%'");
    expect(counted.rows).toHaveLength(1);
    expect(counted.rows[0]!.count).toBe(7);
  });
});
