/**
 * The ledger's one error type. The code says what kind of refusal it is, so the API can map it
 * to a response in one place (validation 400, insufficient credits 402, idempotency conflict 409,
 * concurrency 412/409, not found 404) without parsing messages. Messages are written for users.
 */
export type LedgerErrorCode = 'VALIDATION' | 'INSUFFICIENT_CREDITS' | 'IDEMPOTENCY_CONFLICT' | 'CONCURRENCY' | 'NOT_FOUND';

export class LedgerError extends Error {
  override readonly name = 'LedgerError';

  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const isLedgerError = (error: unknown, code?: LedgerErrorCode): error is LedgerError =>
  error instanceof LedgerError && (code === undefined || error.code === code);
