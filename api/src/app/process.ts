import { createLedger, migrateLedger } from '@shotlog/ledger';
import type { Config } from '../platform/config/config.js';
import { openDatabase, openPool } from '../platform/db/database.js';
import type { Logger } from '../platform/logging/logger.js';
import { createQueueBackend } from '../platform/queue/queue-backend.js';
import { Metrics } from '../platform/metrics/metrics.js';
import { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { composeServices, type AppServices } from './compose.js';
import { entities } from './entities.js';

/** One process's stores and services, and how to close the stores (after everything using them). */
export interface OpenedProcess {
  services: AppServices;
  closeStores(): Promise<void>;
}

/**
 * Opens what every Shotlog process needs, the API server and a standalone worker alike: the
 * database (ORM migrations with the entities, ledger migrations), the queue, the platform
 * services and every feature's (composeServices). If anything fails, what was opened is closed again.
 */
export async function openProcess(
  config: Config,
  logger: Logger,
  databaseUrl: string,
  opts: { poolMax?: number; jwtSecret: () => Promise<string>; onQueueError: (err: Error, queue: string) => void },
): Promise<OpenedProcess> {
  const { orm, pool } = await openDatabase(databaseUrl, { entities, poolMax: opts.poolMax });
  // The ledger appends on a pool of its own: a caller may append while it holds a connection of
  // `pool` in a transaction (a purchase approval keeps its request row locked). On one shared pool,
  // enough such callers at once held every connection, each waiting for one more: a hang, for good.
  const ledgerPool = openPool(databaseUrl, Math.max(2, Math.ceil((opts.poolMax ?? 20) / 4)));
  const queue = createQueueBackend({ redisUrl: config.redisUrl, databaseUrl, prefix: config.queuePrefix, onError: opts.onQueueError });
  const closeStores = async () => {
    await queue.close();
    await ledgerPool.end();
    await pool.end();
    await orm.close(true);
  };
  try {
    await migrateLedger(pool);
    const jwtSecret = await opts.jwtSecret();
    const platform = {
      config,
      logger,
      orm,
      pool,
      queue,
      ledger: createLedger(ledgerPool),
      jwtSecret,
      metrics: new Metrics(pool),
      idempotency: new IdempotencyService(pool),
    };
    return { services: composeServices(platform), closeStores };
  } catch (err) {
    await closeStores().catch(() => undefined);
    throw err;
  }
}
