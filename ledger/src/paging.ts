import { LedgerError } from './errors.js';
import type { Page } from './types.js';

/** Large enough for any screen or export page, small enough that one call cannot pull the whole ledger. */
export const MAX_PAGE_SIZE = 1_000;

export function validatePage(page: Page): Page {
  const { limit, offset } = page;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new LedgerError('VALIDATION', `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new LedgerError('VALIDATION', 'The page offset must be a whole number, 0 or more');
  }
  const { beforeSequence } = page;
  if (beforeSequence !== undefined && !/^\d{1,19}$/.test(beforeSequence)) {
    throw new LedgerError('VALIDATION', 'The page cursor is not a valid sequence');
  }
  return { limit, offset, beforeSequence };
}
