import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../platform/errors/app-error.js';

/** Where attempt counters live: shared by every API process (see PgAttemptStore). */
export interface AttemptStore {
  /** Counts one attempt for each key in the current window; returns each key's count and the seconds left in the window. */
  increment(keys: string[], window?: AttemptWindow): Promise<{ counts: Map<string, number>; secondsLeft: number }>;
}

/** Counting windows: a minute for logins and sign-ups, an hour for e-mails a request makes us send. */
export type AttemptWindow = 'minute' | 'hour';

/**
 * Fixed one-minute windows in PostgreSQL (table `auth_attempts`), on the database clock, so two
 * API processes count the same attempts: a scaled deployment does not multiply the allowance.
 */
export class PgAttemptStore implements AttemptStore {
  private lastSweep = 0;

  constructor(private readonly pool: pg.Pool) {}

  async increment(keys: string[], window: AttemptWindow = 'minute'): Promise<{ counts: Map<string, number>; secondsLeft: number }> {
    // Hourly keys carry their window in the key, so a minute window and an hour window never share a row.
    const scoped = window === 'hour' ? keys.map((k) => `hour:${k}`) : keys;
    const r = await this.pool.query<{ key: string; count: number; seconds_left: string }>(
      `INSERT INTO auth_attempts (key, window_start, count)
       SELECT k, date_trunc($2, now()), 1 FROM unnest($1::text[]) AS k
       ON CONFLICT (key, window_start) DO UPDATE SET count = auth_attempts.count + 1
       RETURNING key, count, extract(epoch FROM (window_start + ('1 ' || $2)::interval - clock_timestamp()))::text AS seconds_left`,
      [scoped, window],
    );
    this.sweep();
    const secondsLeft = Math.max(1, Math.ceil(Number(r.rows[0]?.seconds_left ?? 60)));
    const unscoped = (k: string) => (window === 'hour' ? k.slice('hour:'.length) : k);
    return { counts: new Map(r.rows.map((row) => [unscoped(row.key), row.count])), secondsLeft };
  }

  /** Old windows are deleted now and then (at most once a minute per process), off the request path. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.pool.query(`DELETE FROM auth_attempts WHERE window_start < now() - interval '2 hours'`).catch(() => undefined);
  }
}

/** The first delay once an account is over its allowance; each further attempt doubles it, up to the maximum. */
export const LOGIN_DELAY_BASE_MS = 500;
export const LOGIN_DELAY_MAX_MS = 8000;

const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Login and registration limits, shared by REST and GraphQL and by every API process.
 *
 * - Per client address: a hard limit (429 RATE_LIMITED with Retry-After), logins and sign-ups together.
 * - Per account, for logins: no lock-out (anyone could lock anyone out by guessing), but a delay
 *   before the password is checked that doubles with each attempt over half the address
 *   allowance in the minute. The account is resolved first (AuthService.login passes its id), so its
 *   username and its e-mail count in one bucket. A correct password gets in, after the delay.
 * - Per requested name, for sign-ups: half the address allowance (429), as before.
 */
export class AttemptLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly store: AttemptStore,
  ) {}

  private get accountAllowance(): number {
    return Math.max(1, Math.ceil(this.perMinute / 2));
  }

  private async count(limits: Map<string, number>): Promise<void> {
    const { counts, secondsLeft } = await this.store.increment([...limits.keys()]);
    for (const [key, limit] of limits) {
      if ((counts.get(key) ?? 0) > limit) {
        throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${secondsLeft} seconds and try again.`, { retryAfterSeconds: secondsLeft });
      }
    }
  }

  private static addressKey = (address: string | undefined) => `ip:${(address ?? 'unknown').slice(0, 64)}`;

  /** One sign-up attempt from `address` for the name `account`. */
  async attempt(address: string | undefined, account: unknown): Promise<void> {
    const name = typeof account === 'string' ? account.trim().toLowerCase().slice(0, 254) : '';
    // The account key is hashed: a name is whatever the client typed (NUL bytes included), and
    // the counter table must take any of them.
    await this.count(
      new Map([
        [AttemptLimiter.addressKey(address), this.perMinute],
        [`account:${hashed(name)}`, this.accountAllowance],
      ]),
    );
  }

  /** One login attempt from `address`: 429 over the address allowance. */
  async loginFromAddress(address: string | undefined): Promise<void> {
    await this.count(new Map([[AttemptLimiter.addressKey(address), this.perMinute]]));
  }

  /** E-mails one account may be sent by anonymous requests (password reset) in an hour. */
  static readonly MAILS_PER_ACCOUNT_PER_HOUR = 3;

  /**
   * Counts one e-mail an anonymous request would send to `account`; false when the account had its
   * hourly allowance already (the caller answers as usual and sends nothing: no enumeration, no mail bomb).
   */
  async mailToAccountAllowed(account: string): Promise<boolean> {
    const key = `mail:${hashed(account)}`;
    const { counts } = await this.store.increment([key], 'hour');
    return (counts.get(key) ?? 0) <= AttemptLimiter.MAILS_PER_ACCOUNT_PER_HOUR;
  }

  /**
   * Counts a login attempt on `account` (a user id when the name or e-mail matched one, else the
   * name as typed) and answers how long to wait before checking its password: 0 within the
   * allowance, then 0.5 s, 1 s, 2 s... up to 8 s.
   */
  async loginDelayMs(account: string): Promise<number> {
    const key = `account:${hashed(account.trim().toLowerCase().slice(0, 254))}`;
    const { counts } = await this.store.increment([key]);
    const over = (counts.get(key) ?? 0) - this.accountAllowance;
    return over > 0 ? Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_BASE_MS * 2 ** (over - 1)) : 0;
  }
}
