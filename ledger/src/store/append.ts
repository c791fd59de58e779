import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { idempotencyOf, runOf, type LedgerCommand } from '../commands.js';
import { decide, mostEventsOf } from '../decide.js';
import { streamIdFor, type LedgerEvent } from '../events.js';
import { evolve, fold, initialState, type AccountState } from '../evolve.js';
import {
  balanceMoves,
  balanceOpens,
  HEADS_QUERY,
  lockAccountHeads,
  toHeads,
  type AccountHead,
  type BalanceUpdate,
  type HeadRecord,
} from '../projections/balance-table.js';
import { transactionLineFor, type TransactionLine } from '../projections/transaction-history.js';
import { transactionRecordFor, transactionsInsert, type TransactionRecord } from '../projections/transaction-history-table.js';
import type { LedgerEventRow, Posted } from '../types.js';
import { buildEventRows, eventRowsInsert, toDomainEvent } from './events-table.js';
import { answerForRepeat, keysInsert, payloadHashOf, storedKeysFrom, type StoredAnswer, type StoredKey } from './idempotency.js';
import { postingsInsert } from './postings-table.js';
import { writeTogether } from './sql-statement.js';

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
  /** Its line in the transaction history, if it moves credits. */
  line: TransactionLine | null;
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
 * How a batch makes sure the state it decided on is still the state it writes over.
 * - optimistic: two statements and no transaction around them: one read (heads, keys, runs, sequence
 *   numbers), then one write that commits everything and fails as a whole if any account moved or any
 *   key was taken meanwhile (the version-checked balance update and ledger_expect_rows).
 * - locked: inside a transaction the caller opened, lock the accounts first, then read and write;
 *   for the second try after a clash, so writers in other processes queue instead of clashing again.
 */
export type BatchMode = 'optimistic' | 'locked';

/**
 * Runs a batch of commands (see command-queue.ts): reads what the rules need, decides each command in
 * order against the state the previous ones left, then writes all events, postings, balances, history
 * lines and idempotency answers in one statement. A refusal (insufficient credits, a key reused with
 * other details) is that command's outcome and writes nothing for it; a database error or a write
 * clash throws, nothing of the batch is written, and the queue retries.
 */
