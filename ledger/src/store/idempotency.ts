import { canonicalJson, sha256Hex } from '../audit/hash.js';
import { LedgerError } from '../errors.js';
import type { Cents } from '../money.js';
import { StreamVersionClash } from './db.js';
import type { SqlStatement } from './sql-statement.js';

/** The first answer to a keyed command, given again to every repeat of it. */
export interface StoredAnswer {
  eventId: string | null;
  balance: Cents;
  transactionId: string | null;
}

export const payloadHashOf = (payload: Record<string, unknown>): string => sha256Hex(canonicalJson(payload));

export interface StoredKey {
  payloadHash: string;
  answer: StoredAnswer;
}

/**
 * The stored keys in a JSON array of `{ key, payloadHash, answer }` (as the batch's read returns them).
 * Keys are written with their answers in the transaction of their events; a key without one is from
 * an older, interrupted write, and retrying on fresh state is the safe reading.
 */
export function storedKeysFrom(rows: ReadonlyArray<{ key: string; payloadHash: string; answer: StoredAnswer | null }>): Map<string, StoredKey> {
  const stored = new Map<string, StoredKey>();
  for (const row of rows) {
    if (row.answer === null) throw new StreamVersionClash(`Idempotency key ${row.key} is in flux`);
    stored.set(row.key, { payloadHash: row.payloadHash, answer: row.answer });
  }
  return stored;
}

/** A repeat's answer, or the refusal of a key reused with different details. */
export function answerForRepeat(key: string, payloadHash: string, stored: StoredKey): StoredAnswer {
  if (stored.payloadHash !== payloadHash) {
    throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This request was already made with different details and cannot be repeated with new ones', {
      idempotencyKey: key,
    });
  }
  return stored.answer;
}

/**
 * Records the keys with their first answers. The primary key settles a race with another process:
 * a concurrent duplicate blocks on the uncommitted key until the first transaction ends, then
 * inserts nothing; the batch sees fewer rows than keys and is retried on fresh state, where it finds
 * the first answer.
 */
export function keysInsert(rows: ReadonlyArray<{ key: string } & StoredKey>, now: Date): SqlStatement | null {
  if (rows.length === 0) return null;
  return {
    text: `INSERT INTO ledger_idempotency_keys (key, payload_hash, answer, created_at)
     SELECT k, h, a, $4::timestamptz FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS u(k, h, a)
     ON CONFLICT (key) DO NOTHING`,
    values: [rows.map((r) => r.key), rows.map((r) => r.payloadHash), rows.map((r) => JSON.stringify(r.answer)), now.toISOString()],
    rows: rows.length,
  };
}
