import { costPerFilesetCents, formatCredits, parseCreditAmount, runCostCents, type Cents, type Ledger, type TransactionRow } from '@shotlog/ledger';
import type { SettingsService } from '../settings/settings.service.js';
import { BASE_COST_KEY, MARKUP_KEY } from '../settings/settings.service.js';
import { badInput } from '../../platform/errors/app-error.js';

export const DEFAULT_ADJUSTMENT_REASON = 'Manual adjustment by admin';

/** Transaction history line as both APIs show it. */
export interface TransactionView {
  id: string;
  createdAt: Date;
  description: string;
  amount: string;
  balanceAfterTransaction: string;
  transactionType: string;
  /** The processing run of a charge or refund (null otherwise): the history groups one run into one line. */
  runId: string | null;
}

/** A ledger history line as both APIs show it (amounts as decimal strings). */
function transactionView(t: TransactionRow): TransactionView {
  return {
    id: t.id,
    createdAt: t.createdAt,
    description: t.description,
    amount: formatCredits(t.amount),
    balanceAfterTransaction: formatCredits(t.balanceAfter),
    transactionType: t.transactionType,
    runId: t.runId ?? null,
  };
}

/**
 * Credits as the product sees them: balances, history, costs and the commands that move credits.
 * Every movement is a ledger event; nothing here keeps a balance of its own.
 */
export class CreditsService {
  constructor(
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
  ) {}

  /** Opens the account's stream and grants the 100-credit sign-up bonus (once per user, ever). */
  async onboard(userId: string): Promise<void> {
    await this.ledger.openAccount({ userId });
    await this.ledger.grantSignupBonus({ userId });
  }

  async balanceCents(userId: string): Promise<Cents> {
    return this.ledger.balance(userId);
  }

  async balance(userId: string): Promise<string> {
    return formatCredits(await this.ledger.balance(userId));
  }

  /** Balances of a page of users in one read (not one query per user). */
  async balances(userIds: readonly string[]): Promise<Map<string, string>> {
    const cents = await this.ledger.balances(userIds);
    return new Map([...cents].map(([id, c]) => [id, formatCredits(c)]));
  }

  async transactions(userId: string, page: { limit: number; offset: number }): Promise<{ rows: TransactionView[]; total: number }> {
    if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > 200) throw badInput('limit must be a whole number from 1 to 200');
    if (!Number.isInteger(page.offset) || page.offset < 0) throw badInput('offset must be a whole number, 0 or more');
    const { rows, total } = await this.ledger.transactions(userId, page);
    return { total, rows: rows.map(transactionView) };
  }

  /** One keyset page of the history for the GraphQL connection: lines older than `beforeSequence`. */
  async transactionsBefore(userId: string, page: { limit: number; beforeSequence: string | null }) {
    const { rows, total } = await this.ledger.transactions(userId, { limit: page.limit, offset: 0, beforeSequence: page.beforeSequence ?? undefined });
    return {
      total,
      rows: rows.map((t) => ({ sequence: t.sequence, view: transactionView(t) })),
    };
  }

  /** Cost of processing one file set: base x (1 + markup/100), decimal arithmetic (DESIGN). */
  async costPerFileset(): Promise<string> {
    const [base, markup] = await Promise.all([this.settings.get(BASE_COST_KEY), this.settings.get(MARKUP_KEY)]);
    return costPerFilesetCents(base, markup);
  }

  /** round-half-up(count x costPerFileset) to 2 decimals, in hundredths. */
  async runCost(fileSetCount: number): Promise<{ costPerFileset: string; total: Cents }> {
    const costPerFileset = await this.costPerFileset();
    return { costPerFileset, total: runCostCents(fileSetCount, costPerFileset) };
  }

  /** An administrator's adjustment: positive adds, negative removes; messages of SPEC §8. */
  async adjust(a: { userId: string; rawAmount: unknown; actorId: string; reason?: unknown; idempotencyKey?: string }) {
    if (a.rawAmount === undefined || a.rawAmount === null || a.rawAmount === '') throw badInput('Please enter a valid credit amount');
    const amount = parseCreditAmount(a.rawAmount);
    if (amount === 0) throw badInput('Please enter a non-zero credit amount');
    const reason = typeof a.reason === 'string' && a.reason.trim() ? a.reason.trim().slice(0, 500) : DEFAULT_ADJUSTMENT_REASON;
    const posted = await this.ledger.adjust({ userId: a.userId, amount, actorId: a.actorId, reason, idempotencyKey: a.idempotencyKey });
    const newBalance = formatCredits(posted.balance);
    const message = `Successfully ${amount > 0 ? 'added' : 'removed'} ${formatCredits(Math.abs(amount))} credits. New balance: ${newBalance}`;
    return { newBalance, message, amount: formatCredits(amount) };
  }

  get ledgerApi(): Ledger {
    return this.ledger;
  }
}
