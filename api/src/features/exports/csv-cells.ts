/**
 * Cell rules shared by every CSV Shotlog writes.
 *
 * Formula injection (OWASP "CSV Injection"): a text cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets. Such a cell is
 * prefixed with a single quote `'`, which spreadsheets show as text and do not evaluate. Numeric
 * columns (latitude, longitude, Adobe's category number) are written by `numberCell` from numbers,
 * so `-3.37` stays a number a spreadsheet can compute with and never needs the prefix.
 *
 * A cell holding a line break is quoted by the writer, so it stays one cell; a line inside it that
 * starts like a formula is prefixed too, for readers that split on line breaks anyway. The Unicode
 * line breaks (NEL U+0085, LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029) count as line breaks
 * here: some readers and pasted-into editors split on them as they do on CR and LF.
 */
// The fullwidth forms (＝ ＋ － ＠) too: Apple Numbers folds them to their ASCII twins (as
// csv-stringify's own escape_formulas notes).
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
/** A formula-looking start right after a line break (CR, LF, NEL, U+2028, U+2029). */
const LINE_FORMULA_START = /(?<=[\r\n\u0085\u2028\u2029])(?=[=+\-@\t\uff1d\uff0b\uff0d\uff20])/g;
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export function textCell(value: string | null | undefined): string {
  if (value == null) return '';
  const lines = LINE_BREAK.test(value) ? value.replace(LINE_FORMULA_START, "'") : value;
  return FORMULA_START.test(lines) ? `'${lines}` : lines;
}

/** A decimal amount as the ledger stores it (`-5.00`): a number, not text, so no prefix; anything else is text. */
export function decimalCell(value: string | null | undefined): string {
  if (value == null) return '';
  return /^-?\d+(\.\d+)?$/.test(value) ? value : textCell(value);
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