export async function appendBatch(client: pg.ClientBase, commands: readonly LedgerCommand[], deps: StoreDeps, mode: BatchMode): Promise<Outcome[]> {
  const now = deps.now();
  const newId = deps.newId ?? randomUUID;
  const keyed = commands.map((command) => {
    const idempotency = idempotencyOf(command);
    return idempotency ? { key: idempotency.key, payloadHash: payloadHashOf(idempotency.payload) } : null;
  });

  const userIds = [...new Set(commands.map((c) => c.data.userId))].sort();
  // Locked: the read comes after the lock, so a writer in another process that held it is seen.
  const locked = mode === 'locked' ? await lockAccountHeads(client, userIds) : null;
  const read = await readForBatch(client, commands, keyed, locked ? null : userIds);
  const heads = locked ?? read.heads!;
  const { keys, runs, sequences } = read;
  const accounts = new Map<string, AccountCursor>(
    userIds.map((userId) => {
      const head = heads.get(userId);
      const state: AccountState = { opened: head !== undefined, balance: head?.balance ?? 0, runs: runs.get(userId) ?? {} };
      return [
        userId,
        { userId, streamId: streamIdFor(userId), expectedVersion: head?.streamVersion ?? 0, headHash: head?.lastHash ?? null, state, decided: [] },
      ];
    }),
  );

  // Decide in arrival order; each accepted command moves its account's state for the next one.
  // Keys first used earlier in this batch join the stored ones as the batch goes.
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
        const line = transactionLineFor(event);
        account.decided.push({ id, event, balanceAfter: account.state.balance, line });
        lastEvent = id;
        if (line) lastLine = id;
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

  // The sequence numbers go out account by account; each stream chains its own hashes.
  const moved = [...accounts.values()].filter((a) => a.decided.length > 0);
  let taken = 0;
  const rows: LedgerEventRow[] = [];
  const history: TransactionRecord[] = [];
  const balances: BalanceUpdate[] = moved.map((account) => {
    const { decided } = account;
    const accountRows = buildEventRows(
      {
        streamId: account.streamId,
        userId: account.userId,
        expectedVersion: account.expectedVersion,
        prevHash: account.headHash,
        events: decided.map((d) => d.event),
        createdAt: now,
      },
      decided.map((d) => d.id),
      sequences.slice(taken, (taken += decided.length)),
    );
    accountRows.forEach((row, i) => {
      rows.push(row);
      const { line, balanceAfter } = decided[i]!;
      const record = transactionRecordFor(row, balanceAfter, line);
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
  if (taken > sequences.length) throw new Error(`The batch decided ${taken} events but took ${sequences.length} sequence numbers`);

  await writeTogether(client, {
    events: eventRowsInsert(rows),
    postings: postingsInsert(rows),
    moves: balanceMoves(balances),
    opens: balanceOpens(balances),
    history: transactionsInsert(history),
    keys: keysInsert(newKeys, now),
  });
  return outcomes;
}

interface BatchReads {
  /** Only when asked for (optimistic mode). */
  heads?: Map<string, AccountHead>;
  keys: Map<string, StoredKey>;
  runs: Map<string, AccountState['runs']>;
  /** Enough for the most events the batch could decide, ascending. */
  sequences: string[];
}

/**
 * One statement for everything the batch reads: the heads of `headsOf` accounts (unless they were
 * locked already), the idempotency keys it names, the processing runs it names (each run's charge and
 * refund, through an index instead of folding whole streams), and its sequence numbers.
 */
async function readForBatch(
  client: pg.ClientBase,
  commands: readonly LedgerCommand[],
  keyed: ReadonlyArray<{ key: string } | null>,
  headsOf: readonly string[] | null,
): Promise<BatchReads> {
  const named = commands.flatMap((command) => {
    const runId = runOf(command);
    return runId === null ? [] : [{ streamId: streamIdFor(command.data.userId), runId }];
  });
  const result = await client.query<{
    heads: HeadRecord[] | null;
    keys: Array<{ key: string; payloadHash: string; answer: StoredAnswer | null }>;
    runs: Array<{ userId: string; type: string; payload: Record<string, unknown> }>;
    sequences: string[];
  }>({
    name: headsOf ? 'ledger_read_batch_with_heads' : 'ledger_read_batch',
    text: `SELECT
       ${headsOf ? `(SELECT coalesce(json_agg(h), '[]') FROM (${HEADS_QUERY.replace('$1', '$5')}) h)` : 'NULL'} AS heads,
       (SELECT coalesce(json_agg(json_build_object('key', key, 'payloadHash', payload_hash, 'answer', answer)), '[]')
          FROM ledger_idempotency_keys WHERE key = ANY($1::text[])) AS keys,
       (SELECT coalesce(json_agg(json_build_object('userId', user_id, 'type', type, 'payload', payload) ORDER BY ledger_events.sequence), '[]')
          FROM ledger_events
          WHERE (stream_id, payload->>'runId') IN (SELECT * FROM unnest($2::text[], $3::text[]))
            AND type IN ('ProcessingCharged', 'ProcessingRefunded')) AS runs,
       ARRAY(SELECT nextval('ledger_event_sequence')::text FROM generate_series(1, $4::int)) AS sequences`,
    values: [
      [...new Set(keyed.flatMap((k) => (k ? [k.key] : [])))],
      named.map((n) => n.streamId),
      named.map((n) => n.runId),
      commands.reduce((n, command) => n + mostEventsOf(command), 0),
      ...(headsOf ? [headsOf] : []),
    ],
  });
  const row = result.rows[0]!;
  const byUser = new Map<string, LedgerEvent[]>();
  for (const run of row.runs) byUser.set(run.userId, [...(byUser.get(run.userId) ?? []), toDomainEvent(run)]);
  return {
    ...(row.heads ? { heads: toHeads(row.heads) } : {}),
    keys: storedKeysFrom(row.keys),
    runs: new Map([...byUser].map(([userId, events]) => [userId, fold(events, initialState()).runs])),
    sequences: row.sequences
      .map((n) => BigInt(n))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map(String),
  };
}
