/**
 * The service tier (`*.int.spec.ts`): a feature's services, built by the test with `new`, on a
 * fresh and already migrated PostgreSQL database (a copy of the template: migrated-database.ts).
 * No HTTP, no GraphQL schema, no workers, no Redis, and none of the modules the feature does not
 * use: a test file loads the stores and services it names, not the whole app (module loading is
 * most of what a test file costs in jest's ESM mode). For rules that need no request: quotas
 * under concurrency, what a service stores and charges, what it refuses and why. What a client
 * sends and receives (status codes, GraphQL error codes, headers) stays in the e2e tier.
 *
 *   let db: ServiceDatabase;
 *   beforeAll(async () => (db = await openServiceDatabase({ env: { MAX_PROJECTS_PER_ACCOUNT: '3' } })));
 *   afterAll(() => db.close());
 *   const projects = new ProjectsService(db.orm, new AccountQuotas(db.config.quotas, QUOTA_COUNTS));
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createLedger, type Ledger } from '@shotlog/ledger';
import { loadConfig, type Config } from '../../src/platform/config/config.js';
import { openDatabase, type Orm } from '../../src/platform/db/database.js';
import { createLogger, type Logger } from '../../src/platform/logging/logger.js';
import { UsersService } from '../../src/features/users/users.service.js';
import type { User } from '../../src/features/users/user.entity.js';
import { entities as ALL_ENTITIES } from '../../src/app/entities.js';
import { createMigratedTestDatabase } from './migrated-database.js';

export interface ServiceDatabase {
  config: Config;
  logger: Logger;
  orm: Orm;
  pool: pg.Pool;
  ledger: Ledger;
  databaseUrl: string;
  /** DATA_DIR: a fresh folder, removed by close(). */
  dataDir: string;
  /** A plain user account (UsersService.create: no registration hooks, so no welcome credits). */
  signUp(username?: string): Promise<User>;
  close(): Promise<void>;
}

/**
 * `env` is read as the server reads its environment (loadConfig), on top of the test defaults.
 * `databaseUrl`: an existing database (e.g. one a test server starts on next); close() leaves it.
 */
export async function openServiceDatabase(opts: { env?: Record<string, string>; databaseUrl?: string } = {}): Promise<ServiceDatabase> {
  const db = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => undefined } : await createMigratedTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const cleanup = async () => {
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    // Its migrations find nothing to apply on the template's copy: a few ms.
    opened = await openDatabase(db.url, { entities: ALL_ENTITIES, poolMax: 10 });
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
  const { orm, pool } = opened;
  const users = new UsersService(orm, config.admin);
  return {
    config,
    logger: createLogger(config.logLevel),
    orm,
    pool,
    ledger: createLedger(pool),
    databaseUrl: db.url,
    dataDir,
    signUp: (username = `u${randomBytes(4).toString('hex')}`) => users.create({ username, email: `${username}@example.com`, password: 'secret123' }),
    close: async () => {
      await pool.end();
      await orm.close(true);
      await cleanup();
    },
  };
}
