import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so the same content always hashes the same way
 * whatever order PostgreSQL's jsonb hands the keys back in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot hash a non-finite number: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new Error(`Cannot hash a value of type ${typeof value}`);
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Everything stored about an event, except its own hash. */
export interface HashedEventContent {
  id: string;
  sequence: string;
  streamId: string;
  streamVersion: number;
  userId: string;
  type: string;
  amount: number;
  actorId: string | null;
  reason: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  prevHash: string | null;
}

/**
 * sha256 over every column of the event and the previous event's hash in the same stream. Chaining per
 * stream lets different accounts append in parallel; the global sequence inside the content still pins
 * each event's place in the whole ledger.
 */
export function eventHash(c: HashedEventContent): string {
  // Fields are picked one by one so a row that also carries its own hash can be passed in as it is.
  return sha256Hex(
    canonicalJson({
      id: c.id,
      sequence: c.sequence,
      streamId: c.streamId,
      streamVersion: c.streamVersion,
      userId: c.userId,
      type: c.type,
      amount: c.amount,
      actorId: c.actorId,
      reason: c.reason,
      payload: c.payload,
      createdAt: c.createdAt.toISOString(),
      prevHash: c.prevHash,
    }),
  );
}
