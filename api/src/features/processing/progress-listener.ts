/**
 * Progress changes from every worker process reach this API process through PostgreSQL
 * LISTEN/NOTIFY on the app database (works with either queue backend). One dedicated client
 * listens; when the connection drops it reconnects with backoff and tells every subscriber to
 * re-read (changes during the gap are not lost: the state lives in the job rows).
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../../platform/logging/logger.js';
import { PROGRESS_CHANNEL } from './job-store.js';

/** Event fired for every project on reconnect, so subscribers re-read. */
const ANY = '*';

export class ProgressListener {
  private readonly events = new EventEmitter();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {
    this.events.setMaxListeners(0);
  }

  /** Calls `onChange` whenever the project's progress may have changed; returns the unsubscribe. */
  async subscribe(projectId: string, onChange: () => void): Promise<() => void> {
    await this.ensureConnected();
    this.events.on(projectId, onChange);
    this.events.on(ANY, onChange);
    return () => {
      this.events.off(projectId, onChange);
      this.events.off(ANY, onChange);
    };
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    return (this.connecting ??= this.connect().finally(() => (this.connecting = null)));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel === PROGRESS_CHANNEL && msg.payload) this.events.emit(msg.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${PROGRESS_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.scheduleReconnect(err);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.closed) return;
    this.logger.warn({ err }, 'progress listener lost its database connection; reconnecting');
    client.end().catch(() => undefined);
    this.scheduleReconnect(err);
  }

  private scheduleReconnect(err: unknown): void {
    if (this.closed || this.retryTimer || this.events.listenerCount(ANY) === 0) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(10_000, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.ensureConnected().then(
        () => this.events.emit(ANY),
        () => undefined,
      );
    }, wait);
    this.retryTimer.unref();
    if (err) this.logger.debug({ err, wait }, 'progress listener reconnect scheduled');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const c = this.client;
    this.client = null;
    this.events.removeAllListeners();
    await c?.end().catch(() => undefined);
  }
}
