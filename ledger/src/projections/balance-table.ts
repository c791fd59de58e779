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
 * Locks the account's balance row for the rest of the transaction and reads the stream head. Every
 * command on one account queues here, so the balance a rule checks is the balance it changes:
 * concurrent spends cannot overdraw. Null when the account has never been opened (nothing to lock;
 * two openers then clash on the stream version instead).
 */
export async function lockAccountHead(client: pg.ClientBase, userId: string): Promise<AccountHead | null> {
  const result = await client.query<{ stream_version: number; balance: string; last_hash: string }>({
    name: 'ledger_lock_account',
    text: `SELECT stream_version, balance::text AS balance, stream_head_hash AS last_hash
     FROM ledger_account_balances WHERE user_id = $1
     FOR UPDATE`,
    values: [userId],
  });
  const row = result.rows[0];
  return row ? { streamVersion: row.stream_version, balance: toCents(row.balance), lastHash: row.last_hash } : null;
}

export interface BalanceUpdate {
  userId: string;
  streamId: string;
  expectedVersion: number;
  streamVersion: number;
  streamHeadHash: string;
  balance: Cents;
  updatedAt: Date;
}

/** Moves the projection to the new head, only from the head the command started from. */
export async function saveBalance(client: pg.ClientBase, update: BalanceUpdate): Promise<void> {
  const result = await client.query({
    name: 'ledger_save_balance',
    text: `INSERT INTO ledger_account_balances (user_id, stream_id, stream_version, stream_head_hash, balance, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE
       SET stream_version = EXCLUDED.stream_version, stream_head_hash = EXCLUDED.stream_head_hash,
         balance = EXCLUDED.balance, updated_at = EXCLUDED.updated_at
       WHERE ledger_account_balances.stream_version = $7`,
    values: [update.userId, update.streamId, update.streamVersion, update.streamHeadHash, update.balance, update.updatedAt, update.expectedVersion],
  });
  if (result.rowCount !== 1) {
    throw new StreamVersionClash(`Stream ${update.streamId} moved past version ${update.expectedVersion}`);
  }
}

export async function readBalance(pool: pg.Pool, userId: string): Promise<Cents> {
  const result = await pool.query<{ balance: string }>('SELECT balance::text AS balance FROM ledger_account_balances WHERE user_id = $1', [userId]);
  // An account that was never opened holds no credits.
  return result.rows[0] ? toCents(result.rows[0].balance) : 0;
}
