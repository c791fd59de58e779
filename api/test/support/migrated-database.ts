/**
 * A fresh database per test file, already migrated: the ORM and ledger migrations run once into a
 * template database (named by a hash of the migration sources), and each test database is a copy
 * of it (`CREATE DATABASE … TEMPLATE`, ~0.2 s) instead of a migration run per server boot (~1.5 s
 * on a loaded 2-core machine). The server still runs its migrations at start-up: on a copy they
 * find nothing to apply, so what production does at start-up is still exercised.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateLedger } from '@shotlog/ledger';
import { openDatabase } from '../../src/platform/db/database.js';
import { entities as ALL_ENTITIES } from '../../src/app/entities.js';
import { connectionsGone, createTestDatabase, dropTestDatabase, TEST_DATABASE_URL } from './test-database.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What the migrated schema is made from: a change to any of these makes a new template. */
const MIGRATION_SOURCES = [path.join(ROOT, 'api/src/platform/db/migrations'), path.join(ROOT, 'ledger/src/store/schema.ts')];

function sourcesHash(): string {
  const hash = createHash('sha256');
  const add = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const name of fs.readdirSync(p).sort()) add(path.join(p, name));
    else hash.update(path.relative(ROOT, p)).update('\0').update(fs.readFileSync(p)).update('\0');
  };
  for (const p of MIGRATION_SOURCES) add(p);
  return hash.digest('hex').slice(0, 12);
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function onServer<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, 'postgres') });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

let template: Promise<string> | undefined;

/**
 * The migrated template's name, made on first use. Several jest workers (or engineers) may make it
 * at once: each migrates a database of its own and renames it to the template name; the first
 * rename wins and the others drop theirs. The template takes no connections, so copying never waits.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= (async () => {
    const name = `shotlog_tpl_${sourcesHash()}`;
    const exists = await onServer((c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
    if (exists.rowCount) return name;
    const draft = await createTestDatabase('shotlog_tpl_draft');
    const { orm, pool } = await openDatabase(draft.url, { entities: ALL_ENTITIES, poolMax: 2 });
    try {
      await migrateLedger(pool);
    } finally {
      await pool.end();
      await orm.close(true);
    }
    const draftName = new URL(draft.url).pathname.slice(1);
    try {
      await onServer(async (c) => {
        // The closed pools' sockets may still be closing; a rename needs them gone.
        await connectionsGone(c, draftName, 30_000);
        await c.query(`ALTER DATABASE "${draftName}" RENAME TO "${name}"`);
        await c.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      });
    } catch (err) {
      await draft.drop().catch(() => undefined);
      if ((err as { code?: string }).code !== '42P04') throw err; // 42P04: another process made it first
    }
    return name;
  })().catch((err) => {
    template = undefined;
    throw err;
  }));
}

/** A fresh database with the whole schema (ORM and ledger) in place, for one test file; drop() removes it. */
export async function createMigratedTestDatabase(prefix = 'shotlog_t'): Promise<{ url: string; drop(): Promise<void> }> {
  const tpl = await migratedTemplate();
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl}"`));
  return {
    url: withDatabase(TEST_DATABASE_URL, name),
    drop: () => dropTestDatabase(name),
  };
}
