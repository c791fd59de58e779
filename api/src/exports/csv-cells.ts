/**
 * Cell rules shared by every CSV Shotlog writes.
 *
 * Formula injection (OWASP "CSV Injection"): a text cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets. Such a cell is
 * prefixed with a single quote `'`, which spreadsheets show as text and do not evaluate. Numeric
 * columns (latitude, longitude, Adobe's category number) are written by `numberCell` from numbers,
 * so `-3.37` stays a number a spreadsheet can compute with and never needs the prefix.
 */
// The fullwidth forms (＝ ＋ － ＠) too: Apple Numbers folds them to their ASCII twins (as
// csv-stringify's own escape_formulas notes).
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export function textCell(value: string | null | undefined): string {
  if (value == null) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A number as plain decimal text (at most 6 decimals, never exponent notation), '' when absent. */
export function numberCell(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '';
  const fixed = value.toFixed(6).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/** Keywords as one comma-separated cell (neutralized as a whole: only its start can trigger a formula). */
export function keywordsCell(keywords: readonly string[]): string {
  return textCell(keywords.join(', '));
}
