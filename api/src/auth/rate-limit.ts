import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors/app-error.js';

/** Where attempt counters live: shared by every API process (see PgAttemptStore). */
export interface AttemptStore {
  /** Counts one attempt for each key in the current window; returns each key's count and the seconds left in the window. */
  increment(keys: string[]): Promise<{ counts: Map<string, number>; secondsLeft: number }>;
}

/**
 * Fixed one-minute windows in PostgreSQL (table `auth_attempts`), on the database clock, so two
 * API processes count the same attempts: a scaled deployment does not multiply the allowance.
 */
export class PgAttemptStore implements AttemptStore {
  private lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  async increment(keys: string[]): Promise<{ counts: Map<string, number>; secondsLeft: number }> {
    const r = await this.pool.query<{ key: string; count: number; seconds_left: string }>(
      `INSERT INTO auth_attempts (key, window_start, count)
       SELECT k, date_trunc('minute', now()), 1 FROM unnest($1::text[]) AS k
       ON CONFLICT (key, window_start) DO UPDATE SET count = auth_attempts.count + 1
       RETURNING key, count, extract(epoch FROM (window_start + interval '1 minute' - clock_timestamp()))::text AS seconds_left`,
      [keys],
    );
    this.sweep();
    const secondsLeft = Math.max(1, Math.ceil(Number(r.rows[0]?.seconds_left ?? 60)));
    return { counts: new Map(r.rows.map((row) => [row.key, row.count])), secondsLeft };
  }

  /** Old windows are deleted now and then (at most once a minute per process), off the request path. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.pool.query(`DELETE FROM auth_attempts WHERE window_start < now() - interval '5 minutes'`).catch(() => undefined);
  }
}

/**
 * Login and registration limits per client address and per account name, shared by REST and
 * GraphQL: 429 (RATE_LIMITED) with Retry-After when exceeded. An account allows half the
 * address allowance, so guessing one account's password is slower than using one address.
 */
export class AttemptLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly store: AttemptStore,
  ) {}

  /** One login or sign-up attempt from `address` for `account`. */
  async attempt(address: string | undefined, account: unknown): Promise<void> {
    const name = typeof account === 'string' ? account.trim().toLowerCase().slice(0, 254) : '';
    // The account key is hashed: a name is whatever the client typed (NUL bytes included), and
    // the counter table must take any of them.
    const accountKey = createHash('sha256').update(name).digest('hex');
    const limits = new Map([
      [`ip:${(address ?? 'unknown').slice(0, 64)}`, this.perMinute],
      [`account:${accountKey}`, Math.max(1, Math.ceil(this.perMinute / 2))],
    ]);
    const { counts, secondsLeft } = await this.store.increment([...limits.keys()]);
    for (const [key, limit] of limits) {
      if ((counts.get(key) ?? 0) > limit) {
        throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${secondsLeft} seconds and try again.`, { retryAfterSeconds: secondsLeft });
      }
    }
  }
}
