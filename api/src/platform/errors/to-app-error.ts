import { ZodError } from 'zod';
import { AppError } from './app-error.js';

/** Connection-level failures of PostgreSQL or Redis: the caller may retry later (503). */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

/**
 * Turns anything thrown into an AppError when we know what it means, or null for a real bug
 * (which the callers log and answer as a generic 500 without leaking internals).
 */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) {
    const first = err.issues[0];
    return new AppError('BAD_USER_INPUT', first?.message ?? 'Invalid input', {
      fields: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  const e = err as { code?: string; name?: string; message?: string; cause?: { code?: string } } | undefined;
  if (e && typeof e === 'object') {
    if (e.name === 'LedgerError') return fromLedgerError(e as LedgerLike);
    const code = e.code ?? e.cause?.code;
    // Input the validators let through but PostgreSQL refuses: the client's fault, never a 500.
    if (code === '22021' || code === '22P05' || /invalid byte sequence|invalid message format/.test(e.message ?? ''))
      return new AppError('BAD_USER_INPUT', 'Text must not contain NUL characters or invalid UTF-8');
    if (code === '22001') return new AppError('BAD_USER_INPUT', 'A value is too long');
    // Class 53, insufficient resources (53300: the server's max_connections reached): busy, not down.
    if (code && /^53[0-9A-Z]{3}$/.test(code))
      return new AppError('SERVICE_UNAVAILABLE', 'The database is busy. Please retry shortly.', { retryAfterSeconds: 2 });
    if (code && unavailableCodes.has(code)) return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please retry shortly.');
    if (
      e.name === 'ConnectionException' ||
      /Connection terminated|connect ECONNREFUSED|not queryable|terminating connection due to administrator command/.test(e.message ?? '')
    ) {
      return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please retry shortly.');
    }
  }
  return null;
}

interface LedgerLike {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

function fromLedgerError(e: LedgerLike): AppError {
  switch (e.code) {
    case 'VALIDATION':
      return new AppError('BAD_USER_INPUT', e.message, e.details);
    case 'INSUFFICIENT_CREDITS':
      return new AppError('INSUFFICIENT_CREDITS', e.message, e.details);
    case 'IDEMPOTENCY_CONFLICT':
    case 'CONCURRENCY':
      return new AppError('CONFLICT', e.message, e.details);
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', e.message, e.details);
    default:
      return new AppError('BAD_USER_INPUT', e.message, e.details);
  }
}
