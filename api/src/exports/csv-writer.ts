import { stringify } from 'csv-stringify/sync';
import type { CsvFormatSpec } from './csv-formats.js';
import type { ExportRow } from './export-rows.js';

/** UTF-8 byte order mark: only on request (`?bom=1`), for Excel on Windows; agencies' uploaders expect none. */
export const UTF8_BOM = '\ufeff';

/**
 * RFC 4180 through csv-stringify: CRLF between records, a field quoted when it holds a comma, a
 * quote, CR or LF, and quotes inside doubled. Each call renders one batch, so a whole export is a
 * sequence of small strings, never one big one.
 */
const options = { record_delimiter: '\r\n', quote: '"', escape: '"', eof: true } as const;

export function csvHeader(spec: CsvFormatSpec): string {
  return stringify([spec.header as string[]], options);
}

export function csvRows(spec: CsvFormatSpec, rows: readonly ExportRow[]): string {
  return rows.length ? stringify(rows.map(spec.cells), options) : '';
}
