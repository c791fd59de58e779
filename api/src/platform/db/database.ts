import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormConfig, type EntityClass } from './mikro-orm.config.js';

export type Orm = MikroORM;

/** Any fixed number: the key of the session lock that lets one process at a time run the ORM migrations. */
const MIGRATION_LOCK_KEY = 7_402_311;

/**
 * Opens the ORM and applies pending migrations (never a schema refresh outside tests). A scaled
 * deployment starts several API and worker processes at once on one fresh database: the
 * migrations run under an advisory lock, so the first applies them and the others then find none.
 */
export async function openDatabase(url: string, opts: { entities: readonly EntityClass[]; poolMax?: number }): Promise<{ orm: Orm; pool: pg.Pool }> {
  const orm = await MikroORM.init(ormConfig(url, { entities: opts.entities, poolMax: opts.poolMax }));
  // Plain SQL stores work on a pool of their own (they know nothing of the ORM).
  const pool = openPool(url, opts.poolMax ?? 20);
  try {
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await orm.migrator.up();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    await orm.close(true).catch(() => undefined);
    throw err;
  }
  return { orm, pool };
}

/** A pg pool of at most `max` connections whose lost connections never kill the process. */
export function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client lost (e.g. database restart): the pool replaces it on next use */
  });
  // pg-pool listens for errors only on idle clients: a checked-out client between two queries of
  // a transaction (the ledger's, say) emits its connection loss with no listener, and that kills
  // the process. The loss still reaches the caller through its next query; the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}
