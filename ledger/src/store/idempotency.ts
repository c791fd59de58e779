import type pg from 'pg';
import { canonicalJson, sha256Hex } from '../audit/hash.js';
import { LedgerError } from '../errors.js';
import type { Cents } from '../money.js';
import { StreamVersionClash } from './db.js';

/** The first answer to a keyed command, given again to every repeat of it. */
export interface StoredAnswer {
  eventId: string | null;
  balance: Cents;
  transactionId: string | null;
}

export const payloadHashOf = (payload: Record<string, unknown>): string => sha256Hex(canonicalJson(payload));

/**
 * Claims the key for this transaction, or returns the first answer when the same request came before.
 * The insert goes first and relies on the primary key: a concurrent duplicate blocks on the
 * uncommitted key until the first transaction ends, then sees its answer (or, if that one rolled
 * back, claims the key itself). There is no read-then-write window.
 */
export async function claimIdempotencyKey(
  client: pg.ClientBase,
  key: string,
  payloadHash: string,
  now: Date,
): Promise<{ claimed: true } | { claimed: false; answer: StoredAnswer }> {
  const inserted = await client.query({
    name: 'ledger_claim_key',
    text: `INSERT INTO ledger_idempotency_keys (key, payload_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO NOTHING`,
    values: [key, payloadHash, now],
  });
  if (inserted.rowCount === 1) return { claimed: true };

  const existing = await client.query<{ payload_hash: string; answer: StoredAnswer | null }>({
    name: 'ledger_read_key',
    text: 'SELECT payload_hash, answer FROM ledger_idempotency_keys WHERE key = $1',
    values: [key],
  });
  const row = existing.rows[0];
  // Both "gone" and "no answer" are impossible once the claiming transaction committed; retrying
  // on fresh state is the safe reading of either.
  if (!row || row.answer === null) throw new StreamVersionClash(`Idempotency key ${key} is in flux`);
  if (row.payload_hash !== payloadHash) {
    throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This request was already made with different details and cannot be repeated with new ones', {
      idempotencyKey: key,
    });
  }
  return { claimed: false, answer: row.answer };
}

export async function recordAnswer(client: pg.ClientBase, key: string, answer: StoredAnswer): Promise<void> {
  await client.query({
    name: 'ledger_record_answer',
    text: 'UPDATE ledger_idempotency_keys SET answer = $2 WHERE key = $1',
    values: [key, JSON.stringify(answer)],
  });
}
