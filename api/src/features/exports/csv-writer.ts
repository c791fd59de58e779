import { stringify } from 'csv-stringify/sync';
import type { CsvFormatSpec } from './csv-formats.js';
import type { ExportRow } from './export-rows.js';

/** UTF-8 byte order mark: only on request (`?bom=1`), for Excel on Windows; agencies' uploaders expect none. */
export const UTF8_BOM = '\ufeff';

/**
 * RFC 4180 through csv-stringify: CRLF between records, a field quoted when it holds a comma, a
 * quote, CR or LF, and quotes inside doubled. csv-stringify itself only quotes a field holding the
 * whole record delimiter (CRLF), so a lone CR or LF would start a new row: `quoted_match` quotes
 * those too. Each call renders one batch, so a whole export is a sequence of small strings, never
 * one big one. Every CSV Shotlog writes goes through `csvRecords`, its cells made by csv-cells.ts.
 */
const options = { record_delimiter: '\r\n', quote: '"', escape: '"', eof: true, quoted_match: /[\r\n]/ } as const;

/** Records whose cells are already safe text (csv-cells.ts), as CSV text ('' for none). */
export function csvRecords(records: readonly (readonly string[])[]): string {
  return records.length ? stringify(records as string[][], options) : '';
}

export function csvHeader(spec: CsvFormatSpec): string {
  return csvRecords([spec.header]);
}

export function csvRows(spec: CsvFormatSpec, rows: readonly ExportRow[]): string {
  return csvRecords(rows.map(spec.cells));
}
