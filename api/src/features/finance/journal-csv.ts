/**
 * The accounting journal (`GET /api/admin/ledger/journal.csv`): one row per posting, through the
 * same writer and cell rules as every other CSV (exports/csv-writer.ts, csv-cells.ts). A posting
 * that adds to an account is a credit, one that takes from it a debit (users' accounts are what
 * Shotlog owes them), so each event's debits equal its credits.
 */
import { decimalCell, textCell } from '../exports/csv-cells.js';
import { csvRecords } from '../exports/csv-writer.js';

/** The last two name the user beside the id (issue 34 item 6): added at the end, so readers of the first nine keep working. */
export const JOURNAL_CSV_COLUMNS = [
  'date',
  'eventId',
  'eventType',
  'account',
  'debit',
  'credit',
  'userId',
  'actorId',
  'reason',
  'userName',
  'userEmail',
] as const;

export interface JournalRow {
  /** ISO 8601, UTC, milliseconds (as the events are stamped). */
  date: string;
  eventId: string;
  eventType: string;
  account: string;
  /** Credits taken from the account ("12.50"), or null. */
  debit: string | null;
  /** Credits added to the account, or null. */
  credit: string | null;
  userId: string;
  actorId: string | null;
  reason: string | null;
}

/** Who a user id is, for the journal's last columns (empty for an account deleted since). */
export type JournalUsers = ReadonlyMap<string, { username: string; email: string }>;

export function journalCsvHeader(): string {
  return csvRecords([JOURNAL_CSV_COLUMNS]);
}

export function journalCsvRows(rows: readonly JournalRow[], users: JournalUsers = new Map()): string {
  return csvRecords(
    rows.map((r) => [
      r.date,
      r.eventId,
      textCell(r.eventType),
      textCell(r.account),
      decimalCell(r.debit),
      decimalCell(r.credit),
      textCell(r.userId),
      textCell(r.actorId),
      textCell(r.reason),
      textCell(users.get(r.userId)?.username ?? null),
      textCell(users.get(r.userId)?.email ?? null),
    ]),
  );
}
