import type pg from 'pg';
import { eventHash } from '../audit/hash.js';
import { actorOf, balanceChange, LEDGER_EVENT_TYPES, reasonOf, type LedgerEvent } from '../events.js';
import type { LedgerEventRow } from '../types.js';
import { toCents } from './db.js';
import type { SqlStatement } from './sql-statement.js';

/**
 * The columns of ledger_events as LedgerEventRow needs them (int8 read as text, see toCents).
 * The text alias shadows the column in ORDER BY, so queries sort by `ledger_events.sequence`.
 */
export const EVENT_COLUMNS = `id, sequence::text AS sequence, stream_id, stream_version, user_id, type,
  amount::text AS amount, actor_id, reason, payload, created_at, hash, prev_hash`;

export interface EventRecord {
  id: string;
  sequence: string;
  stream_id: string;
  stream_version: number;
  user_id: string;
  type: string;
  amount: string;
  actor_id: string | null;
  reason: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
  hash: string;
  prev_hash: string | null;
}

export const toEventRow = (r: EventRecord): LedgerEventRow => ({
  id: r.id,
  sequence: r.sequence,
  streamId: r.stream_id,
  streamVersion: r.stream_version,
  userId: r.user_id,
  type: r.type,
  amount: toCents(r.amount),
  actorId: r.actor_id,
  reason: r.reason,
  payload: r.payload,
  createdAt: r.created_at,
  hash: r.hash,
  prevHash: r.prev_hash,
});

/** The domain event a stored row holds: its type and, as data, its payload. */
export function toDomainEvent(row: Pick<LedgerEventRow, 'type' | 'payload'>): LedgerEvent {
  if (!(LEDGER_EVENT_TYPES as readonly string[]).includes(row.type)) {
    throw new Error(`Unknown ledger event type: ${row.type}`);
  }
  return { type: row.type, data: row.payload } as LedgerEvent;
}

export interface AppendRequest {
  streamId: string;
  userId: string;
  /** The stream version the events follow; the first goes in at expectedVersion + 1. */
  expectedVersion: number;
  /** The hash of the stream's last event, null for a new stream. */
  prevHash: string | null;
  events: readonly LedgerEvent[];
  createdAt: Date;
  newId: () => string;
}

/** Takes `count` numbers from the global event sequence, in ascending order. */
export async function nextSequences(client: pg.ClientBase, count: number): Promise<string[]> {
  if (count === 0) return [];
  const sequences = await client.query<{ sequence: string }>({
    name: 'ledger_next_sequences',
    text: `SELECT nextval('ledger_event_sequence')::text AS sequence FROM generate_series(1, $1::int)`,
    values: [count],
  });
  return sequences.rows
    .map((row) => BigInt(row.sequence))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
}

/**
 * The rows for events appended to one stream, each hashed over its content and its predecessor's
 * hash; `ids` name them and `sequences` (one per event, ascending) pin their places in the whole ledger.
 */
export function buildEventRows(request: Omit<AppendRequest, 'newId'>, ids: readonly string[], sequences: readonly string[]): LedgerEventRow[] {
  let prevHash = request.prevHash;
  return request.events.map((event, index): LedgerEventRow => {
    const content = {
      id: ids[index]!,
      sequence: sequences[index]!,
      streamId: request.streamId,
      streamVersion: request.expectedVersion + index + 1,
      userId: request.userId,
      type: event.type,
      amount: balanceChange(event),
      actorId: actorOf(event),
      reason: reasonOf(event),
      payload: { ...event.data },
      createdAt: request.createdAt,
      prevHash,
    };
    const hash = eventHash(content);
    prevHash = hash;
    return { ...content, hash };
  });
}

/** One INSERT for any number of rows. A second append of a stream version fails on ledger_events_stream_version_key. */
export function eventRowsInsert(rows: readonly LedgerEventRow[]): SqlStatement | null {
  if (rows.length === 0) return null;
  return {
    text: `INSERT INTO ledger_events (id, sequence, stream_id, stream_version, user_id, type, amount,
       actor_id, reason, payload, created_at, hash, prev_hash)
     SELECT * FROM unnest($1::uuid[], $2::int8[], $3::text[], $4::int4[], $5::text[], $6::text[],
       $7::int8[], $8::text[], $9::text[], $10::jsonb[], $11::timestamptz[], $12::text[], $13::text[])`,
    values: [
      rows.map((r) => r.id),
      rows.map((r) => r.sequence),
      rows.map((r) => r.streamId),
      rows.map((r) => r.streamVersion),
      rows.map((r) => r.userId),
      rows.map((r) => r.type),
      rows.map((r) => r.amount),
      rows.map((r) => r.actorId),
      rows.map((r) => r.reason),
      rows.map((r) => JSON.stringify(r.payload)),
      rows.map((r) => r.createdAt.toISOString()),
      rows.map((r) => r.hash),
      rows.map((r) => r.prevHash),
    ],
    rows: rows.length,
  };
}

/**
 * Every event in global order, a batch at a time (keyset on sequence, so the cost per batch stays
 * flat). Run it inside a snapshot transaction so the batches together are one consistent view.
 */
export async function* readAllEvents(client: pg.ClientBase, batchSize: number): AsyncGenerator<LedgerEventRow[]> {
  let after = '-1';
  for (;;) {
    const batch = await client.query<EventRecord>(
      `SELECT ${EVENT_COLUMNS} FROM ledger_events WHERE ledger_events.sequence > $1::int8
       ORDER BY ledger_events.sequence LIMIT $2`,
      [after, batchSize],
    );
    if (batch.rows.length > 0) yield batch.rows.map(toEventRow);
    if (batch.rows.length < batchSize) return;
    after = batch.rows.at(-1)!.sequence;
  }
}
