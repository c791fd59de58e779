import type pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { ListenConnection } from '../../platform/db/listen-connection.js';
import type { Logger } from '../../platform/logging/logger.js';

/** First key of our advisory locks (the second is the upload id's hash): any fixed number of ours. */
const LOCK_NAMESPACE = 73_1842;
/** Where a process asks the others to let an upload's lock go (payload: the upload id). */
export const RELEASE_CHANNEL = 'shotlog_tus_release';

export interface PgUploadLockerOptions {
  /** How long a request waits for an upload's lock before answering 423-like "locked" (tus' ERR_LOCK_TIMEOUT). */
  acquireTimeoutMs?: number;
  pollMs?: number;
  logger?: Pick<Logger, 'warn' | 'info' | 'debug'>;
}

/** How the lock session is named in pg_stat_activity. */
export const LOCKER_APPLICATION_NAME = 'shotlog-tus-locker';

/**
 * The tus lock of one upload, held across API processes: a PostgreSQL advisory lock on one session
 * per process (it dies with the process, so a crashed holder never blocks an upload), plus an
 * in-process table so two requests of the same process (one session: advisory locks are re-entrant
 * there) still exclude each other. A request that finds the upload locked asks the holder to let
 * go, as tus wants for a client that reconnected after a half-open connection: in this process
 * directly, in others by NOTIFY on RELEASE_CHANNEL.
 *
 * The session survives PostgreSQL (db/listen-connection.ts): when it is dropped it is closed once and
 * reopened with backoff; the locks this process held are taken again on the new session (an upload
 * another process took in the gap is let go here). While it is away, a request waits as for a held lock.
 */
export class PgUploadLocker implements Locker {
  private readonly session: ListenConnection<pg.PoolClient>;
  /** Upload id -> how to ask this process' holder to let go. */
  private readonly held = new Map<string, RequestRelease>();
  /** Upload id -> the session generation its advisory lock was taken on (it died with an older one). */
  private readonly acquired = new Map<string, number>();
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;
  private readonly logger: Pick<Logger, 'warn' | 'info' | 'debug'>;

  constructor(
    private readonly pool: pg.Pool,
    opts: PgUploadLockerOptions = {},
  ) {
    this.acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 50;
    this.logger = opts.logger ?? { warn: () => undefined, info: () => undefined, debug: () => undefined };
    this.session = new ListenConnection({
      name: LOCKER_APPLICATION_NAME,
      channels: [RELEASE_CHANNEL],
      open: () => pool.connect(),
      close: (c) => c.release(true),
      onNotification: (_channel, payload) => {
        if (payload) void this.held.get(payload)?.();
      },
      onReconnect: (c) => this.retake(c),
      logger: this.logger,
    });
  }

  start(): Promise<void> {
    return this.session.start();
  }

  stop(): Promise<void> {
    return this.session.stop();
  }

  /** The lock session, or (for a test) the first one newer than `generation`. */
  connection(newerThan = -1): Promise<pg.PoolClient> {
    return this.session.connection(newerThan);
  }

  get generation(): number {
    return this.session.generation;
  }

  newLock(id: string): Lock {
    return new PgUploadLock(this, id);
  }

  /** A new session: the locks this process held died with the old one; take them again. */
  private async retake(c: pg.PoolClient): Promise<void> {
    const generation = this.session.generation;
    for (const id of [...this.acquired.keys()]) {
      const { rows } = await c.query('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, id]);
      if ((rows[0] as { ok: boolean }).ok) {
        if (this.acquired.has(id)) this.acquired.set(id, generation);
        else await c.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, id]); // let go meanwhile
      } else {
        // Another process took it while this one was away: our request lets go.
        this.acquired.delete(id);
        this.logger.warn({ uploadId: id }, 'an upload lock was taken by another process while the lock session was away');
        void this.held.get(id)?.();
      }
    }
  }

  /** One attempt: true when this request now holds the upload. */
  async tryAcquire(id: string, release: RequestRelease): Promise<boolean> {
    const local = this.held.get(id);
    if (local) {
      await local();
      return false;
    }
    const session = this.session.current();
    if (!session) return false; // reconnecting: wait as for a held lock
    const generation = this.session.generation;
    this.held.set(id, release); // reserved before the first await: no second local request passes
    try {
      const { rows } = await session.query('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, id]);
      if ((rows[0] as { ok: boolean }).ok) {
        this.acquired.set(id, generation);
        return true;
      }
    } catch (err) {
      this.held.delete(id);
      if (this.session.generation !== generation || this.session.current() !== session) return false; // the session was lost meanwhile
      throw err;
    }
    this.held.delete(id);
    return false;
  }

  /** Asks every process' holder of `id` to let go (best effort: while the database is away nobody holds it anyway). */
  async askRelease(id: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]).catch(() => undefined);
  }

  async release(id: string): Promise<void> {
    const generation = this.acquired.get(id);
    this.acquired.delete(id);
    try {
      const session = this.session.current();
      // A lock taken on a session since lost died with it: nothing to unlock.
      if (generation === undefined || !session || generation !== this.session.generation) return;
      await session.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, id]).catch((err: unknown) => {
        if (this.session.current() === session) throw err;
      });
    } finally {
      this.held.delete(id);
    }
  }
}

class PgUploadLock implements Lock {
  private holding = false;

  constructor(
    private readonly locker: PgUploadLocker,
    private readonly id: string,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let lastAsk = 0;
    for (;;) {
      if (await this.locker.tryAcquire(this.id, requestRelease)) {
        this.holding = true;
        return;
      }
      if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // Ask at most once a second: the holder needs a moment to drain its request.
      if (Date.now() - lastAsk > 1000) {
        lastAsk = Date.now();
        await this.locker.askRelease(this.id);
      }
      await new Promise((r) => setTimeout(r, this.locker.pollMs));
    }
  }

  async unlock(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await this.locker.release(this.id);
  }
}
