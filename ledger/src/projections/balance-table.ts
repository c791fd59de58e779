import type pg from 'pg';
import type { Cents } from '../money.js';
import { StreamVersionClash, toCents } from '../store/db.js';

/** The head of an account's stream as the balance projection holds it. */
export interface AccountHead {
  streamVersion: number;
  balance: Cents;
  lastHash: string;
}

/**
 * Locks the accounts' balance rows for the rest of the transaction and reads their stream heads.
 * Every command on one account queues here, so the balance a rule checks is the balance it changes:
 * concurrent spends cannot overdraw. Rows are locked in user id order so two batches that share
 * accounts cannot deadlock. An account that was never opened has no row (nothing to lock; two
 * openers then clash on the stream version instead).
 */
export async function lockAccountHeads(client: pg.ClientBase, userIds: readonly string[]): Promise<Map<string, AccountHead>> {
  const result = await client.query<{ user_id: string; stream_version: number; balance: string; last_hash: string }>({
    name: 'ledger_lock_accounts',
    text: `SELECT user_id, stream_version, balance::text AS balance, stream_head_hash AS last_hash
     FROM ledger_account_balances WHERE user_id = ANY($1::text[])
     ORDER BY user_id
     FOR UPDATE`,
    values: [userIds],
  });
  return new Map(result.rows.map((row) => [row.user_id, { streamVersion: row.stream_version, balance: toCents(row.balance), lastHash: row.last_hash }]));
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

/**
 * Moves each account's projection to its new head, only from the head its commands started from:
 * existing rows by a version-checked UPDATE, new accounts by an INSERT that a concurrent opener beats.
 */
export async function saveBalances(client: pg.ClientBase, updates: readonly BalanceUpdate[]): Promise<void> {
  const moved = updates.filter((u) => u.expectedVersion > 0);
  const opened = updates.filter((u) => u.expectedVersion === 0);
  if (moved.length > 0) {
    const result = await client.query({
      name: 'ledger_save_balances',
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
    });
    if (result.rowCount !== moved.length) throw new StreamVersionClash('An account moved past the version its commands started from');
  }
  if (opened.length > 0) {
    const result = await client.query({
      name: 'ledger_open_balances',
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
    });
    if (result.rowCount !== opened.length) throw new StreamVersionClash('An account was opened by another writer first');
  }
}

export async function readBalance(pool: pg.Pool, userId: string): Promise<Cents> {
  const result = await pool.query<{ balance: string }>('SELECT balance::text AS balance FROM ledger_account_balances WHERE user_id = $1', [userId]);
  // An account that was never opened holds no credits.
  return result.rows[0] ? toCents(result.rows[0].balance) : 0;
}
