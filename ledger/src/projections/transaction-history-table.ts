import type pg from 'pg';
import type { Cents } from '../money.js';
import { toCents } from '../store/db.js';
import { toDomainEvent } from '../store/events-table.js';
import type { SqlStatement } from '../store/sql-statement.js';
import type { LedgerEventRow, Page, TransactionRow } from '../types.js';
import { transactionLineFor, type TransactionType } from './transaction-history.js';

/** One row of a transaction-history table: the live one, or a replay's temporary one. */
export interface TransactionRecord {
  eventId: string;
  sequence: string;
  userId: string;
  createdAt: Date;
  description: string;
  amount: Cents;
  balanceAfter: Cents;
  transactionType: TransactionType;
}

/** `line` when the caller already has it (the append path works it out while deciding). */
export function transactionRecordFor(row: LedgerEventRow, balanceAfter: Cents, line = transactionLineFor(toDomainEvent(row))): TransactionRecord | null {
  if (line === null) return null;
  return { eventId: row.id, sequence: row.sequence, userId: row.userId, createdAt: row.createdAt, balanceAfter, ...line };
}

/** Table names are never user input: the live table, or the replay's temporary copy. */
export type TransactionTable = 'ledger_transactions' | 'ledger_replay_transactions';

export function transactionsInsert(records: readonly TransactionRecord[], table: TransactionTable = 'ledger_transactions'): SqlStatement | null {
  if (records.length === 0) return null;
  return {
    text: `INSERT INTO ${table} (event_id, sequence, user_id, created_at, description, amount, balance_after,
       transaction_type)
     SELECT * FROM unnest($1::uuid[], $2::int8[], $3::text[], $4::timestamptz[], $5::text[], $6::int8[],
       $7::int8[], $8::text[])`,
    values: [
      records.map((r) => r.eventId),
      records.map((r) => r.sequence),
      records.map((r) => r.userId),
      records.map((r) => r.createdAt.toISOString()),
      records.map((r) => r.description),
      records.map((r) => r.amount),
      records.map((r) => r.balanceAfter),
      records.map((r) => r.transactionType),
    ],
    rows: records.length,
  };
}

export async function insertTransactions(
  client: pg.ClientBase,
  records: readonly TransactionRecord[],
  table: TransactionTable = 'ledger_transactions',
): Promise<void> {
  const insert = transactionsInsert(records, table);
  // Prepared for the live table only: the replay's temporary table is new in every audit.
  if (insert)
    await client.query({ ...(table === 'ledger_transactions' ? { name: 'ledger_insert_transactions' } : {}), text: insert.text, values: insert.values });
}

/** A user's history, newest first, and how many lines there are in all. */
export async function readTransactions(pool: pg.Pool, userId: string, page: Page): Promise<{ rows: TransactionRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    pool.query<{
      event_id: string;
      created_at: Date;
      description: string;
      amount: string;
      balance_after: string;
      transaction_type: TransactionType;
      sequence: string;
      run_key: string | null;
    }>(
      // The processing run a line belongs to (a run charged per set keys each set "<run>/<set>"): the history groups by it.
      `SELECT event_id, created_at, description, amount::text AS amount, balance_after::text AS balance_after,
         transaction_type, sequence::text AS sequence, (SELECT e.payload->>'runId' FROM ledger_events e WHERE e.id = event_id) AS run_key
       FROM ledger_transactions WHERE user_id = $1 AND ($4::int8 IS NULL OR ledger_transactions.sequence < $4::int8)
       ORDER BY ledger_transactions.sequence DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset, page.beforeSequence ?? null],
    ),
    pool.query<{ total: string }>('SELECT count(*)::text AS total FROM ledger_transactions WHERE user_id = $1', [userId]),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      id: r.event_id,
      createdAt: r.created_at,
      description: r.description,
      amount: toCents(r.amount),
      balanceAfter: toCents(r.balance_after),
      transactionType: r.transaction_type,
      eventId: r.event_id,
      sequence: r.sequence,
      runId: r.run_key ? r.run_key.split('/')[0]! : null,
    })),
    total: Number(total.rows[0]!.total),
  };
}
