import type pg from 'pg';
import { evolve, initialState, type AccountState } from '../evolve.js';
import { formatCredits, type Cents } from '../money.js';
import { postingsFor, userAccount } from '../postings.js';
import { insertTransactions, transactionRecordFor, type TransactionRecord } from '../projections/transaction-history-table.js';
import { inTransaction, SNAPSHOT, toCents } from '../store/db.js';
import { readAllEvents, toDomainEvent } from '../store/events-table.js';
import { readPostingSums } from '../store/postings-table.js';
import { verifyBalanceCheckpoints } from '../projections/balance-checkpoints.js';
import type { ReplayComparison, ReplayDifference } from '../types.js';

const BATCH = 10_000;
/** Enough to see what went wrong without turning a badly broken ledger into a huge answer. */
const MAX_DIFFERENCES = 1_000;

interface ReplayedAccount {
  state: AccountState;
  streamVersion: number;
  headHash: string;
}

/**
 * Rebuilds the projections from the events alone, with the same evolve() and history mapping the live
 * appends use, into temporary tables inside one snapshot, then compares them with the live balances,
 * transaction history and per-account posting sums. Differences are reported per user and field
 * (system accounts appear under their account name, e.g. `system:purchases`).
 */
export async function replayAndCompare(pool: pg.Pool): Promise<ReplayComparison> {
  return inTransaction(
    pool,
    async (client) => {
      await createReplayTables(client);
      const accounts = new Map<string, ReplayedAccount>();
      const postingSums = new Map<string, Cents>();
      let eventsReplayed = 0;
      for await (const batch of readAllEvents(client, BATCH)) {
        const history: TransactionRecord[] = [];
        for (const row of batch) {
          const event = toDomainEvent(row);
          const account = accounts.get(row.userId) ?? { state: initialState(), streamVersion: 0, headHash: '' };
          account.state = evolve(account.state, event);
          account.streamVersion = row.streamVersion;
          account.headHash = row.hash;
          accounts.set(row.userId, account);
          const line = transactionRecordFor(row, account.state.balance);
          if (line) history.push(line);
          for (const posting of postingsFor(event)) {
            postingSums.set(posting.account, (postingSums.get(posting.account) ?? 0) + posting.amount);
          }
          eventsReplayed++;
        }
        await insertTransactions(client, history, 'ledger_replay_transactions');
      }
      await insertReplayedBalances(client, accounts);

      const differences = [
        ...(await compareBalances(client)),
        ...(await compareTransactions(client)),
        ...comparePostings(await readPostingSums(client), postingSums),
        ...(await verifyBalanceCheckpoints(client)),
      ].slice(0, MAX_DIFFERENCES);
      return { ok: differences.length === 0, eventsReplayed, differences };
    },
    SNAPSHOT,
  );
}

async function createReplayTables(client: pg.ClientBase): Promise<void> {
  // ON COMMIT DROP: the fresh projections live only as long as this audit.
  await client.query(`CREATE TEMP TABLE ledger_replay_balances (
      user_id text PRIMARY KEY, stream_version integer NOT NULL, stream_head_hash text NOT NULL,
      balance bigint NOT NULL
    ) ON COMMIT DROP`);
  await client.query(`CREATE TEMP TABLE ledger_replay_transactions
      (LIKE ledger_transactions INCLUDING DEFAULTS INCLUDING INDEXES) ON COMMIT DROP`);
}

async function insertReplayedBalances(client: pg.ClientBase, accounts: Map<string, ReplayedAccount>): Promise<void> {
  const entries = [...accounts.entries()];
  for (let start = 0; start < entries.length; start += BATCH) {
    const slice = entries.slice(start, start + BATCH);
    await client.query(
      `INSERT INTO ledger_replay_balances (user_id, stream_version, stream_head_hash, balance)
       SELECT * FROM unnest($1::text[], $2::int4[], $3::text[], $4::int8[])`,
      [slice.map(([userId]) => userId), slice.map(([, a]) => a.streamVersion), slice.map(([, a]) => a.headHash), slice.map(([, a]) => a.state.balance)],
    );
  }
}

