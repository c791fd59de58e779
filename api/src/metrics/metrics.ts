import type { RequestHandler, Router } from 'express';
import { Router as makeRouter } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';

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
  /** Functions that report job counts by state (the processing queue registers one). */
  private readonly jobCounters: Array<() => Promise<Record<string, number>>> = [];

  constructor(pool: pg.Pool) {
    collectDefaultMetrics({ register: this.registry, prefix: 'shotlog_' });
    const jobCounters = this.jobCounters;
    new Gauge({
      name: 'shotlog_ledger_events',
      help: 'Ledger events appended in total (all processes).',
      registers: [this.registry],
      async collect() {
        const r = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_events').catch(() => null);
        if (r) this.set(Number(r.rows[0]!.n));
      },
    });
    new Gauge({
      name: 'shotlog_queue_jobs',
      help: 'Processing jobs by state (queue depth is state="waiting").',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const counts of await Promise.all(jobCounters.map((f) => f().catch(() => ({}) as Record<string, number>)))) {
          for (const [state, n] of Object.entries(counts)) this.inc({ state }, n);
        }
      },
    });
  }

  registerJobCounter(f: () => Promise<Record<string, number>>): void {
    this.jobCounters.push(f);
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
