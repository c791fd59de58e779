/**
 * A PostgreSQL connection that LISTENs and survives the database: when PostgreSQL drops it (a
 * restart, a failover, `pg_terminate_backend`) it is given back exactly once and a new one is
 * opened with backoff (logged), LISTENing again; whatever order `stop()`, `'error'` and `'end'`
 * arrive in, a connection is closed once and a late event of an old connection is ignored (an
 * error thrown from an `'error'` handler is an uncaught exception: the process would die).
 * Shared by every long-lived LISTEN of the API (tus locks, API token revocations, run and delivery progress).
 */
import type pg from 'pg';
import type { Logger } from '../logging/logger.js';
import { logConnectionError } from '../logging/shutdown-state.js';

/** What a LISTEN connection is used for: queries and its 'notification' / 'error' / 'end' events. */
// Listeners typed loosely: pg's client and an EventEmitter (the tests' fake) both fit.
type Listening = Pick<pg.ClientBase, 'query'> & { on(event: string, listener: (...args: any[]) => void): unknown };

export interface ListenConnectionOptions<C extends Listening> {
  /** Names it in the logs and in pg_stat_activity (`application_name`): lower case, digits, `-`, `_`. */
  name: string;
  channels: readonly string[];
  /** Opens a connection (a pool's `connect()`, or a new client). */
  open(): Promise<C>;
  /** Closes one: called exactly once per opened connection (a pool client: `release(true)`). */
  close(conn: C): unknown;
  onNotification(channel: string, payload: string | undefined): void;
  /** After each new connection but the first, before anyone is told it is back (re-read, re-take session locks). */
  onReconnect?(conn: C): Promise<void> | void;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
  minRetryMs?: number;
  maxRetryMs?: number;
}

const NAME = /^[a-z0-9_-]{1,60}$/;
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export class ListenConnection<C extends Listening> {
  private conn: C | null = null;
  private readonly closed = new WeakSet<C>();
  private stopped = false;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private waiters: Array<{ newerThan: number; resolve(c: C): void; reject(e: Error): void }> = [];
  /** Counts the connections opened: a session's locks belong to one generation. */
  generation = 0;

  constructor(private readonly opts: ListenConnectionOptions<C>) {
    if (!NAME.test(opts.name)) throw new Error(`listen connection name ${opts.name} must match ${NAME}`);
    for (const ch of opts.channels) if (!CHANNEL.test(ch)) throw new Error(`channel ${ch} must match ${CHANNEL}`);
    this.retryMs = opts.minRetryMs ?? 250;
  }

  /** Opens the first connection; when that fails it throws, and keeps trying in the background. */
  async start(): Promise<void> {
    if (this.stopped || this.conn) return;
    try {
      this.connected(await this.open(), false);
    } catch (err) {
      this.schedule();
      throw err;
    }
  }

  /** The connection now, or null while it is being replaced. */
  current(): C | null {
    return this.conn;
  }

  /** Resolves with the first connection of a generation after `newerThan` (-1: the current one); rejects once stopped. */
  connection(newerThan = -1): Promise<C> {
    if (this.conn && this.generation > newerThan) return Promise.resolve(this.conn);
    if (this.stopped) return Promise.reject(new Error(`${this.opts.name} is stopped`));
    return new Promise((resolve, reject) => this.waiters.push({ newerThan, resolve, reject }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const conn = this.conn;
    this.conn = null;
    if (conn) await this.closeOnce(conn);
    for (const w of this.waiters.splice(0)) w.reject(new Error(`${this.opts.name} is stopped`));
  }

  private async open(): Promise<C> {
    const conn = await this.opts.open();
    // Attached for the connection's whole life (never removed): an 'error' with no listener kills the process.
    conn.on('error', (err: Error) => this.lost(conn, err));
    conn.on('end', () => this.lost(conn, null));
    conn.on('notification', (m: pg.Notification) => {
      if (this.conn === conn) this.opts.onNotification(m.channel, m.payload);
    });
    try {
      await conn.query(`SET application_name = '${this.opts.name}'`);
      for (const ch of this.opts.channels) await conn.query(`LISTEN ${ch}`);
    } catch (err) {
      await this.closeOnce(conn);
      throw err;
    }
    if (this.stopped) {
      await this.closeOnce(conn);
      throw new Error(`${this.opts.name} is stopped`);
    }
    return conn;
  }

  private connected(conn: C, again: boolean): void {
    this.conn = conn;
    this.generation++;
    this.retryMs = this.opts.minRetryMs ?? 250;
    const generation = this.generation;
    const tell = () => {
      if (this.conn !== conn) return;
      for (const w of this.waiters.filter((w) => generation > w.newerThan)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(conn);
      }
    };
    if (!again) return tell();
    this.opts.logger.info({ listener: this.opts.name }, `${this.opts.name}: listening again`);
    void Promise.resolve()
      .then(() => this.opts.onReconnect?.(conn))
      .catch((err: unknown) => this.opts.logger.warn({ err, listener: this.opts.name }, `${this.opts.name}: could not restore its state after reconnecting`))
      .then(tell);
  }

  /** The connection is gone (an error, or its end): closed once; a late event of an old connection does nothing. */
  private lost(conn: C, err: Error | null): void {
    if (this.conn !== conn) return;
    this.conn = null;
    void this.closeOnce(conn);
    if (this.stopped) return;
    // Ctrl-C reaches the embedded PostgreSQL too: a loss while this process stops is logged at debug.
    logConnectionError(this.opts.logger, { err, listener: this.opts.name }, `${this.opts.name}: lost its database connection; reconnecting`);
    this.schedule();
  }

  private async closeOnce(conn: C): Promise<void> {
    if (this.closed.has(conn)) return;
    this.closed.add(conn);
    try {
      await this.opts.close(conn);
    } catch {
      // Already closed by the driver: nothing more to give back.
    }
  }

  private schedule(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.opts.maxRetryMs ?? 10_000, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open().then(
        (conn) => this.connected(conn, true),
        (e: unknown) => {
          if (this.stopped) return;
          logConnectionError(
            this.opts.logger,
            { err: e, listener: this.opts.name, retryInMs: this.retryMs },
            `${this.opts.name}: could not reconnect; retrying`,
          );
          this.schedule();
        },
      );
    }, wait);
    this.retryTimer.unref();
  }
}
