import type pg from 'pg';
import { accountBalancesAsOf, balancesAsOf, balanceTotalsAsOf, refreshBalanceCheckpoints, SYSTEM_ACCOUNTS, userAccount } from '@shotlog/ledger';
import { badInput, notFound } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
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
    private readonly users: Pick<UsersService, 'findById'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private refresh() {
    return refreshBalanceCheckpoints(this.pool);
  }

  async trialBalance(q: { asOf?: unknown; after?: unknown; limit: number }) {
    const asOf = parseInstant(q.asOf, 'asOf') ?? this.now();
    let after: string | undefined;
    if (q.after !== undefined && q.after !== null && q.after !== '') {
      if (typeof q.after !== 'string' || !ACCOUNT_CURSOR.test(q.after)) throw badInput('cursor must be an account name from a previous page');
      after = q.after;
    }
    await this.refresh();
    const [rows, totals] = await Promise.all([balancesAsOf(this.pool, asOf, { after, limit: q.limit + 1 }), balanceTotalsAsOf(this.pool, asOf)]);
    const hasMore = rows.length > q.limit;
    const accounts = rows.slice(0, q.limit).map((r) => ({ account: r.account, balance: money(r.balance) }));
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
    const [row] = await accountBalancesAsOf(this.pool, asOf, [userAccount(userId)]);
    return { userId, asOf, balance: money(row?.balance ?? 0) };
  }

  /** Credits owed to users as of each instant: minus what the system accounts hold (double entry). */
  private async owedAt(instants: Date[]): Promise<bigint[]> {
    return Promise.all(
      instants.map(async (at) => {
        const rows = await accountBalancesAsOf(this.pool, at, SYSTEM);
        return -rows.reduce((sum, r) => sum + BigInt(r.balance), 0n);
      }),
    );
  }

  /** The period's statement and, unless groupBy is `none`, one statement per calendar month (UTC) of it. */
  async statement(q: { from?: unknown; to?: unknown; groupBy?: unknown }): Promise<Statement & { periods: Statement[] }> {
    const { from, to } = parsePeriod(q.from, q.to, this.now());
    const groupBy = q.groupBy === undefined || q.groupBy === '' || q.groupBy === null ? 'month' : q.groupBy;
    if (groupBy !== 'month' && groupBy !== 'none') throw badInput('groupBy must be month or none');
    const pieces = groupBy === 'month' ? monthlyPeriods(from, to) : [{ from, to }];
    await this.refresh();
    // Balances "before from" are as of the last millisecond before it (events carry millisecond times).
    const boundaries = [from, ...pieces.map((p) => p.to)];
    const owed = await this.owedAt(boundaries.map((b) => new Date(b.getTime() - 1)));
    const byPiece = await this.movements(pieces);
    const statements = pieces.map((p, i) => this.statementOf(p, owed[i]!, owed[i + 1]!, byPiece[i]!));
    const whole = this.statementOf({ from, to }, owed[0]!, owed.at(-1)!, sumMovements(byPiece));
    return { ...whole, periods: groupBy === 'month' ? statements : [] };
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
  private async movements(pieces: { from: Date; to: Date }[]): Promise<Map<MovementKind, { credits: bigint; cents: bigint }>[]> {
    const starts = pieces.map((p) => p.from.toISOString());
    const result = await this.pool.query<{ piece: number; kind: MovementKind; credits: string; cents: string }>(
      `WITH pieces AS (SELECT i::int AS piece, s::timestamptz AS start, lead(s::timestamptz, 1, $2::timestamptz) OVER (ORDER BY i) AS stop
                       FROM unnest($1::text[]) WITH ORDINALITY AS t(s, i))
       SELECT pieces.piece - 1 AS piece,
         CASE e.type WHEN 'PurchaseApproved' THEN 'purchases' WHEN 'SignupBonusGranted' THEN 'signupBonuses'
           WHEN 'AdminAdjusted' THEN CASE WHEN e.amount > 0 THEN 'adjustmentsUp' ELSE 'adjustmentsDown' END
           WHEN 'ProcessingCharged' THEN 'processingCharged' WHEN 'ProcessingRefunded' THEN 'refunds' END AS kind,
         sum(e.amount)::text AS credits, coalesce(sum(cp.price_cents), 0)::text AS cents
       FROM ledger_events e
       JOIN pieces ON e.created_at >= pieces.start AND e.created_at < pieces.stop
       LEFT JOIN purchase_requests pr ON e.type = 'PurchaseApproved'
         AND pr.id = CASE WHEN e.payload->>'purchaseRequestId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                          THEN (e.payload->>'purchaseRequestId')::uuid END
       LEFT JOIN credit_packages cp ON cp.id = pr.credit_package_id
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
   * zero. The period is checked before the header is yielded; pages are read by keyset so memory
   * stays flat however many postings there are.
   */
  async *journalCsv(q: { from?: unknown; to?: unknown }): AsyncGenerator<string, void> {
    const { from, to } = parsePeriod(q.from, q.to, this.now());
    yield journalCsvHeader();
    let cursor: { at: string; id: string } = { at: '-infinity', id: '0' };
    for (;;) {
      const page = await this.pool.query<JournalRow & { at: string }>(
        `SELECT p.id::text, p.created_at::text AS at, p.created_at AS "createdAt", p.event_id AS "eventId", e.type AS "eventType",
                p.account, p.amount::text AS amount, e.user_id AS "userId", e.actor_id AS "actorId", e.reason
         FROM ledger_postings p JOIN ledger_events e ON e.id = p.event_id
         WHERE p.created_at >= $1 AND p.created_at < $2 AND (p.created_at, p.id) > ($3::timestamptz, $4::bigint)
         ORDER BY p.created_at, p.id LIMIT ${JOURNAL_PAGE}`,
        [from, to, cursor.at, cursor.id],
      );
      if (page.rows.length) yield journalCsvRows(page.rows);
      if (page.rows.length < JOURNAL_PAGE) return;
      const last = page.rows.at(-1)!;
      cursor = { at: last.at, id: last.id };
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
