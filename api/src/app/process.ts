import { createLedger, migrateLedger } from '@shotlog/ledger';
import type { Config } from '../platform/config/config.js';
import { openDatabase } from '../platform/db/database.js';
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
  const queue = createQueueBackend({ redisUrl: config.redisUrl, databaseUrl, prefix: config.queuePrefix, onError: opts.onQueueError });
  const closeStores = async () => {
    await queue.close();
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
      ledger: createLedger(pool),
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
