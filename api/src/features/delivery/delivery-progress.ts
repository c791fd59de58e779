import type pg from 'pg';

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

/** One LISTEN connection per process, opened on the first watcher and released with the last one. */
export class DeliveryProgressFeed implements ProgressWatch {
  private client: pg.PoolClient | null = null;
  private detach: () => void = () => undefined;
  private starting = false;
  private readonly watchers = new Map<string, Set<() => void>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Open watchers (the streams' state, read by the tests). */
  get watching(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** Whether the LISTEN connection is held. */
  get listening(): boolean {
    return this.client !== null || this.starting;
  }

  watch(deliveryId: string, onChange: () => void): () => void {
    let set = this.watchers.get(deliveryId);
    if (!set) this.watchers.set(deliveryId, (set = new Set()));
    const fn = () => onChange();
    set.add(fn);
    void this.listen();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      set.delete(fn);
      if (!set.size && this.watchers.get(deliveryId) === set) this.watchers.delete(deliveryId);
      if (this.watching === 0 && this.client) this.drop(this.client, false);
    };
  }

  private wake(deliveryId: string | undefined): void {
    const sets = deliveryId === undefined ? [...this.watchers.values()] : [this.watchers.get(deliveryId) ?? new Set<() => void>()];
    for (const set of sets) for (const fn of [...set]) fn();
  }

  private async listen(): Promise<void> {
    if (this.client || this.starting || this.watching === 0) return;
    this.starting = true;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const mine = client;
      const onNotification = (msg: pg.Notification) => msg.channel === PROGRESS_CHANNEL && msg.payload && this.wake(msg.payload);
      const onError = (err: Error) => {
        this.onError(err);
        this.drop(mine, true);
      };
      mine.on('notification', onNotification);
      mine.on('error', onError);
      // A pooled connection goes back to the pool without this feed's listeners.
      this.detach = () => {
        mine.off('notification', onNotification);
        mine.off('error', onError);
      };
      await mine.query(`LISTEN ${PROGRESS_CHANNEL}`);
      this.client = mine;
      this.starting = false;
      if (this.watching === 0) return this.drop(mine, false);
      // What changed while nobody listened is read once now.
      this.wake(undefined);
    } catch (err) {
      this.starting = false;
      if (client && this.client !== client) {
        this.detach();
        client.release(true);
      }
      this.onError(err);
      if (this.watching > 0) setTimeout(() => void this.listen(), 1000).unref();
    }
  }

  /** Releases the LISTEN connection once, whatever order errors and the last unwatch arrive in. */
  private drop(client: pg.PoolClient, broken: boolean): void {
    if (this.client !== client) return;
    this.client = null;
    const detach = this.detach;
    if (broken) {
      detach();
      client.release(true);
    } else {
      // Until UNLISTEN answers, an error on the connection is still caught (and ignored: drop ran).
      void client.query(`UNLISTEN ${PROGRESS_CHANNEL}`).then(
        () => (detach(), client.release()),
        () => (detach(), client.release(true)),
      );
    }
    if (broken && this.watching > 0) {
      this.wake(undefined);
      setTimeout(() => void this.listen(), 1000).unref();
    }
  }
}
