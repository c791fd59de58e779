import type pg from 'pg';
import { balanceChange, streamIdFor } from '../events.js';
import { inTransaction, SNAPSHOT } from '../store/db.js';
import { readAllEvents, toDomainEvent } from '../store/events-table.js';
import type { ChainVerification, LedgerEventRow } from '../types.js';
import { eventHash } from './hash.js';

const BATCH = 5_000;

/**
 * Walks every event in global order inside one snapshot (so an append in flight cannot look like a
 * gap) and stops at the first event that fails: its stored hash is not the hash of its content, its
 * prev_hash is not the hash of the event before it in its stream, its version does not follow that
 * event's, or its columns disagree with its payload. An edit, a deleted event or a reordering shows
 * up at the first event it touches.
 */
export async function verifyChain(pool: pg.Pool): Promise<ChainVerification> {
  return inTransaction(
    pool,
    async (client) => {
      const heads = new Map<string, { version: number; hash: string }>();
      let checkedEvents = 0;
      for await (const batch of readAllEvents(client, BATCH)) {
        for (const row of batch) {
          const problem = findProblem(row, heads.get(row.streamId));
          if (problem) return { ok: false, checkedEvents, firstInvalidEventId: row.id, reason: problem };
          heads.set(row.streamId, { version: row.streamVersion, hash: row.hash });
          checkedEvents++;
        }
      }
      return { ok: true, checkedEvents };
    },
    SNAPSHOT,
  );
}

function findProblem(row: LedgerEventRow, previous: { version: number; hash: string } | undefined): string | null {
  if (eventHash(row) !== row.hash) {
    return `Event ${row.id} (sequence ${row.sequence}) does not match its hash: its content was changed`;
  }
  const expectedVersion = (previous?.version ?? 0) + 1;
  if (row.streamVersion !== expectedVersion) {
    return `Event ${row.id} has version ${row.streamVersion} in ${row.streamId}, expected ${expectedVersion}: an event is missing or out of place`;
  }
  if (row.prevHash !== (previous?.hash ?? null)) {
    return `Event ${row.id} does not link to the previous event of ${row.streamId}`;
  }
  return consistencyProblem(row);
}

/** Columns stored beside the payload for querying must say the same as the payload. */
function consistencyProblem(row: LedgerEventRow): string | null {
  let amount: number;
  try {
    amount = balanceChange(toDomainEvent(row));
  } catch {
    return `Event ${row.id} has an unknown type ${row.type}`;
  }
  if (row.payload['userId'] !== row.userId || row.streamId !== streamIdFor(row.userId)) {
    return `Event ${row.id} is filed under a stream or user that its payload does not name`;
  }
  if (amount !== row.amount) return `Event ${row.id} has an amount that disagrees with its payload`;
  return null;
}
