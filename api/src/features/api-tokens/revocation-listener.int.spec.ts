/**
 * The revocation listener survives PostgreSQL dropping its connection (issue 28 finding 9): the
 * lost client is closed once, it LISTENs again, and a revocation after that still closes the socket.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { createLogger } from '../../platform/logging/logger.js';
import { TEST_DATABASE_URL } from '../../../test/support/test-database.js';
import { RevocationListener, REVOCATION_CHANNEL } from './revocation-listener.js';

it('closes a revoked token’s socket after its listening backend was terminated (pg_terminate_backend)', async () => {
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 3 });
  pool.on('error', () => undefined);
  const listener = new RevocationListener(pool, createLogger('silent'));
  try {
    await listener.start();
    const closed = new Promise<[number, string]>((resolve) => {
      const socket = Object.assign(new EventEmitter(), { close: (code: number, reason: string) => resolve([code, reason]) });
      listener.track('token-1', socket);
    });
    const first = await listener.connection();
    const pid = (await first.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const generation = listener.generation;
    await pool.query('select pg_terminate_backend($1)', [pid]);
    await listener.connection(generation);
    await pool.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, 'token-1']);
    expect(await closed).toEqual([4401, 'API token has been revoked']);
  } finally {
    await listener.stop();
    await pool.end();
  }
});
