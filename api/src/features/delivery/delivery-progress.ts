import type pg from 'pg';
import { ListenConnection } from '../../platform/db/listen-connection.js';
import type { Logger } from '../../platform/logging/logger.js';

/**
 * Live delivery status without polling (issue 28 finding 8): whoever changes a delivery's files
 * (the workers, a pause, a resume) NOTIFYs its id on this channel; each API process LISTENs on one
 * connection, held only while a `deliveryProgress` stream is open, and wakes that delivery's streams.
 */
export const PROGRESS_CHANNEL = 'delivery_progress';

/** Announces that these deliveries changed (inside the caller's transaction when it has one). */
export async function notifyProgress(db: Pick<pg.Pool | pg.PoolClient, 'query'>, deliveryIds: readonly string[]): Promise<void> {
  const ids = [...new Set(deliveryIds)];
  if (ids.length) await db.query('select pg_notify($1, d) from unnest($2::text[]) d', [PROGRESS_CHANNEL, ids]);
}

export interface ProgressWatch {
  /** Calls `onChange` whenever the delivery may have changed, until the returned function is called. */
  watch(deliveryId: string, onChange: () => void): () => void;
}

/**
 * One LISTEN connection per process, opened on the first watcher and closed with the last one. It is
 * the shared ListenConnection (platform/db/listen-connection.ts): when PostgreSQL drops it, it is
 * reopened with backoff and every watcher is woken once, to read what changed while nobody listened.
 */
export class DeliveryProgressFeed implements ProgressWatch {
  private session: ListenConnection<pg.PoolClient> | null = null;
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Pick<Logger, 'warn' | 'info' | 'debug'>,
  ) {}

  /** Open watchers (the streams' state, read by the tests). */
  get watching(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** Whether the LISTEN connection is held (or being opened). */
  get listening(): boolean {
    return this.session !== null;
  }

  watch(deliveryId: string, onChange: () => void): () => void {
    let set = this.watchers.get(deliveryId);
    if (!set) this.watchers.set(deliveryId, (set = new Set()));
    const fn = () => onChange();
    set.add(fn);
    this.listen();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      set.delete(fn);
      if (!set.size && this.watchers.get(deliveryId) === set) this.watchers.delete(deliveryId);
      if (this.watching === 0) this.unlisten();
    };
  }

  private wake(deliveryId: string | undefined): void {
    const sets = deliveryId === undefined ? [...this.watchers.values()] : [this.watchers.get(deliveryId) ?? new Set<() => void>()];
    for (const set of sets) for (const fn of [...set]) fn();
  }

  private listen(): void {
    if (this.session || this.watching === 0) return;
    const session = new ListenConnection<pg.PoolClient>({
      name: 'shotlog-delivery-progress',
      channels: [PROGRESS_CHANNEL],
      open: () => this.pool.connect(),
      close: (c) => c.release(true),
      onNotification: (channel, payload) => {
        if (channel === PROGRESS_CHANNEL && payload) this.wake(payload);
      },
      // What changed while the connection was down is read once now.
      onReconnect: () => this.wake(undefined),
      logger: this.logger,
    });
    this.session = session;
    session.start().then(
      // What changed before the LISTEN took effect is read once now.
      () => this.session === session && this.wake(undefined),
      (err: unknown) => this.logger.warn({ err }, 'delivery progress listener failed to start; retrying'),
    );
  }

  private unlisten(): void {
    const session = this.session;
    this.session = null;
    void session?.stop();
  }
}
