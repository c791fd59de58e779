import type pg from 'pg';
import type { Cents } from '../money.js';
import { postingsFor } from '../postings.js';
import type { LedgerEventRow } from '../types.js';
import { toCents } from './db.js';
import { toDomainEvent } from './events-table.js';
import type { SqlStatement } from './sql-statement.js';

/** Inserts each event's balanced postings (see postings.ts). */
export function postingsInsert(events: readonly LedgerEventRow[]): SqlStatement | null {
  const rows = events.flatMap((event) => postingsFor(toDomainEvent(event)).map((posting) => ({ eventId: event.id, createdAt: event.createdAt, ...posting })));
  if (rows.length === 0) return null;
  return {
    text: `INSERT INTO ledger_postings (event_id, account, amount, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::int8[], $4::timestamptz[])`,
    values: [rows.map((r) => r.eventId), rows.map((r) => r.account), rows.map((r) => r.amount), rows.map((r) => r.createdAt.toISOString())],
    rows: rows.length,
  };
}

/** Sum of every posting in the ledger; zero whenever the books balance. */
export async function readPostingsTotal(client: pg.Pool | pg.ClientBase): Promise<Cents> {
  const result = await client.query<{ total: string }>('SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_postings');
  return toCents(result.rows[0]!.total);
}

/** Per-account sums, for reconciling postings against replayed balances. */
export async function readPostingSums(client: pg.ClientBase): Promise<Map<string, Cents>> {
  const result = await client.query<{ account: string; total: string }>('SELECT account, sum(amount)::text AS total FROM ledger_postings GROUP BY account');
  return new Map(result.rows.map((r) => [r.account, toCents(r.total)]));
}
