/**
 * The delivery progress feed's LISTEN connection is the shared ListenConnection: held only while a
 * delivery is watched, and when PostgreSQL drops it (pg_terminate_backend) it is opened again and
 * every watcher is woken once (to read what changed meanwhile); NOTIFYs reach them after that.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLogger } from '../../platform/logging/logger.js';
import { TEST_DATABASE_URL } from '../../../test/support/test-database.js';
import { DeliveryProgressFeed, notifyProgress } from './delivery-progress.js';

const LISTENING = `select pid from pg_stat_activity where application_name = 'shotlog-delivery-progress' and datname = current_database()`;

it('listens again after its backend was terminated, wakes its watchers, and lets the connection go with the last one', async () => {
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
  pool.on('error', () => undefined);
  const feed = new DeliveryProgressFeed(pool, createLogger('silent'));
  const deliveryId = randomUUID();
  let wakes = 0;
  let wake: () => void = () => undefined;
  /** Resolves once the watcher has been woken `n` times in all. */
  const woken = (n: number) => new Promise<void>((resolve) => (wake = () => wakes >= n && resolve()) && wake());
  const unwatch = feed.watch(deliveryId, () => (wakes++, wake()));
  try {
    await woken(1); // listening: what changed before the LISTEN took effect is read once
    expect(feed.listening).toBe(true);
    const before = (await pool.query<{ pid: number }>(LISTENING)).rows;
    expect(before).toHaveLength(1);

    await pool.query('select pg_terminate_backend($1)', [before[0]!.pid]);
    await woken(2); // reconnected: every watcher reads again
    const after = (await pool.query<{ pid: number }>(LISTENING)).rows;
    expect(after.map((r) => r.pid)).not.toContain(before[0]!.pid);
    expect(after).toHaveLength(1);

    await notifyProgress(pool, [deliveryId]);
    await woken(3);
  } finally {
    unwatch();
  }
  expect(feed.listening).toBe(false);
  // The connection is closed with the last watcher (bounded wait for the backend to go).
  const end = Date.now() + 10_000;
  while ((await pool.query(LISTENING)).rowCount && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect((await pool.query(LISTENING)).rowCount).toBe(0);
  await pool.end();
});
