/**
 * The accounting journal (`GET /api/admin/ledger/journal.csv`): one row per posting, through the
 * same writer and cell rules as every other CSV (exports/csv-writer.ts, csv-cells.ts). A posting
 * that adds to an account is a credit, one that takes from it a debit (users' accounts are what
 * Shotlog owes them), so each event's debits equal its credits.
 */
import { decimalCell, textCell } from '../exports/csv-cells.js';
import { csvRecords } from '../exports/csv-writer.js';
import { money } from './money-text.js';

export const JOURNAL_CSV_COLUMNS = ['date', 'eventId', 'eventType', 'account', 'debit', 'credit', 'userId', 'actorId', 'reason'] as const;

export interface JournalRow {
  id: string;
  createdAt: Date;
  eventId: string;
  eventType: string;
  account: string;
  /** Signed cents as decimal text. */
  amount: string;
  userId: string;
  actorId: string | null;
  reason: string | null;
}

export function journalCsvHeader(): string {
  return csvRecords([JOURNAL_CSV_COLUMNS]);
}

export function journalCsvRows(rows: readonly JournalRow[]): string {
  return csvRecords(
    rows.map((r) => {
      const negative = r.amount.startsWith('-');
      const value = money(negative ? r.amount.slice(1) : r.amount);
      return [
        r.createdAt.toISOString(),
        r.eventId,
        textCell(r.eventType),
        textCell(r.account),
        negative ? decimalCell(value) : '',
        negative ? '' : decimalCell(value),
        textCell(r.userId),
        textCell(r.actorId),
        textCell(r.reason),
      ];
    }),
  );
}
