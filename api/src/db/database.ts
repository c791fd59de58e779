import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormConfig } from './mikro-orm.config.js';

export type Orm = MikroORM;

/** Opens the ORM and applies pending migrations (never a schema refresh outside tests). */
export async function openDatabase(url: string, opts: { poolMax?: number } = {}): Promise<{ orm: Orm; pool: pg.Pool }> {
  const orm = await MikroORM.init(ormConfig(url, { poolMax: opts.poolMax }));
  await orm.migrator.up();
  // The ledger works in plain SQL transactions on its own pool (it knows nothing of the ORM).
  const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? 20 });
  pool.on('error', () => {
    /* idle client lost (e.g. database restart): the pool replaces it on next use */
  });
  return { orm, pool };
}
