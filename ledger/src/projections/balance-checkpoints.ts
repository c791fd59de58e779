import type pg from 'pg';
import { inTransaction, toCents } from '../store/db.js';
import type { Cents } from '../money.js';
import { SYSTEM_ACCOUNTS } from '../postings.js';
import type { ReplayDifference } from '../types.js';

/**
 * Balance checkpoints: every `every` postings of an account (in (created_at, id) order), the
 * account's balance and posting count through that posting. A balance as of an instant is then the
 * latest checkpoint at or before it plus the few postings after it, instead of a fold of the
 * account's whole history. The table is a projection of ledger_postings: rebuilt from them, checked
 * by replayAndCompare (verifyBalanceCheckpoints), never a source of truth.
 *
 * Checkpoints cover only postings with id <= ledger_checkpoint_state.through_posting_id (the
 * horizon), a point below which every posting id that will ever exist is committed. As-of reads add
 * the postings above the horizon that sort before a checkpoint, so answers stay exact between
 * refreshes and under clock skew (a posting stamped earlier than a checkpoint drops the account's
 * later checkpoints at the next refresh, which rebuilds them).
 */
export const CHECKPOINT_EVERY = 32;

export interface CheckpointRefresh {
  /** Postings with id up to this one are covered (decimal text). */
  throughPostingId: string;
  /** Checkpoints written by this refresh. */
  written: number;
}

export interface AccountBalanceAsOf {
  account: string;
  balance: Cents;
  /** Postings on the account up to the instant. */
  postings: number;
}

const HORIZON_WAIT_MS = 2000;

/**
 * The highest posting id below which no transaction can still commit one: the largest id committed
 * now, once every transaction that was then writing postings has ended. A transaction holds its
 * ROW EXCLUSIVE lock on ledger_postings from before it takes ids until it ends, and ids are handed
 * out in order, so any later writer gets higher ones. (pg_locks, not snapshot xids: the xids of a
 * snapshot cover every database of the server.) Null when the writers are still running after the wait.
 */