async function compareBalances(client: pg.ClientBase): Promise<ReplayDifference[]> {
  const result = await client.query<{
    user_id: string;
    live_balance: string | null;
    replayed_balance: string | null;
    live_version: number | null;
    replayed_version: number | null;
    live_head: string | null;
    replayed_head: string | null;
  }>(
    `SELECT coalesce(l.user_id, r.user_id) AS user_id,
       l.balance::text AS live_balance, r.balance::text AS replayed_balance,
       l.stream_version AS live_version, r.stream_version AS replayed_version,
       l.stream_head_hash AS live_head, r.stream_head_hash AS replayed_head
     FROM ledger_account_balances l FULL JOIN ledger_replay_balances r ON r.user_id = l.user_id
     WHERE (l.balance, l.stream_version, l.stream_head_hash)
       IS DISTINCT FROM (r.balance, r.stream_version, r.stream_head_hash)
     ORDER BY 1 LIMIT ${MAX_DIFFERENCES}`,
  );
  return result.rows.flatMap((row) => {
    const out: ReplayDifference[] = [];
    if (row.live_balance !== row.replayed_balance) {
      out.push({
        userId: row.user_id,
        field: 'balance',
        live: shownCredits(row.live_balance),
        replayed: shownCredits(row.replayed_balance),
      });
    }
    if (row.live_version !== row.replayed_version) {
      out.push({
        userId: row.user_id,
        field: 'streamVersion',
        live: shown(row.live_version),
        replayed: shown(row.replayed_version),
      });
    }
    if (row.live_head !== row.replayed_head) {
      out.push({ userId: row.user_id, field: 'streamHeadHash', live: shown(row.live_head), replayed: shown(row.replayed_head) });
    }
    return out;
  });
}

const TRANSACTION_FIELDS = ['user_id', 'sequence', 'created_at', 'description', 'amount', 'balance_after', 'transaction_type'] as const;

async function compareTransactions(client: pg.ClientBase): Promise<ReplayDifference[]> {
  const columns = (side: 'l' | 'r') => TRANSACTION_FIELDS.map((field) => `${side}.${field}::text AS ${side}_${field}`).join(', ');
  const tuple = (side: 'l' | 'r') => `(${TRANSACTION_FIELDS.map((field) => `${side}.${field}`).join(', ')})`;
  const result = await client.query<Record<string, string | boolean | null>>(
    `SELECT coalesce(l.event_id, r.event_id)::text AS event_id, l.event_id IS NOT NULL AS in_live,
       r.event_id IS NOT NULL AS in_replay, ${columns('l')}, ${columns('r')}
     FROM ledger_transactions l FULL JOIN ledger_replay_transactions r ON r.event_id = l.event_id
     WHERE ${tuple('l')} IS DISTINCT FROM ${tuple('r')}
     ORDER BY coalesce(l.sequence, r.sequence) LIMIT ${MAX_DIFFERENCES}`,
  );
  return result.rows.flatMap((row) => {
    const userId = String(row['l_user_id'] ?? row['r_user_id']);
    const line = `transactions[${row['event_id']}]`;
    if (!row['in_live'] || !row['in_replay']) {
      return [{ userId, field: line, live: row['in_live'] ? 'present' : 'missing', replayed: row['in_replay'] ? 'present' : 'missing' }];
    }
    const money = (field: string) => field === 'amount' || field === 'balance_after';
    return TRANSACTION_FIELDS.filter((field) => row[`l_${field}`] !== row[`r_${field}`]).map((field) => {
      const show = money(field) ? shownCredits : shown;
      return {
        userId,
        field: `${line}.${field}`,
        live: show(row[`l_${field}`] as string | null),
        replayed: show(row[`r_${field}`] as string | null),
      };
    });
  });
}

function comparePostings(live: Map<string, Cents>, replayed: Map<string, Cents>): ReplayDifference[] {
  const accounts = new Set([...live.keys(), ...replayed.keys()]);
  const differences: ReplayDifference[] = [];
  for (const account of [...accounts].sort()) {
    const liveSum = live.get(account) ?? 0;
    const replayedSum = replayed.get(account) ?? 0;
    if (liveSum === replayedSum) continue;
    const userId = account.startsWith(userAccount('')) ? account.slice(userAccount('').length) : account;
    differences.push({ userId, field: 'postings', live: formatCredits(liveSum), replayed: formatCredits(replayedSum) });
  }
  return differences;
}

const shown = (value: string | number | null | undefined): string => (value === null || value === undefined ? 'missing' : String(value));

/** Money in differences reads as credits ("12.50"), like everywhere a person sees it. */
const shownCredits = (cents: string | null): string => (cents === null ? 'missing' : formatCredits(toCents(cents)));
