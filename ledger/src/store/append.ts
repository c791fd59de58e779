import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { idempotencyOf, runOf, type LedgerCommand } from '../commands.js';
import { decide, validateCommand } from '../decide.js';
import { LedgerError } from '../errors.js';
import { streamIdFor } from '../events.js';
import { evolve, fold, initialState, type AccountState } from '../evolve.js';
import { lockAccountHead, saveBalance } from '../projections/balance-table.js';
import { insertTransactions, transactionRecordFor, type TransactionRecord } from '../projections/transaction-history-table.js';
import type { Posted } from '../types.js';
import { inTransaction, isWriteClash } from './db.js';
import { appendEvents, EVENT_COLUMNS, toDomainEvent, toEventRow, type EventRecord } from './events-table.js';
import { claimIdempotencyKey, payloadHashOf, recordAnswer, type StoredAnswer } from './idempotency.js';
import { insertPostings } from './postings-table.js';

export interface StoreDeps {
  now: () => Date;
  newId?: () => string;
}

/** Attempts per command when another writer moved the stream first, before giving up with CONCURRENCY. */
const MAX_ATTEMPTS = 6;

/**
 * Runs one command end to end. Each attempt is ONE database transaction holding the idempotency
 * claim, the events, their postings, the balance and the transaction history, so a refused or failed
 * command leaves nothing behind. A clash on the stream version retries the command on fresh state.
 */
export async function handleCommand(pool: pg.Pool, command: LedgerCommand, deps: StoreDeps): Promise<Posted> {
  validateCommand(command);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, (client) => attemptCommand(client, command, deps));
    } catch (error) {
      if (!isWriteClash(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new LedgerError('CONCURRENCY', 'The account is busy; please try again', {
          userId: command.data.userId,
          attempts: attempt,
        });
      }
      // Jittered back-off so the writers that clashed do not meet again on the next attempt.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

async function attemptCommand(client: pg.PoolClient, command: LedgerCommand, deps: StoreDeps): Promise<Posted> {
  const now = deps.now();
  const idempotency = idempotencyOf(command);
  if (idempotency) {
    const claim = await claimIdempotencyKey(client, idempotency.key, payloadHashOf(idempotency.payload), now);
    if (!claim.claimed) return { ...claim.answer, replayed: true };
  }

  const { userId } = command.data;
  const streamId = streamIdFor(userId);
  const head = await lockAccountHead(client, userId);
  const expectedVersion = head?.streamVersion ?? 0;
  const state: AccountState = {
    opened: head !== null,
    balance: head?.balance ?? 0,
    runs: await loadRuns(client, streamId, runOf(command)),
  };

  const events = decide(command, state);
  const appended = await appendEvents(client, {
    streamId,
    userId,
    expectedVersion,
    prevHash: head?.lastHash ?? null,
    events,
    createdAt: now,
    newId: deps.newId ?? randomUUID,
  });

  let after = state;
  const history: TransactionRecord[] = [];
  for (const row of appended) {
    after = evolve(after, toDomainEvent(row));
    const record = transactionRecordFor(row, after.balance);
    if (record) history.push(record);
  }
  if (appended.length > 0) {
    await insertPostings(client, appended);
    await saveBalance(client, {
      userId,
      streamId,
      expectedVersion,
      streamVersion: expectedVersion + appended.length,
      streamHeadHash: appended.at(-1)!.hash,
      balance: after.balance,
      updatedAt: now,
    });
    await insertTransactions(client, history);
  }

  const last = history.at(-1);
  const answer: StoredAnswer = {
    eventId: last?.eventId ?? appended.at(-1)?.id ?? null,
    balance: after.balance,
    transactionId: last?.eventId ?? null,
  };
  if (idempotency) await recordAnswer(client, idempotency.key, answer);
  return { ...answer, replayed: false };
}

/**
 * The slice of state the rules need about one processing run: that run's charge and refund, read
 * through an index instead of folding the whole stream (accounts accumulate many runs).
 */
async function loadRuns(client: pg.ClientBase, streamId: string, runId: string | null): Promise<AccountState['runs']> {
  if (runId === null) return {};
  const result = await client.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM ledger_events
     WHERE stream_id = $1 AND payload->>'runId' = $2 AND type IN ('ProcessingCharged', 'ProcessingRefunded')
     ORDER BY stream_version`,
    [streamId, runId],
  );
  return fold(
    result.rows.map((row) => toDomainEvent(toEventRow(row))),
    initialState(),
  ).runs;
}
