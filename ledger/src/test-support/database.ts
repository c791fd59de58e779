import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateLedger } from '../store/schema.js';

export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

const urlFor = (database: string): string => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own for one test file, so int suites of every workspace can run
 * in parallel without seeing each other's rows. The pool stays small (5): the server and its max_connections are shared by every suite.
 */
export async function createTestDatabase(options: { migrate?: boolean; max?: number } = {}): Promise<TestDatabase> {
  const name = `ledger_t_${randomBytes(6).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = urlFor(name);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 5 });
  if (options.migrate ?? true) await migrateLedger(pool);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end();
      await asAdmin(async (client) => {
        // pool.end() resolves before the server has seen every connection go; dropping WITH (FORCE)
        // straight away would kill those closing sessions and surface as unhandled client errors.
        for (let waited = 0; waited < 5_000; waited += 25) {
          const open = await client.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
          if (open.rowCount === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
