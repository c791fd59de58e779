import { createLedger, migrateLedger } from '@shotlog/ledger';
import type { Config } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { createQueueBackend } from '../queue/queue-backend.js';
import { Metrics } from '../metrics/metrics.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { buildServices, entitiesOf } from './compose.js';
import { modules } from './module-list.js';
import type { AppServices } from './services.js';

/** One process's stores and services, and how to close the stores (after everything using them). */
export interface OpenedProcess {
  services: AppServices;
  closeStores(): Promise<void>;
}

/**
 * Opens what every Shotlog process needs, the API server and a standalone worker alike: the
 * database (ORM migrations with the modules' entities, ledger migrations), the queue, the base
 * services and every module's services. If anything fails, what was opened is closed again.
 */
export async function openProcess(
  config: Config,
  logger: Logger,
  databaseUrl: string,
  opts: { poolMax?: number; jwtSecret: () => Promise<string>; onQueueError: (err: Error, queue: string) => void },
): Promise<OpenedProcess> {
  const { orm, pool } = await openDatabase(databaseUrl, { entities: entitiesOf(modules), poolMax: opts.poolMax });
  const queue = createQueueBackend({ redisUrl: config.redisUrl, databaseUrl, prefix: config.queuePrefix, onError: opts.onQueueError });
  const closeStores = async () => {
    await queue.close();
    await pool.end();
    await orm.close(true);
  };
  try {
    await migrateLedger(pool);
    const jwtSecret = await opts.jwtSecret();
    const base = {
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
    return { services: buildServices(modules, base), closeStores };
  } catch (err) {
    await closeStores().catch(() => undefined);
    throw err;
  }
}