async function safeHorizon(pool: pg.Pool): Promise<string | null> {
  const max = await pool.query<{ h: string }>('SELECT coalesce(max(id), 0)::text AS h FROM ledger_postings');
  const writers = await pool.query<{ vxids: string[] }>(
    `SELECT coalesce(array_agg(virtualtransaction), '{}') AS vxids FROM pg_locks
     WHERE relation = 'ledger_postings'::regclass AND mode = 'RowExclusiveLock' AND pid <> pg_backend_pid()
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  const vxids = writers.rows[0]!.vxids;
  for (const started = Date.now(); vxids.length > 0;) {
    const running = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE virtualtransaction = ANY($1::text[])', [vxids]);
    if (running.rows[0]!.n === 0) break;
    if (Date.now() - started > HORIZON_WAIT_MS) return null;
    await new Promise((r) => setTimeout(r, 5));
  }
  return max.rows[0]!.h;
}

/**
 * Brings the checkpoints up to the current horizon (several processes may call it at once: the
 * state row serialises them). Cheap when nothing was appended since the last call.
 */
export async function refreshBalanceCheckpoints(pool: pg.Pool, every = CHECKPOINT_EVERY): Promise<CheckpointRefresh> {
  if (!Number.isInteger(every) || every < 1) throw new Error('every must be a positive whole number');
  const horizon = await safeHorizon(pool);
  return inTransaction(pool, async (client) => {
    const state = await client.query<{ through: string }>('SELECT through_posting_id::text AS through FROM ledger_checkpoint_state FOR UPDATE');
    const previous = state.rows[0]!.through;
    if (horizon === null || BigInt(horizon) <= BigInt(previous)) return { throughPostingId: previous, written: 0 };
    await client.query(
      `CREATE TEMP TABLE ledger_checkpoint_touched ON COMMIT DROP AS
       SELECT account, min(created_at) AS earliest FROM ledger_postings WHERE id > $1 AND id <= $2 GROUP BY account`,
      [previous, horizon],
    );
    // A new posting stamped at or before a checkpoint of its account makes that checkpoint and the later ones wrong.
    await client.query(`DELETE FROM ledger_balance_checkpoints c USING ledger_checkpoint_touched t WHERE c.account = t.account AND c.created_at >= t.earliest`);
    const written = await client.query(
      `INSERT INTO ledger_balance_checkpoints (account, created_at, posting_id, balance, postings)
       SELECT account, created_at, id, balance, postings FROM (
         SELECT p.account, p.created_at, p.id,
                base.balance + sum(p.amount) OVER w AS balance,
                base.postings + count(*) OVER w AS postings
         FROM ledger_checkpoint_touched t
         CROSS JOIN LATERAL (
           SELECT coalesce(max(c.balance), 0) AS balance, coalesce(max(c.postings), 0) AS postings,
                  coalesce(max(c.created_at), '-infinity') AS created_at, coalesce(max(c.posting_id), 0) AS posting_id
           FROM (SELECT * FROM ledger_balance_checkpoints c WHERE c.account = t.account
                 ORDER BY c.created_at DESC, c.posting_id DESC LIMIT 1) c
         ) base
         JOIN ledger_postings p ON p.account = t.account AND (p.created_at, p.id) > (base.created_at, base.posting_id) AND p.id <= $1
         WINDOW w AS (PARTITION BY p.account ORDER BY p.created_at, p.id)
       ) running
       WHERE postings % $2 = 0`,
      [horizon, every],
    );
    await client.query('UPDATE ledger_checkpoint_state SET through_posting_id = $1', [horizon]);
    return { throughPostingId: horizon, written: written.rowCount ?? 0 };
  });
}

/**
 * Per account of `universe` (SQL yielding a column `account`, may use $1 = the instant): balance
 * and posting count as of $1. The checkpoint at or before the instant, the postings after it up to
 * the instant, and the postings above the horizon that sort before the checkpoint.
 */
function asOfSql(universe: string): string {
  return `
    WITH horizon AS (SELECT through_posting_id AS h FROM ledger_checkpoint_state),
    late AS MATERIALIZED (
      SELECT p.account, p.created_at, p.id, p.amount FROM ledger_postings p, horizon WHERE p.id > horizon.h AND p.created_at <= $1
    )
    SELECT u.account,
      (coalesce(cp.balance, 0) + coalesce(t1.total, 0) + coalesce(t2.total, 0))::text AS balance,
      (coalesce(cp.postings, 0) + coalesce(t1.n, 0) + coalesce(t2.n, 0))::text AS postings
    FROM (${universe}) u
    LEFT JOIN LATERAL (
      SELECT c.created_at, c.posting_id, c.balance, c.postings FROM ledger_balance_checkpoints c
      WHERE c.account = u.account AND c.created_at <= $1 ORDER BY c.created_at DESC, c.posting_id DESC LIMIT 1
    ) cp ON true
    LEFT JOIN LATERAL (
      SELECT sum(p.amount) AS total, count(*) AS n FROM ledger_postings p
      WHERE p.account = u.account AND p.created_at <= $1
        AND (p.created_at, p.id) > (coalesce(cp.created_at, '-infinity'), coalesce(cp.posting_id, 0))
    ) t1 ON true
    LEFT JOIN LATERAL (
      SELECT sum(l.amount) AS total, count(*) AS n FROM late l
      WHERE l.account = u.account AND cp.created_at IS NOT NULL AND (l.created_at, l.id) <= (cp.created_at, cp.posting_id)
    ) t2 ON true`;
}

const SYSTEM_ACCOUNT_LIST = Object.values(SYSTEM_ACCOUNTS);
/** Every account that can hold postings: the system accounts and each opened user account. */
const UNIVERSE = `SELECT a AS account FROM unnest('{${SYSTEM_ACCOUNT_LIST.join(',')}}'::text[]) a
  UNION ALL SELECT 'user:' || user_id FROM ledger_account_balances`;

const toRow = (r: { account: string; balance: string; postings: string }): AccountBalanceAsOf => ({
  account: r.account,
  balance: toCents(r.balance),
  postings: Number(r.postings),
});

/** One page of accounts (by name, after `after`) with postings up to `asOf`, and their balances then. */
export async function balancesAsOf(db: pg.Pool | pg.ClientBase, asOf: Date, page: { after?: string; limit: number }): Promise<AccountBalanceAsOf[]> {
  const result = await db.query<{ account: string; balance: string; postings: string }>(
    `SELECT * FROM (${asOfSql(`SELECT account FROM (${UNIVERSE}) x WHERE account COLLATE "C" > $2`)}) b
     WHERE postings::bigint > 0 ORDER BY account COLLATE "C" LIMIT $3`,
    [asOf, page.after ?? '', page.limit],
  );
  return result.rows.map(toRow);
}

/** The balances as of `asOf` of the named accounts (0 for an account without postings then). */
export async function accountBalancesAsOf(db: pg.Pool | pg.ClientBase, asOf: Date, accounts: readonly string[]): Promise<AccountBalanceAsOf[]> {
  const result = await db.query<{ account: string; balance: string; postings: string }>(`${asOfSql('SELECT unnest($2::text[]) AS account')} ORDER BY 1`, [
    asOf,
    accounts,
  ]);
  return result.rows.map(toRow);
}

/** Balance as of `asOf` summed per kind of account: `user` (all users) and each system account. */
export async function balanceTotalsAsOf(db: pg.Pool | pg.ClientBase, asOf: Date): Promise<{ kind: string; balance: Cents; accounts: number }[]> {
  const result = await db.query<{ kind: string; balance: string; accounts: string }>(
    `SELECT CASE WHEN account LIKE 'user:%' THEN 'user' ELSE account END AS kind,
            coalesce(sum(balance::bigint), 0)::text AS balance, count(*)::text AS accounts
     FROM (${asOfSql(UNIVERSE)}) b WHERE postings::bigint > 0 GROUP BY 1 ORDER BY 1`,
    [asOf],
  );
  return result.rows.map((r) => ({ kind: r.kind, balance: toCents(r.balance), accounts: Number(r.accounts) }));
}

/**
 * Recomputes every checkpoint from the postings it covers (one ordered pass per account) and
 * reports those that differ or point at no posting. Run by replayAndCompare in its snapshot.
 */
export async function verifyBalanceCheckpoints(client: pg.ClientBase): Promise<ReplayDifference[]> {
  const result = await client.query<{
    account: string;
    posting_id: string;
    balance: string;
    postings: string;
    r_balance: string | null;
    r_postings: string | null;
  }>(
    `WITH running AS (
       SELECT p.id, p.account, sum(p.amount) OVER w AS balance, count(*) OVER w AS postings
       FROM ledger_postings p, ledger_checkpoint_state s WHERE p.id <= s.through_posting_id
       WINDOW w AS (PARTITION BY p.account ORDER BY p.created_at, p.id)
     )
     SELECT c.account, c.posting_id::text, c.balance::text, c.postings::text, r.balance::text AS r_balance, r.postings::text AS r_postings
     FROM ledger_balance_checkpoints c LEFT JOIN running r ON r.id = c.posting_id AND r.account = c.account
     WHERE r.id IS NULL OR r.balance <> c.balance OR r.postings <> c.postings
     ORDER BY c.account, c.created_at LIMIT 1000`,
  );
  return result.rows.map((r) => ({
    userId: r.account,
    field: `checkpoints[${r.posting_id}]`,
    live: `${r.balance}/${r.postings}`,
    replayed: r.r_balance === null ? 'no such posting' : `${r.r_balance}/${r.r_postings}`,
  }));
}
