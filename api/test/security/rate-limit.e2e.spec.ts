import { loadConfig } from '../../src/platform/config/config.js';
import { createLogger } from '../../src/platform/logging/logger.js';
import { startServer, type RunningServer } from '../../src/app/server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { withMinuteAhead } from '../support/clock-minute.js';
import { TEST_REDIS_URL } from '../support/test-database.js';

/**
 * Two API processes on one database share the login and sign-up counters (PostgreSQL), so the
 * allowance is per account and per address whatever process answers.
 */
const PER_MINUTE = 6; // per address; per account is half: 3, then each login waits (0.5 s, 1 s, 2 s...)
let first: TestServer & { close(): Promise<void> };
let second: RunningServer;

const post = (s: { url: string }, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as any,
  }));

beforeAll(async () => {
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
  const from = (address: string) => ({ 'x-forwarded-for': address }); // TRUST_PROXY=loopback: the test is the proxy

  it('delays logins over the account allowance instead of locking the account out; username and e-mail share one bucket (issue 14)', async () => {
    await withMinuteAhead(20); // one counting window for the sign-up and the 7 logins
    const reg = await post(first, '/auth/register', { username: 'Victim', email: 'victim@example.com', password: 'right-pass-1' }, from('10.1.0.1'));
    expect(reg.status).toBe(201);
    const attempts: Array<[string, string]> = [
      ['Victim', 'guess-1'],
      ['victim@example.com', 'guess-2'],
      ['victim', 'guess-3'],
      ['VICTIM@example.com', 'guess-4'],
      ['Victim', 'right-pass-1'], // the owner, among the guesses
      ['Victim', 'guess-5'],
      ['victim', 'right-pass-1'],
    ];
    const statuses: number[] = [];
    for (const [i, [username, password]] of attempts.entries())
      statuses.push((await post(i % 2 ? second : first, '/auth/login', { username, password }, from(`10.1.1.${i}`))).status);
    // Without a lock-out the owner gets in, however many guesses went before (each over the allowance waits longer).
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 200]);
    const rows = await first.services.pool.query<{ count: number }>("SELECT count FROM auth_attempts WHERE key LIKE 'account:%'");
    // One bucket: the sign-up's name, and the account (username and e-mail together) with all 7 logins.
    expect(rows.rows.map((r) => r.count).sort()).toEqual([1, 7]);
  });

  it('limits one address to 6 attempts a minute, sign-ups and logins together, across both processes, with 429 and Retry-After', async () => {
    await withMinuteAhead(20); // one counting window for the 7 attempts and the sign-up after them
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await post(i % 2 ? second : first, '/auth/login', { username: `nobody${i}`, password: 'x' }, from('10.2.0.1')));
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const limited = results[6]!;
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(limited.body.code).toBe('RATE_LIMITED');
    const r = await post(first, '/auth/register', { username: 'brandnew', email: 'brandnew@example.com', password: 'secret123' }, from('10.2.0.1'));
    expect(r.status).toBe(429);
    const g = await post(second, '/graphql', { query: 'mutation { login(input: { username: "victim", password: "x" }) { token } }' }, from('10.2.0.1'));
    expect(g.body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
