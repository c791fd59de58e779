/**
 * PostgreSQL restarted under load (a throwaway embedded PostgreSQL, never the shared one): while
 * it is down every request answers 503 SERVICE_UNAVAILABLE with a message, quickly (no 500, no
 * hang); the API recovers by itself when it returns; and the ledger holds exactly one event per
 * credit operation (operations that got a 503 are retried with their Idempotency-Key, as a
 * client should: none is lost, none doubled).
 */
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { TEST_REDIS_URL } from '../support/test-database.js';
import { apiClient, killAll, sleep, startApi, startOwnPostgres } from './test-support/processes.js';
import { ledgerEvents, login, register, sharedEnv } from './test-support/topology.js';

jest.setTimeout(180_000);

/** Polls `done` every 20 ms until it holds; fails naming `what` after `ms`. */
async function waitUntil(what: string, done: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`);
    await sleep(20);
  }
}

let own: Awaited<ReturnType<typeof startOwnPostgres>>;
let dataDir: string | undefined;
afterAll(async () => {
  await killAll();
  await own?.remove();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

it('answers 503 while PostgreSQL is down, recovers by itself, and loses or doubles no ledger event', async () => {
  own = await startOwnPostgres();
  const shared = await sharedEnv({ databaseUrl: own.url, redisUrl: TEST_REDIS_URL, extra: { LOG_LEVEL: 'warn' } });
  dataDir = shared.dataDir;
  const api = await startApi('api', shared.env);
  const c = apiClient(api.url);
  const admin = await login(c, 'finance', 'finance-pass');
  const u = await register(c);

  interface Op {
    key: string;
    amount: number;
    statuses: number[];
  }
  const ops: Op[] = [];
  const reads: number[] = [];
  const slow: string[] = [];
  const bad: string[] = [];
  let down = false;
  const timed = async <T>(what: string, f: () => Promise<T>) => {
    const t0 = Date.now();
    try {
      return await f();
    } catch (err) {
      bad.push(`${what}: ${(err as Error).message}`); // a timeout (hang) or a dropped connection
      return null;
    } finally {
      if (Date.now() - t0 > 8000) slow.push(what);
    }
  };
  const adjust = (op: Op) =>
    timed('adjust', () =>
      c.request('POST', `/api/admin/users/${u.id}/credits`, {
        token: admin,
        body: { amount: op.amount, description: 'load' },
        headers: { 'idempotency-key': op.key },
        timeoutMs: 10_000,
      }),
    );

  let stop = false;
  const writer = async () => {
    while (!stop) {
      const op: Op = { key: randomUUID(), amount: 1 + (ops.length % 3), statuses: [] };
      ops.push(op);
      const r = await adjust(op);
      if (r) {
        op.statuses.push(r.status);
        if (r.status === 503) expect(r.body.message).toMatch(/temporarily unavailable/i);
        if (down && r.status === 503) expect(r.body.code ?? 'SERVICE_UNAVAILABLE').toBe('SERVICE_UNAVAILABLE');
      }
      await sleep(20);
    }
  };
  const reader = async () => {
    while (!stop) {
      const r = await timed('read', () => c.request('GET', '/api/user/credits/balance', { token: u.token, timeoutMs: 10_000 }));
      if (r) reads.push(r.status);
      await sleep(20);
    }
  };
  const load = Promise.all([writer(), writer(), reader(), reader()]);
  const succeeded = () => ops.filter((o) => o.statuses.includes(200)).length;
  // The load is under way: some writes and reads have been answered.
  await waitUntil('writes and reads answered before the stop', () => succeeded() >= 3 && reads.filter((s) => s === 200).length >= 3);

  down = true;
  await own.stop();
  // The API sees the database gone (its readiness check says so) ...
  let ready = await c.request('GET', '/api/ready', { timeoutMs: 10_000 });
  for (const end = Date.now() + 30_000; ready.status !== 503 && Date.now() < end; await sleep(100))
    ready = await c.request('GET', '/api/ready', { timeoutMs: 10_000 });
  expect(ready.status).toBe(503);
  const during = await c.request('GET', '/api/user/credits/balance', { token: u.token, timeoutMs: 10_000 });
  expect(during.status).toBe(503);
  expect(during.body.message).toMatch(/temporarily unavailable/i);
  // ... and the load meets the outage: writes and reads answered 503 while it is down.
  const refusedWrites = () => ops.filter((o) => o.statuses.includes(503)).length;
  const refusedReads = () => reads.filter((s) => s === 503).length;
  await waitUntil('writes and reads answered 503 while down', () => refusedWrites() >= 2 && refusedReads() >= 2);
  await own.start();
  down = false;

  // Recovers by itself: no restart of the API process.
  const end = Date.now() + 30_000;
  while ((await c.request('GET', '/api/user/credits/balance', { token: u.token }).catch(() => null))?.status !== 200) {
    if (Date.now() > end) throw new Error('the API did not recover after PostgreSQL returned');
    await sleep(200);
  }
  // The load goes on after the recovery: more writes succeed before it stops.
  const beforeRecovery = succeeded();
  await waitUntil('writes answered after the recovery', () => succeeded() >= beforeRecovery + 3);
  stop = true;
  await load;

  expect(bad).toEqual([]);
  expect(slow).toEqual([]);
  const statuses = [...reads, ...ops.flatMap((o) => o.statuses)];
  expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
  expect(statuses).toContain(503);
  expect(ops.filter((o) => o.statuses[0] === 200).length).toBeGreaterThan(5);
  expect(api.running).toBe(true);

  // Operations without a 2xx answer are retried with the same key; each lands exactly once.
  for (const op of ops) if (op.statuses.at(-1) !== 200) op.statuses.push((await adjust(op))!.status);
  for (const op of ops) expect(op.statuses.at(-1)).toBe(200);
  const events = (await ledgerEvents(c, admin, u.id)).filter((e) => e.type === 'AdminAdjusted');
  expect(events).toHaveLength(ops.length);
  const total = ops.reduce((s, o) => s + o.amount, 0);
  const balance = await c.request('GET', '/api/user/credits/balance', { token: u.token });
  expect(balance.body.creditBalance).toBe(100 + total);
});
