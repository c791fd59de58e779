import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { idempotencyOf, runOf, type LedgerCommand } from '../commands.js';
import { decide } from '../decide.js';
import { streamIdFor, type LedgerEvent } from '../events.js';
import { evolve, fold, initialState, type AccountState } from '../evolve.js';
import { lockAccountHeads, saveBalances, type BalanceUpdate } from '../projections/balance-table.js';
import { transactionLineFor } from '../projections/transaction-history.js';
import { insertTransactions, transactionRecordFor, type TransactionRecord } from '../projections/transaction-history-table.js';
import type { LedgerEventRow, Posted } from '../types.js';
import { buildEventRows, EVENT_COLUMNS, insertEventRows, nextSequences, toDomainEvent, toEventRow, type EventRecord } from './events-table.js';
import { answerForRepeat, insertKeys, payloadHashOf, readStoredKeys, type StoredAnswer, type StoredKey } from './idempotency.js';
import { insertPostings } from './postings-table.js';

export interface StoreDeps {
  now: () => Date;
  newId?: () => string;
}

/** What one command of a batch came to: its answer, or the refusal that is its alone. */
export type Outcome = { ok: true; posted: Posted } | { ok: false; error: unknown };

/** An event decided in this batch, with its id and the account balance right after it. */
interface DecidedEvent {
  id: string;
  event: LedgerEvent;
  balanceAfter: number;
}

/** An account as the batch moves it: where it started and where its commands have taken it so far. */
interface AccountCursor {
  userId: string;
  streamId: string;
  expectedVersion: number;
  headHash: string | null;
  state: AccountState;
  decided: DecidedEvent[];
}

/**
 * Runs a batch of commands inside ONE database transaction the caller opened (see command-queue.ts):
 * locks every account they touch, decides each command in order against the state the previous ones
 * left, then writes all their events, postings, balances, history lines and idempotency answers with
 * one statement per table. A refusal (insufficient credits, a key reused with other details) is that
 * command's outcome and writes nothing for it; a database error or a write clash throws, rolling back
 * the whole batch, and the queue retries.
 */
export async function appendBatch(client: pg.ClientBase, commands: readonly LedgerCommand[], deps: StoreDeps): Promise<Outcome[]> {
  const now = deps.now();
  const newId = deps.newId ?? randomUUID;
  const keyed = commands.map((command) => {
    const idempotency = idempotencyOf(command);
    return idempotency ? { key: idempotency.key, payloadHash: payloadHashOf(idempotency.payload) } : null;
  });

  const userIds = [...new Set(commands.map((c) => c.data.userId))].sort();
  const heads = await lockAccountHeads(client, userIds);
  // Keys first used earlier in this batch join the stored ones as the batch goes.
  const keys = await readStoredKeys(client, [...new Set(keyed.flatMap((k) => (k ? [k.key] : [])))]);
  const runs = await loadRuns(client, commands);
  const accounts = new Map<string, AccountCursor>(
    userIds.map((userId) => {
      const head = heads.get(userId);
      const state: AccountState = { opened: head !== undefined, balance: head?.balance ?? 0, runs: runs.get(userId) ?? {} };
      return [userId, { userId, streamId: streamIdFor(userId), expectedVersion: head?.streamVersion ?? 0, headHash: head?.lastHash ?? null, state, decided: [] }];
    }),
  );

  // Decide in arrival order; each accepted command moves its account's state for the next one.
  const newKeys: Array<{ key: string } & StoredKey> = [];
  const outcomes = commands.map((command, index): Outcome => {
    const key = keyed[index];
    const account = accounts.get(command.data.userId)!;
    try {
      const earlier = key && keys.get(key.key);
      if (key && earlier) return { ok: true, posted: { ...answerForRepeat(key.key, key.payloadHash, earlier), replayed: true } };
      let lastLine: string | null = null;
      let lastEvent: string | null = null;
      for (const event of decide(command, account.state)) {
        account.state = evolve(account.state, event);
        const id = newId();
        account.decided.push({ id, event, balanceAfter: account.state.balance });
        lastEvent = id;
        if (transactionLineFor(event)) lastLine = id;
      }
      const answer: StoredAnswer = { eventId: lastLine ?? lastEvent, balance: account.state.balance, transactionId: lastLine };
      if (key) {
        const entry = { payloadHash: key.payloadHash, answer };
        keys.set(key.key, entry);
        newKeys.push({ key: key.key, ...entry });
      }
      return { ok: true, posted: { ...answer, replayed: false } };
    } catch (error) {
      return { ok: false, error };
    }
  });

  // One sequence range for the batch, handed out account by account; each stream chains its own hashes.
  const moved = [...accounts.values()].filter((a) => a.decided.length > 0);
  const sequences = await nextSequences(client, moved.reduce((n, a) => n + a.decided.length, 0));
  let taken = 0;
  const rows: LedgerEventRow[] = [];
  const history: TransactionRecord[] = [];
  const balances: BalanceUpdate[] = moved.map((account) => {
    const { decided } = account;
    const accountRows = buildEventRows(
      { streamId: account.streamId, userId: account.userId, expectedVersion: account.expectedVersion, prevHash: account.headHash, events: decided.map((d) => d.event), createdAt: now },
      decided.map((d) => d.id),
      sequences.slice(taken, (taken += decided.length)),
    );
    accountRows.forEach((row, i) => {
      rows.push(row);
      const record = transactionRecordFor(row, decided[i]!.balanceAfter);
      if (record) history.push(record);
    });
    return {
      userId: account.userId,
      streamId: account.streamId,
      expectedVersion: account.expectedVersion,
      streamVersion: account.expectedVersion + decided.length,
      streamHeadHash: accountRows.at(-1)!.hash,
      balance: account.state.balance,
      updatedAt: now,
    };
  });

  await insertEventRows(client, rows);
  await insertPostings(client, rows);
  await saveBalances(client, balances);
  await insertTransactions(client, history);
  await insertKeys(client, newKeys, now);
  return outcomes;
}

/**
 * The slice of state the rules need about the processing runs the batch names: each run's charge
 * and refund, read through an index instead of folding whole streams (accounts accumulate many runs).
 */
async function loadRuns(client: pg.ClientBase, commands: readonly LedgerCommand[]): Promise<Map<string, AccountState['runs']>> {
  const named = commands.flatMap((command) => {
    const runId = runOf(command);
    return runId === null ? [] : [{ streamId: streamIdFor(command.data.userId), userId: command.data.userId, runId }];
  });
  if (named.length === 0) return new Map();
  const result = await client.query<EventRecord>({
    name: 'ledger_load_runs',
    text: `SELECT ${EVENT_COLUMNS} FROM ledger_events
     WHERE (stream_id, payload->>'runId') IN (SELECT * FROM unnest($1::text[], $2::text[]))
       AND type IN ('ProcessingCharged', 'ProcessingRefunded')
     ORDER BY ledger_events.sequence`,
    values: [named.map((n) => n.streamId), named.map((n) => n.runId)],
  });
  const byUser = new Map<string, LedgerEvent[]>();
  for (const row of result.rows) {
    const events = byUser.get(row.user_id) ?? [];
    events.push(toDomainEvent(toEventRow(row)));
    byUser.set(row.user_id, events);
  }
  return new Map([...byUser].map(([userId, events]) => [userId, fold(events, initialState()).runs]));
}
