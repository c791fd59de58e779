import { Decimal as DecimalJs } from 'decimal.js';
import { LedgerError } from './errors.js';

/** Integer hundredths of a credit. Always a safe integer: money never lives in a float. */
export type Cents = number;

/** A private Decimal constructor, so the ledger never depends on (or changes) global Decimal settings. */
const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
type Decimal = DecimalJs;

export const SIGNUP_BONUS: Cents = 100_00;
/** SPEC §5/§9: amounts are entered with at most 2 decimals, credits up to a billion either way. */
export const MAX_CREDIT_AMOUNT_CREDITS = 1_000_000_000;
export const MAX_AMOUNT: Cents = MAX_CREDIT_AMOUNT_CREDITS * 100;
/** SPEC §9: markup allowed 0 to 1000 percent. */
export const MAX_MARKUP_PERCENT = 1000;
/** Cost per file set is kept to 4 decimals (the precision SPEC §9 shows for per-credit prices). */
const COST_DECIMALS = 4;

const INVALID_AMOUNT = 'Please enter a valid credit amount';
const DECIMAL_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses a user-entered credit amount (a number or a decimal string such as "12.50") into cents.
 * Exponents, NaN, Infinity, empty strings and other types are refused with the message the UI shows.
 * Zero is accepted here; commands that need a non-zero amount refuse it with their own message.
 */
export function parseCreditAmount(input: unknown): Cents {
  let amount: Decimal;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new LedgerError('VALIDATION', INVALID_AMOUNT);
    // String(n) is the shortest text that round-trips, so 0.1 + 0.2 shows its 17 decimals and is refused.
    amount = new Decimal(String(input));
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (!DECIMAL_STRING.test(text)) throw new LedgerError('VALIDATION', INVALID_AMOUNT);
    amount = new Decimal(text);
  } else {
    throw new LedgerError('VALIDATION', INVALID_AMOUNT);
  }
  if (amount.decimalPlaces() > 2) {
    throw new LedgerError('VALIDATION', 'A credit amount can have at most 2 decimal places');
  }
  if (amount.abs().greaterThan(MAX_CREDIT_AMOUNT_CREDITS)) {
    throw new LedgerError('VALIDATION', 'A credit amount must be between -1,000,000,000 and 1,000,000,000 credits');
  }
  // `+ 0` turns -0 into 0, so "-0.00" is plain zero.
  return amount.times(100).toNumber() + 0;
}

/** "100.00", "-0.03": two decimals, minus sign before the number, no grouping. */
export function formatCredits(c: Cents): string {
  assertCents(c, 'amount');
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cost of one file set in credits, as a decimal string: base x (1 + markup / 100).
 * ("0.02", 50) -> "0.03". Rounded half-up to 4 decimals, trailing zeros trimmed down to 2 decimals
 * ("0.0267" for a 33.3% markup, "0.22" for 1000%). The name keeps the API's wording; the value is credits.
 */
export function costPerFilesetCents(baseCostCredits: string, markupPercent: string | number): string {
  const base = parseNonNegativeDecimal(baseCostCredits, 'Please enter a valid base cost per file set');
  const markup = parseNonNegativeDecimal(markupPercent, 'Please enter a valid markup percentage (0 or greater)');
  if (markup.greaterThan(MAX_MARKUP_PERCENT)) {
    throw new LedgerError('VALIDATION', `The markup percentage can be at most ${MAX_MARKUP_PERCENT}`);
  }
  const cost = base.times(markup.dividedBy(100).plus(1)).toDecimalPlaces(COST_DECIMALS);
  return cost.decimalPlaces() <= 2 ? cost.toFixed(2) : cost.toFixed();
}

/** What a run of `fileSetCount` file sets costs, in cents: round-half-up(count x cost) to 2 decimals. */
export function runCostCents(fileSetCount: number, costPerFileset: string): Cents {
  if (!Number.isSafeInteger(fileSetCount) || fileSetCount < 0) {
    throw new LedgerError('VALIDATION', 'The number of file sets must be a whole number, 0 or more');
  }
  const cost = parseNonNegativeDecimal(costPerFileset, 'Please enter a valid cost per file set');
  const cents = cost.times(fileSetCount).toDecimalPlaces(2).times(100);
  if (cents.greaterThan(MAX_AMOUNT)) {
    throw new LedgerError('VALIDATION', 'The processing cost is too large');
  }
  return cents.toNumber();
}

/** Decimal text of a cents amount, for error details and messages. */
export const centsToDecimalString = (c: Cents): string => formatCredits(c);

export function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new LedgerError('VALIDATION', `The ${what} must be a whole number of hundredths of a credit`);
  }
}

function parseNonNegativeDecimal(input: unknown, message: string): Decimal {
  let value: Decimal;
  if (typeof input === 'number' && Number.isFinite(input)) value = new Decimal(String(input));
  else if (typeof input === 'string' && DECIMAL_STRING.test(input.trim())) value = new Decimal(input.trim());
  else throw new LedgerError('VALIDATION', message);
  if (value.isNegative() && !value.isZero()) throw new LedgerError('VALIDATION', message);
  return value;
}
