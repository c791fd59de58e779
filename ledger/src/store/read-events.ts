import type pg from 'pg';
import { LedgerError } from '../errors.js';
import { validatePage } from '../paging.js';
import type { EventFilter, LedgerEventRow } from '../types.js';
import { EVENT_COLUMNS, toEventRow, type EventRecord } from './events-table.js';

/** The audit view of the events: filtered by user, type and time (from inclusive, to exclusive), newest first. */
export async function readEvents(pool: pg.Pool, filter: EventFilter): Promise<{ rows: LedgerEventRow[]; total: number }> {
  const { limit, offset, beforeSequence } = validatePage(filter);
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.userId !== undefined) where('user_id = ?', filter.userId);
  if (filter.type !== undefined) where('type = ?', filter.type);
  if (filter.from !== undefined) where('created_at >= ?', validDate(filter.from, 'from'));
  if (filter.to !== undefined) where('created_at < ?', validDate(filter.to, 'to'));
  const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  // The total ignores the keyset: it counts every match, across all pages.
  const countParams = [...params];
  if (beforeSequence !== undefined) where('sequence < ?', beforeSequence);
  const pageSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';

  const [rows, total] = await Promise.all([
    pool.query<EventRecord>(
      `SELECT ${EVENT_COLUMNS} FROM ledger_events ${pageSql}
       ORDER BY ledger_events.sequence DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    ),
    pool.query<{ total: string }>(`SELECT count(*)::text AS total FROM ledger_events ${whereSql}`, countParams),
  ]);
  return { rows: rows.rows.map(toEventRow), total: Number(total.rows[0]!.total) };
}

function validDate(value: Date, name: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new LedgerError('VALIDATION', `The "${name}" date is not a valid date`);
  }
  return value;
}
