/**
 * The admin ledger export (`GET /api/admin/ledger/events?format=csv`) through the same writer and
 * cell rules as the agency CSVs: RFC 4180 with CRLF, fields with line breaks quoted, and text an
 * administrator or user typed (a reason, a username) formula-guarded. Amounts stay numbers.
 */
import type { LedgerEventRow } from '@shotlog/ledger';
import { decimalCell, textCell } from '../exports/csv-cells.js';
import { csvRecords } from '../exports/csv-writer.js';

export const LEDGER_CSV_COLUMNS = [
  'sequence',
  'id',
  'createdAt',
  'userId',
  'username',
  'type',
  'amount',
  'actorId',
  'actorUsername',
  'reason',
  'streamVersion',
  'hash',
  'prevHash',
] as const;

export type LedgerCsvEvent = Omit<LedgerEventRow, 'amount' | 'payload' | 'streamId'> & { amount: string };

export function ledgerCsvHeader(): string {
  return csvRecords([LEDGER_CSV_COLUMNS]);
}

/** One page of events; `nameOf` gives a user's name ('' when unknown). */
export function ledgerCsvRows(events: readonly LedgerCsvEvent[], nameOf: (id: string | null) => string): string {
  return csvRecords(
    events.map((e) => [
      e.sequence,
      e.id,
      e.createdAt.toISOString(),
      e.userId,
      textCell(nameOf(e.userId)),
      textCell(e.type),
      decimalCell(e.amount),
      e.actorId ?? '',
      textCell(nameOf(e.actorId)),
      textCell(e.reason),
      String(e.streamVersion),
      e.hash,
      e.prevHash ?? '',
    ]),
  );
}
