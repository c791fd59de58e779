import type pg from 'pg';
import type { Config } from '../../platform/config/config.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { registerQueueName } from '../../platform/queue/queue-registry.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { ExportsService } from '../exports/exports.service.js';

// What every part of the delivery service (connections, deliveries, progress) is built with, and its
// queue: apart from delivery.service.ts, so the parts and the service do not import each other.
export const DELIVERY_QUEUE = 'delivery';
registerQueueName(DELIVERY_QUEUE);

export interface DeliverFileJob {
  itemId: string;
  /** The item's connection, so a job can step back without a query when its sessions are all busy (absent on older jobs). */
  connectionId?: string;
}

export interface DeliveryServiceDeps {
  config: Pick<Config, 'delivery' | 'dataDir' | 'worker'>;
  logger: Logger;
  pool: pg.Pool;
  queue: QueueBackend;
  projects: Pick<ProjectsService, 'getOwned'>;
  exports: Pick<ExportsService, 'check'>;
}
