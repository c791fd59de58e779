import type pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** First key of our advisory locks (the second is the upload id's hash): any fixed number of ours. */
const LOCK_NAMESPACE = 73_1842;
/** Where a process asks the others to let an upload's lock go (payload: the upload id). */
export const RELEASE_CHANNEL = 'shotlog_tus_release';

export interface PgUploadLockerOptions {
  /** How long a request waits for an upload's lock before answering 423-like "locked" (tus' ERR_LOCK_TIMEOUT). */
  acquireTimeoutMs?: number;
  pollMs?: number;
}

/**
 * The tus lock of one upload, held across API processes: a PostgreSQL advisory lock on one session
 * per process (it dies with the process, so a crashed holder never blocks an upload), plus an
 * in-process table so two requests of the same process (one session: advisory locks are re-entrant
 * there) still exclude each other. A request that finds the upload locked asks the holder to let
 * go, as tus wants for a client that reconnected after a half-open connection: in this process
 * directly, in others by NOTIFY on RELEASE_CHANNEL.
 */
export class PgUploadLocker implements Locker {
  private session: pg.PoolClient | null = null;
  /** Upload id -> how to ask this process' holder to let go. */
  private readonly held = new Map<string, RequestRelease>();
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;

  constructor(
    private readonly pool: pg.Pool,
    opts: PgUploadLockerOptions = {},
  ) {
    this.acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 50;
  }

  async start(): Promise<void> {
    const session = await this.pool.connect();
    session.on('notification', (m) => {
      if (m.channel === RELEASE_CHANNEL && m.payload) void this.held.get(m.payload)?.();
    });
    // A lost session has lost its locks too: later requests open a new one.
    session.on('error', () => {
      if (this.session === session) this.session = null;
      session.release(true);
    });
    await session.query(`LISTEN ${RELEASE_CHANNEL}`);
    this.session = session;
  }

  async stop(): Promise<void> {
    const session = this.session;
    this.session = null;
    session?.release(true);
  }

  newLock(id: string): Lock {
    return new PgUploadLock(this, id);
  }

  private async query(sql: string, params: unknown[]): Promise<pg.QueryResult> {
    if (!this.session) await this.start();
    return this.session!.query(sql, params);
  }

  /** One attempt: true when this request now holds the upload. */
  async tryAcquire(id: string, release: RequestRelease): Promise<boolean> {
    const local = this.held.get(id);
    if (local) {
      await local();
      return false;
    }
    this.held.set(id, release); // reserved before the first await: no second local request passes
    try {
      const { rows } = await this.query('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, id]);
      if ((rows[0] as { ok: boolean }).ok) return true;
    } catch (err) {
      this.held.delete(id);
      throw err;
    }
    this.held.delete(id);
    return false;
  }

  /** Asks every process' holder of `id` to let go. */
  async askRelease(id: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  async release(id: string): Promise<void> {
    try {
      await this.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, id]);
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
