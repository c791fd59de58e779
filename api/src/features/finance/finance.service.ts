import type pg from 'pg';
import { accountBalancesAsOf, balancesAsOf, balanceTotalsAsOf, inTransaction, refreshBalanceCheckpoints, SYSTEM_ACCOUNTS, userAccount } from '@shotlog/ledger';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { PURCHASE_PRICES_SQL } from '../purchases/purchase-rows.js';
import type { UsersService } from '../users/users.service.js';
import { monthlyPeriods, parseInstant, parsePeriod } from './finance-dates.js';
import { money } from './money-text.js';
import { journalCsvHeader, journalCsvRows, type JournalRow } from './journal-csv.js';

/** The kinds of movement a statement shows, in this order; credits are signed as users see them. */
export const MOVEMENT_KINDS = ['purchases', 'signupBonuses', 'adjustmentsUp', 'adjustmentsDown', 'processingCharged', 'refunds'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export interface Movement {
  kind: MovementKind;
  credits: string;
  dollars: string;
}
export interface Statement {
  from: Date;
  to: Date;
  opening: string;
  closing: string;
  movements: Movement[];
  /** opening + the movements' credits = closing. */
  balanced: boolean;
}

/** One user's movements in a statement's period, named (issue 34 item 6). */
export interface StatementUser {
  userId: string;
  userName: string | null;
  userEmail: string | null;
  /** The net change of the user's balance in the period. */
  credits: string;
  movements: Movement[];
}

/** Users a statement names at most (the largest movements first); `usersTruncated` says when more moved. */
export const STATEMENT_USERS_MAX = 500;

const SYSTEM = Object.values(SYSTEM_ACCOUNTS);
const ACCOUNT_CURSOR = /^(system:[a-z-]{1,40}|user:[0-9a-f-]{1,64})$/;
const JOURNAL_PAGE = 5000;

/**
 * Month-end finance over the ledger: trial balance and balances as of an instant (from the postings,
 * through the ledger's balance checkpoints, refreshed before each answer), period statements by
 * kind of movement with purchases' dollar value, and the posting journal as CSV.
 */
export class FinanceService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly users: Pick<UsersService, 'findById' | 'summaries'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private refresh() {
    return refreshBalanceCheckpoints(this.pool);
  }

  /**
   * Reads in one snapshot (the page, the totals and the movements agree with each other), with JIT
   * off: the as-of queries' cost estimates make PostgreSQL spend more compiling them than running them.
   */
  private read<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(
      this.pool,
      async (client) => {
        await client.query('SET LOCAL jit = off');
        return work(client);
      },
      'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
    );
  }

  async trialBalance(q: { asOf?: unknown; after?: unknown; limit: number }) {
    const asOf = parseInstant(q.asOf, 'asOf') ?? this.now();
    let after: string | undefined;
    if (q.after !== undefined && q.after !== null && q.after !== '') {
      if (typeof q.after !== 'string' || !ACCOUNT_CURSOR.test(q.after)) throw badInput('cursor must be an account name from a previous page');
      after = q.after;
    }
    await this.refresh();
    const [rows, totals] = await this.read(
      async (c) => [await balancesAsOf(c, asOf, { after, limit: q.limit + 1 }), await balanceTotalsAsOf(c, asOf)] as const,
    );
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    // A user's account is named by its id: the name and e-mail go beside it (issue 34 item 6).
    const named = await this.users.summaries(page.filter((r) => r.account.startsWith('user:')).map((r) => r.account.slice('user:'.length)));
    const accounts = page.map((r) => {
      const who = r.account.startsWith('user:') ? named.get(r.account.slice('user:'.length)) : undefined;
      return { account: r.account, balance: money(r.balance), userName: who?.username ?? null, userEmail: who?.email ?? null };
    });
    const total = totals.reduce((sum, t) => sum + BigInt(t.balance), 0n);
    return {
      asOf,
      accounts,
      total: money(total),
      balanced: total === 0n,
      hasMore,
      nextCursor: hasMore ? accounts.at(-1)!.account : null,
      totals: totals.map((t) => ({ kind: t.kind, balance: money(t.balance), accounts: t.accounts })),
    };
  }

  async userBalance(rawUserId: unknown, rawAsOf: unknown) {
    const userId = parseId(rawUserId, 'user');
    const asOf = parseInstant(rawAsOf, 'asOf') ?? this.now();
    if (!(await this.users.findById(userId))) throw notFound('User not found');
    await this.refresh();
    const [row] = await this.read((c) => accountBalancesAsOf(c, asOf, [userAccount(userId)]));
    return { userId, asOf, balance: money(row?.balance ?? 0) };
  }

  /** Credits owed to users as of each instant: minus what the system accounts hold (double entry). */
  private async owedAt(c: pg.ClientBase, instants: Date[]): Promise<bigint[]> {
    const owed: bigint[] = [];
    for (const at of instants) {
      const rows = await accountBalancesAsOf(c, at, SYSTEM);
      owed.push(-rows.reduce((sum, r) => sum + BigInt(r.balance), 0n));
    }
    return owed;
  }

  /** The period's statement and, unless groupBy is `none`, one statement per calendar month (UTC) of it. */
  async statement(q: {
    from?: unknown;
    to?: unknown;
    groupBy?: unknown;
  }): Promise<Statement & { periods: Statement[]; users: StatementUser[]; usersTruncated: boolean }> {
    const { from, to } = parsePeriod(q.from, q.to, this.now());
    const groupBy = q.groupBy === undefined || q.groupBy === '' || q.groupBy === null ? 'month' : q.groupBy;
    if (groupBy !== 'month' && groupBy !== 'none') throw badInput('groupBy must be month or none');
    const pieces = groupBy === 'month' ? monthlyPeriods(from, to) : [{ from, to }];
    await this.refresh();
    // Balances "before from" are as of the last millisecond before it (events carry millisecond times).
    const boundaries = [from, ...pieces.map((p) => p.to)];
    const [owed, byPiece, byUser] = await this.read(
      async (c) =>
        [
          await this.owedAt(
            c,
            boundaries.map((b) => new Date(b.getTime() - 1)),
          ),
          await this.movements(c, pieces),
          await this.userMovements(c, from, to),
        ] as const,
    );
    const statements = pieces.map((p, i) => this.statementOf(p, owed[i]!, owed[i + 1]!, byPiece[i]!));
    const whole = this.statementOf({ from, to }, owed[0]!, owed.at(-1)!, sumMovements(byPiece));
    const named = await this.users.summaries(byUser.rows.map((u) => u.userId));
    const users = byUser.rows.map((u) => {
      const who = named.get(u.userId);
      const movements = MOVEMENT_KINDS.map((kind) => ({
        kind,
        credits: money(u.moves.get(kind)?.credits ?? 0n),
        dollars: money(u.moves.get(kind)?.cents ?? 0n),
      }));
      return { userId: u.userId, userName: who?.username ?? null, userEmail: who?.email ?? null, credits: money(u.net), movements };
    });
    return { ...whole, periods: groupBy === 'month' ? statements : [], users, usersTruncated: byUser.truncated };
  }

  /** Per user with movements in [from, to): credits and dollars per kind, the largest net movements first. */
  private async userMovements(c: pg.ClientBase, from: Date, to: Date) {
    const result = await c.query<{ user_id: string; kind: MovementKind; credits: string; cents: string }>(
      `WITH moved AS (
         SELECT e.user_id FROM ledger_events e WHERE e.created_at >= $1 AND e.created_at < $2 AND e.amount <> 0
         GROUP BY e.user_id ORDER BY sum(abs(e.amount)) DESC, e.user_id LIMIT $3)
       SELECT e.user_id,
         CASE e.type WHEN 'PurchaseApproved' THEN 'purchases' WHEN 'SignupBonusGranted' THEN 'signupBonuses'
           WHEN 'AdminAdjusted' THEN CASE WHEN e.amount > 0 THEN 'adjustmentsUp' ELSE 'adjustmentsDown' END
           WHEN 'ProcessingCharged' THEN 'processingCharged' WHEN 'ProcessingRefunded' THEN 'refunds' END AS kind,
         sum(e.amount)::text AS credits, coalesce(sum(pp.price_cents), 0)::text AS cents
       FROM ledger_events e JOIN moved USING (user_id)
       LEFT JOIN ${PURCHASE_PRICES_SQL} pp ON e.type = 'PurchaseApproved'
         AND pp.id = CASE WHEN e.payload->>'purchaseRequestId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                          THEN (e.payload->>'purchaseRequestId')::uuid END
       WHERE e.created_at >= $1 AND e.created_at < $2 AND e.amount <> 0
       GROUP BY 1, 2`,
      [from.toISOString(), to.toISOString(), STATEMENT_USERS_MAX + 1],
    );
    const byUser = new Map<string, { userId: string; net: bigint; moves: Map<MovementKind, { credits: bigint; cents: bigint }> }>();
    for (const r of result.rows) {
      const u = byUser.get(r.user_id) ?? { userId: r.user_id, net: 0n, moves: new Map() };
      u.moves.set(r.kind, { credits: BigInt(r.credits), cents: BigInt(r.cents) });
      u.net += BigInt(r.credits);
      byUser.set(r.user_id, u);
    }
    const rows = [...byUser.values()].sort((a, b) => ((b.net < 0n ? -b.net : b.net) > (a.net < 0n ? -a.net : a.net) ? 1 : -1));
    return { rows: rows.slice(0, STATEMENT_USERS_MAX), truncated: rows.length > STATEMENT_USERS_MAX };
  }

  private statementOf(p: { from: Date; to: Date }, opening: bigint, closing: bigint, moves: Map<MovementKind, { credits: bigint; cents: bigint }>): Statement {
    const movements = MOVEMENT_KINDS.map((kind) => {
      const m = moves.get(kind) ?? { credits: 0n, cents: 0n };
      return { kind, credits: money(m.credits), dollars: money(m.cents) };
    });
    const moved = [...moves.values()].reduce((s, m) => s + m.credits, 0n);
    return { from: p.from, to: p.to, opening: money(opening), closing: money(closing), movements, balanced: opening + moved === closing };
  }

  /** Per piece: credits (signed, as users see them) and dollars per kind, from the period's events. */
  private async movements(c: pg.ClientBase, pieces: { from: Date; to: Date }[]): Promise<Map<MovementKind, { credits: bigint; cents: bigint }>[]> {
    const starts = pieces.map((p) => p.from.toISOString());
    const result = await c.query<{ piece: number; kind: MovementKind; credits: string; cents: string }>(
      `WITH pieces AS (SELECT i::int AS piece, s::timestamptz AS start, lead(s::timestamptz, 1, $2::timestamptz) OVER (ORDER BY i) AS stop
                       FROM unnest($1::text[]) WITH ORDINALITY AS t(s, i))
       SELECT pieces.piece - 1 AS piece,
         CASE e.type WHEN 'PurchaseApproved' THEN 'purchases' WHEN 'SignupBonusGranted' THEN 'signupBonuses'
           WHEN 'AdminAdjusted' THEN CASE WHEN e.amount > 0 THEN 'adjustmentsUp' ELSE 'adjustmentsDown' END
           WHEN 'ProcessingCharged' THEN 'processingCharged' WHEN 'ProcessingRefunded' THEN 'refunds' END AS kind,
         sum(e.amount)::text AS credits, coalesce(sum(pp.price_cents), 0)::text AS cents
       FROM ledger_events e
       JOIN pieces ON e.created_at >= pieces.start AND e.created_at < pieces.stop
       LEFT JOIN ${PURCHASE_PRICES_SQL} pp ON e.type = 'PurchaseApproved'
         AND pp.id = CASE WHEN e.payload->>'purchaseRequestId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                          THEN (e.payload->>'purchaseRequestId')::uuid END
       WHERE e.created_at >= $3 AND e.created_at < $2 AND e.amount <> 0
       GROUP BY 1, 2`,
      [starts, pieces.at(-1)!.to.toISOString(), starts[0]],
    );
    const out = pieces.map(() => new Map<MovementKind, { credits: bigint; cents: bigint }>());
    for (const r of result.rows) out[r.piece]!.set(r.kind, { credits: BigInt(r.credits), cents: BigInt(r.cents) });
    return out;
  }

  /**
   * The journal: one row per posting in [from, to), in time order, each event's rows summing to
   * zero. The period is checked before the header is yielded. One server-side cursor in one
   * snapshot (a consistent journal), fetched a page at a time so memory stays flat; stopping early
   * (the client went away) rolls the transaction back and frees the connection.
   */
  async *journalCsv(q: { from?: unknown; to?: unknown }): AsyncGenerator<string, void> {
    const { from, to } = parsePeriod(q.from, q.to, this.now());
    yield journalCsvHeader();
    const client = await this.pool.connect();
    let done = false;
    let next: Promise<pg.QueryResult<JournalRow>> | null = null;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query('SET LOCAL jit = off');
      await client.query(
        `DECLARE finance_journal NO SCROLL CURSOR FOR
         SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date, p.event_id AS "eventId", e.type AS "eventType",
                p.account, CASE WHEN p.amount < 0 THEN round(-p.amount / 100.0, 2)::text END AS debit,
                CASE WHEN p.amount > 0 THEN round(p.amount / 100.0, 2)::text END AS credit, e.user_id AS "userId", e.actor_id AS "actorId", e.reason
         FROM ledger_postings p JOIN ledger_events e ON e.id = p.event_id
         WHERE p.created_at >= $1 AND p.created_at < $2
         ORDER BY p.created_at, p.id`,
        [from, to],
      );
      // The next page is asked for before this one is written out, so the database works while the CSV is made.
      const fetchPage = () => client.query<JournalRow>(`FETCH ${JOURNAL_PAGE} FROM finance_journal`);
      next = fetchPage();
      while (next) {
        const page: pg.QueryResult<JournalRow> = await next;
        next = page.rows.length === JOURNAL_PAGE ? fetchPage() : null;
        if (page.rows.length) yield journalCsvRows(page.rows, await this.users.summaries(page.rows.map((r) => r.userId)));
      }
      await client.query('COMMIT');
      done = true;
    } finally {
      await next?.catch(() => undefined);
      if (!done) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }
}

function sumMovements(pieces: Map<MovementKind, { credits: bigint; cents: bigint }>[]): Map<MovementKind, { credits: bigint; cents: bigint }> {
  const total = new Map<MovementKind, { credits: bigint; cents: bigint }>();
  for (const piece of pieces)
    for (const [kind, m] of piece) {
      const t = total.get(kind) ?? { credits: 0n, cents: 0n };
      total.set(kind, { credits: t.credits + m.credits, cents: t.cents + m.cents });
    }
  return total;
}
