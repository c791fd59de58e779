import type { RequestHandler, Router } from 'express';
import { Router as makeRouter } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import type { QueueBackend } from '../queue/queue-backend.js';
import { jobCounts, registeredQueueNames } from '../queue/queue-registry.js';

/**
 * Prometheus metrics at /metrics. Figures that must agree across API processes (ledger appends,
 * jobs by state) are read from the shared stores at scrape time, not counted in memory.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'shotlog_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly graphqlOperations = new Counter({
    name: 'shotlog_graphql_operations_total',
    help: 'GraphQL operations by type and outcome.',
    labelNames: ['type', 'outcome'],
    registers: [this.registry],
  });
  /** Event listeners that threw (events/events.ts: logged, counted here, rethrown to the emitter). */
  readonly eventListenerFailures = new Counter({
    name: 'shotlog_event_listener_failures_total',
    help: 'Event listeners that failed, by event and listener.',
    labelNames: ['event', 'listener'],
    registers: [this.registry],
  });
  /** Extra job counters registered by code whose jobs do not sit in a registered BullMQ queue. */
  private readonly jobCounters: Array<{ queue: string; count: () => Promise<Record<string, number>> }> = [];
  /** The queue store, set once the process has one (metrics exist before the queue in tests). */
  private queueBackend: QueueBackend | null = null;

  constructor(pool: pg.Pool) {
    collectDefaultMetrics({ register: this.registry, prefix: 'shotlog_' });
    const readQueueBackend = () => this.queueBackend;
    const extraJobCounters = this.jobCounters;
    new Gauge({
      name: 'shotlog_ledger_events',
      help: 'Ledger events appended in total (all processes).',
      registers: [this.registry],
      async collect() {
        const r = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_events').catch(() => null);
        if (r) this.set(Number(r.rows[0]!.n));
      },
    });
    // A counter read from the ledger itself, so every API process reports the same monotonic figure.
    new Counter({
      name: 'shotlog_ledger_appends_total',
      help: 'Ledger events appended, by event type (all processes; read from the ledger at scrape time).',
      labelNames: ['type'],
      registers: [this.registry],
      async collect() {
        const r = await pool.query<{ type: string; n: string }>('SELECT type, count(*)::text AS n FROM ledger_events GROUP BY type').catch(() => null);
        if (!r) return;
        this.reset();
        for (const row of r.rows) this.inc({ type: row.type }, Number(row.n));
      },
    });
    new Gauge({
      name: 'shotlog_queue_jobs',
      help: 'Background jobs by queue and state, read from the shared queue store (queue depth is state="waiting").',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        const backend = readQueueBackend();
        const sources = [
          ...(backend ? registeredQueueNames().map((queue) => ({ queue, count: () => jobCounts(backend, queue) as Promise<Record<string, number>> })) : []),
          ...extraJobCounters,
        ];
        const results = await Promise.all(sources.map(async (s) => ({ queue: s.queue, counts: await s.count().catch(() => null) })));
        for (const { queue, counts } of results) {
          if (!counts) continue;
          for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
        }
      },
    });
    new Gauge({
      name: 'shotlog_queue_depth',
      help: 'Jobs waiting to be picked up, by queue.',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        const backend = readQueueBackend();
        if (!backend) return;
        for (const queue of registeredQueueNames()) {
          const counts = await jobCounts(backend, queue).catch(() => null);
          if (counts) this.set({ queue }, counts.waiting);
        }
      },
    });
  }

  /** Lets the queue gauges read every registered queue (see queue/queue-registry.ts). */
  useQueueBackend(backend: QueueBackend): void {
    this.queueBackend = backend;
  }

  registerJobCounter(f: () => Promise<Record<string, number>>, queue = 'processing'): void {
    this.jobCounters.push({ queue, count: f });
  }

  /** Times every request; the route label is the matched route pattern, never the raw URL. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.httpDuration.startTimer({ method: req.method });
      res.on('finish', () => {
        const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.baseUrl || 'unmatched';
        end({ route, status: String(res.statusCode) });
      });
      next();
    };
  }

  /** Scrapes are for administrators, or a scraper holding METRICS_TOKEN as its bearer token. */
  router(isAllowed: (authorization: string | undefined) => Promise<void>): Router {
    const r = makeRouter();
    r.get('/', async (req, res, next) => {
      try {
        await isAllowed(req.headers.authorization);
      } catch (err) {
        next(err);
        return;
      }
      res.setHeader('Content-Type', this.registry.contentType);
      res.send(await this.registry.metrics());
    });
    return r;
  }
}
