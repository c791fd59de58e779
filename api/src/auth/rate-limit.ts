import { AppError } from '../errors/app-error.js';

/**
 * Login and registration limits per client address and per account name, shared by REST and
 * GraphQL: fixed one-minute windows, 429 (RATE_LIMITED) with Retry-After when exceeded.
 * Counters live in this process; a scaled deployment multiplies the allowance by the number of
 * API processes (the proxy in front may add its own limit).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for each key; throws when any key is over its allowance. */
  hit(keys: Array<[key: string, limit: number]>): void {
    const t = this.now();
    if (this.windows.size > 50_000) for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
    for (const [key, limit] of keys) {
      let w = this.windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + 60_000 };
        this.windows.set(key, w);
      }
      w.count++;
      if (w.count > limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((w.resetAt - t) / 1000));
        throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`, { retryAfterSeconds });
      }
    }
  }

  /** One login or sign-up attempt from `address` for `account`. */
  attempt(address: string | undefined, account: unknown): void {
    const name = typeof account === 'string' ? account.trim().toLowerCase().slice(0, 254) : '';
    this.hit([
      [`ip:${address ?? 'unknown'}`, this.perMinute],
      [`account:${name}`, Math.max(1, Math.ceil(this.perMinute / 2))],
    ]);
  }
}
