import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server tests use (a real one; CI starts it when it is down). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Creates a fresh, empty database for one test file, so test files run in parallel safely. */
export async function createTestDatabase(prefix = 'shotlog_t'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    drop: () => dropTestDatabase(name),
  };
}

/**
 * Drops a test database once the connections its users closed are gone: a pool's end() returns
 * before the sockets of clients it destroyed have closed, and cutting those off (FORCE) makes them
 * emit errors into code that has already stopped (pg-upload-locker's released session threw
 * "Release called on client which has already been released" that way). A connection still open
 * after ~1.5 s is a leak of the test's own: then FORCE.
 */
export async function dropTestDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, 'postgres') });
  await c.connect();
  try {
    await connectionsGone(c, name, 1500);
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** Waits (up to `timeoutMs`) until no session is connected to database `name`; true when none is. */
export async function connectionsGone(c: pg.Client, name: string, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const open = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1 LIMIT 1', [name]);
    if (!open.rowCount) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
