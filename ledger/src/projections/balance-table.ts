import type pg from 'pg';
import type { Cents } from '../money.js';
import { toCents } from '../store/db.js';
import type { SqlStatement } from '../store/sql-statement.js';

/** The head of an account's stream as the balance projection holds it. */
export interface AccountHead {
  streamVersion: number;
  balance: Cents;
  lastHash: string;
}

/** The heads of the accounts named by the text[] parameter $1. */
export const HEADS_QUERY = `SELECT user_id, stream_version, balance::text AS balance, stream_head_hash AS last_hash
  FROM ledger_account_balances WHERE user_id = ANY($1::text[])`;

export interface HeadRecord {
  user_id: string;
  stream_version: number;
  balance: string;
  last_hash: string;
}

export const toHeads = (rows: readonly HeadRecord[]): Map<string, AccountHead> =>
  new Map(rows.map((row) => [row.user_id, { streamVersion: row.stream_version, balance: toCents(row.balance), lastHash: row.last_hash }]));

/**
 * Locks the accounts' balance rows for the rest of the transaction and reads their stream heads, for
 * the ledger's second try after a clash: commands on one account then queue here instead of clashing
 * again. Rows are locked in user id order so two batches that share accounts cannot deadlock. An
 * account that was never opened has no row (nothing to lock; two openers clash on its first version).
 */
export async function lockAccountHeads(client: pg.ClientBase, userIds: readonly string[]): Promise<Map<string, AccountHead>> {
  const result = await client.query<HeadRecord>({
    name: 'ledger_lock_accounts',
    text: `${HEADS_QUERY} ORDER BY user_id FOR UPDATE`,
    values: [userIds],
  });
  return toHeads(result.rows);
}

export interface BalanceUpdate {
  userId: string;
  streamId: string;
  /** The version the command started from; 0 for an account that had no row yet. */
  expectedVersion: number;
  streamVersion: number;
  streamHeadHash: string;
  balance: Cents;
  updatedAt: Date;
}

/** The version-checked UPDATE that moves existing accounts to their new heads; it touches fewer rows when one moved. */
export function balanceMoves(updates: readonly BalanceUpdate[]): SqlStatement | null {
  const moved = updates.filter((u) => u.expectedVersion > 0);
  if (moved.length === 0) return null;
  return {
    text: `UPDATE ledger_account_balances AS b
     SET stream_version = u.stream_version, stream_head_hash = u.head_hash, balance = u.balance, updated_at = u.updated_at
     FROM unnest($1::text[], $2::int4[], $3::int4[], $4::text[], $5::int8[], $6::timestamptz[])
       AS u(user_id, expected_version, stream_version, head_hash, balance, updated_at)
     WHERE b.user_id = u.user_id AND b.stream_version = u.expected_version`,
    values: [
      moved.map((u) => u.userId),
      moved.map((u) => u.expectedVersion),
      moved.map((u) => u.streamVersion),
      moved.map((u) => u.streamHeadHash),
      moved.map((u) => u.balance),
      moved.map((u) => u.updatedAt.toISOString()),
    ],
    rows: moved.length,
  };
}

/** The INSERT of accounts that had no row yet; it inserts fewer rows when a concurrent opener won. */
export function balanceOpens(updates: readonly BalanceUpdate[]): SqlStatement | null {
  const opened = updates.filter((u) => u.expectedVersion === 0);
  if (opened.length === 0) return null;
  return {
    text: `INSERT INTO ledger_account_balances (user_id, stream_id, stream_version, stream_head_hash, balance, updated_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int4[], $4::text[], $5::int8[], $6::timestamptz[])
     ON CONFLICT (user_id) DO NOTHING`,
    values: [
      opened.map((u) => u.userId),
      opened.map((u) => u.streamId),
      opened.map((u) => u.streamVersion),
      opened.map((u) => u.streamHeadHash),
      opened.map((u) => u.balance),
      opened.map((u) => u.updatedAt.toISOString()),
    ],
    rows: opened.length,
  };
}

export async function readBalance(pool: pg.Pool, userId: string): Promise<Cents> {
  return (await readBalances(pool, [userId])).get(userId)!;
}

/** The balances of several accounts in one statement (a page of users), each user id once in the answer. */
export async function readBalances(pool: pg.Pool, userIds: readonly string[]): Promise<Map<string, Cents>> {
  const result = await pool.query<{ user_id: string; balance: string }>(
    'SELECT user_id, balance::text AS balance FROM ledger_account_balances WHERE user_id = ANY($1::text[])',
    [userIds],
  );
  const found = new Map(result.rows.map((r) => [r.user_id, toCents(r.balance)]));
  // An account that was never opened holds no credits.
  return new Map(userIds.map((id) => [id, found.get(id) ?? 0]));
}
