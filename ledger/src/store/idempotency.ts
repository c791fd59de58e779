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

export interface StoredKey {
  payloadHash: string;
  answer: StoredAnswer;
}

/** The keys among `keys` that earlier commands used, with the payload hash and first answer of each. */
export async function readStoredKeys(client: pg.ClientBase, keys: readonly string[]): Promise<Map<string, StoredKey>> {
  if (keys.length === 0) return new Map();
  const result = await client.query<{ key: string; payload_hash: string; answer: StoredAnswer | null }>({
    name: 'ledger_read_keys',
    text: 'SELECT key, payload_hash, answer FROM ledger_idempotency_keys WHERE key = ANY($1::text[])',
    values: [keys],
  });
  const stored = new Map<string, StoredKey>();
  for (const row of result.rows) {
    // Keys are written with their answers in the transaction of their events; a row without one
    // is from a transaction still in flight, and retrying on fresh state is the safe reading.
    if (row.answer === null) throw new StreamVersionClash(`Idempotency key ${row.key} is in flux`);
    stored.set(row.key, { payloadHash: row.payload_hash, answer: row.answer });
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
 * inserts nothing, and the whole batch is retried on fresh state, where it finds the first answer.
 */
export async function insertKeys(client: pg.ClientBase, rows: ReadonlyArray<{ key: string } & StoredKey>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  const result = await client.query({
    name: 'ledger_insert_keys',
    text: `INSERT INTO ledger_idempotency_keys (key, payload_hash, answer, created_at)
     SELECT k, h, a, $4 FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS u(k, h, a)
     ON CONFLICT (key) DO NOTHING`,
    values: [rows.map((r) => r.key), rows.map((r) => r.payloadHash), rows.map((r) => JSON.stringify(r.answer)), now],
  });
  if (result.rowCount !== rows.length) throw new StreamVersionClash('An idempotency key was used by another writer at the same time');
}
