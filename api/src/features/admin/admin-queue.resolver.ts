import { Arg, Ctx, Int, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import { badInput } from '../../platform/errors/app-error.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { readQueueStats, type QueueStats } from './admin-queue.service.js';
import { QueueStatsType } from './admin-queue.types.js';
import { pollingIterator } from './polling-iterator.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import type { Logger } from '../../platform/logging/logger.js';

/** What the job-queue resolver is built with (app/graphql-schema.ts). */
export interface AdminQueueResolverDeps {
  queue: QueueBackend;
  logger: Logger;
}

/** The admin view of the background job queues (administrators only). */
@Resolver()
export class AdminQueueResolver {
  constructor(private readonly services: AdminQueueResolverDeps) {}

  @RequiresScope('admin')
  @Query(() => [QueueStatsType], { description: 'Every background job queue: job counts by state and the most recent failures (administrators).' })
  adminQueueStats(@Ctx() ctx: GraphQLContext): Promise<QueueStats[]> {
    requireAdmin(ctx);
    return readQueueStats(this.services.queue, this.services.logger);
  }

  @RequiresScope('admin')
  @Subscription(() => [QueueStatsType], {
    description: 'adminQueueStats at once and then every intervalSeconds (2 to 60), for a live admin view (administrators).',
    subscribe: ({ args, context }) => {
      requireAdmin(context as GraphQLContext);
      const seconds = (args as { intervalSeconds: number }).intervalSeconds;
      if (!Number.isInteger(seconds) || seconds < 2 || seconds > 60) throw badInput('intervalSeconds must be a whole number from 2 to 60');
      // The iterator only ticks; each tick is read by the resolver below, which holds the services.
      let tick = 0;
      return pollingIterator(async () => ++tick, seconds * 1000);
    },
  })
  adminQueueStatsUpdates(
    @Root() _tick: number,
    @Arg('intervalSeconds', () => Int, { description: 'Seconds between updates, 2 to 60.', defaultValue: 5 }) _intervalSeconds: number,
  ): Promise<QueueStats[]> {
    return readQueueStats(this.services.queue, this.services.logger);
  }
}
