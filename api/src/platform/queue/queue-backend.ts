import { Queue, QueueEvents, Worker, createPostgresBackend, withBackend, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';

/**
 * BullMQ on Redis when REDIS_URL is set, else BullMQ's own PostgreSQL backend on the app's
 * database (schema `bullmq`). The rest of the code makes queues only through this, so the
 * same queue code runs on either.
 */
export interface QueueBackend {
  kind: 'redis' | 'postgres';
  queue(name: string): Queue;
  worker(name: string, processor: Processor, opts?: Partial<WorkerOptions>): Worker;
  events(name: string): QueueEvents;
  /** Is the queue's store reachable? (readiness) */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 5_000;
const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]).finally(() => clearTimeout(timer));
};

/** How often one queue object may report its connection errors (Redis down means one per retry). */
const ERROR_REPORT_INTERVAL_MS = 10_000;

export function createQueueBackend(opts: {
  redisUrl?: string;
  databaseUrl: string;
  prefix: string;
  /** Connection errors of queues, workers and event streams; without it BullMQ prints them to the console. */
  onError?: (error: Error, name: string) => void;
}): QueueBackend {
  const closers: Array<() => Promise<unknown>> = [];
  const track = <T extends { close(): Promise<unknown>; name: string; on(event: 'error', listener: (error: Error) => void): unknown }>(x: T): T => {
    closers.push(() => x.close());
    let lastReport = 0;
    x.on('error', (error) => {
      if (Date.now() - lastReport < ERROR_REPORT_INTERVAL_MS) return;
      lastReport = Date.now();
      opts.onError?.(error, x.name);
    });
    return x;
  };

  if (opts.redisUrl) {
    const redisUrl = opts.redisUrl;
    // Workers need blocking connections that retry forever; BullMQ asks for maxRetriesPerRequest null.
    // BullMQ treats a connection it is given as shared and never closes it: close them ourselves, last.
    const connections: Redis[] = [];
    const connection = () => {
      const c = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
      connections.push(c);
      return c;
    };
    const pinger = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true, enableOfflineQueue: false });
    let pingerConnecting: Promise<void> | undefined;
    return {
      kind: 'redis',
      queue: (name) => track(new Queue(name, { connection: connection(), prefix: opts.prefix })),
      worker: (name, processor, wopts) => track(new Worker(name, processor, { ...wopts, connection: connection(), prefix: opts.prefix })),
      events: (name) => track(new QueueEvents(name, { connection: connection(), prefix: opts.prefix })),
      ping: async () => {
        try {
          // Probes at once share the first connect: one that skipped it would ping a socket still connecting (refused without an offline queue).
          if (pinger.status === 'wait') pingerConnecting ??= pinger.connect().finally(() => (pingerConnecting = undefined));
          if (pingerConnecting) await pingerConnecting;
          return (await pinger.ping()) === 'PONG';
        } catch {
          return false;
        }
      },
      close: async () => {
        // A close waits for Redis; when Redis is down it would wait forever: bound it, then cut.
        await Promise.allSettled(closers.map((c) => withTimeout(c(), CLOSE_TIMEOUT_MS)));
        for (const c of connections) c.disconnect();
        pinger.disconnect();
      },
    };
  }

  const pg = withBackend(createPostgresBackend);
  // migrate: the backend creates (and upgrades) its schema on first use; without it every queue call fails.
  const connection = { connectionString: opts.databaseUrl, schema: 'bullmq', max: 10, migrate: true };
  return {
    kind: 'postgres',
    queue: (name) => track(new pg.Queue(name, { connection, prefix: opts.prefix }) as unknown as Queue),
    worker: (name, processor, wopts) =>
      track(new pg.Worker(name, processor as never, { ...(wopts as object), connection, prefix: opts.prefix }) as unknown as Worker),
    events: (name) => track(new pg.QueueEvents(name, { connection, prefix: opts.prefix }) as unknown as QueueEvents),
    ping: async () => true,
    close: async () => {
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
}
