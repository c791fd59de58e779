import type { TransactionType } from './projections/transaction-history.js';
import type { Cents } from './money.js';

/** The answer to a command that moves credits. */
export interface Posted {
  /** The event recorded, or null when the command needed none (a zero refund). */
  eventId: string | null;
  /** The balance right after the command (for a repeat: right after the first one). */
  balance: Cents;
  /** The history line the event produced; equal to eventId, null when there is none. */
  transactionId: string | null;
  /** True when the idempotency key had been used before with the same payload: nothing new happened. */
  replayed: boolean;
}

export interface TransactionRow {
  /** The id of the event the line comes from: one event makes at most one line. */
  id: string;
  createdAt: Date;
  description: string;
  amount: Cents;
  balanceAfter: Cents;
  transactionType: TransactionType;
  eventId: string;
  /** Global append order of the event (decimal text): the keyset for paging. */
  sequence: string;
  /** The processing run of a charge or refund (null for other lines): one run's lines group into one. */
  runId?: string | null;
}

export interface LedgerEventRow {
  id: string;
  /** Global order of appends, as decimal text (int8). */
  sequence: string;
  streamId: string;
  streamVersion: number;
  userId: string;
  type: string;
  /** The signed change to the account's balance (0 for AccountOpened). */
  amount: Cents;
  actorId: string | null;
  reason: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  hash: string;
  prevHash: string | null;
}

export interface Page {
  limit: number;
  offset: number;
  /** Keyset paging: only rows appended before this sequence (decimal text), i.e. older ones. */
  beforeSequence?: string;
}

export interface EventFilter extends Page {
  userId?: string;
  type?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export interface ChainVerification {
  ok: boolean;
  checkedEvents: number;
  firstInvalidEventId?: string;
  reason?: string;
}

export interface ReplayDifference {
  userId: string;
  field: string;
  live: string;
  replayed: string;
}

export interface ReplayComparison {
  ok: boolean;
  eventsReplayed: number;
  differences: ReplayDifference[];
}

export interface Ledger {
  openAccount(a: { userId: string }): Promise<void>;
  grantSignupBonus(a: { userId: string }): Promise<Posted>;
  approvePurchase(a: { userId: string; purchaseRequestId: string; amount: Cents; actorId: string; packageName: string }): Promise<Posted>;
  adjust(a: { userId: string; amount: Cents; actorId: string; reason: string; idempotencyKey?: string }): Promise<Posted>;
  chargeProcessing(a: { userId: string; runId: string; amount: Cents; description: string }): Promise<Posted>;
  refundProcessing(a: { userId: string; runId: string; amount: Cents; description: string }): Promise<Posted>;
  balance(userId: string): Promise<Cents>;
  /** Several accounts' balances in one read (0 for an account never opened). */
  balances(userIds: readonly string[]): Promise<Map<string, Cents>>;
  transactions(userId: string, page: Page): Promise<{ rows: TransactionRow[]; total: number }>;
  events(filter: EventFilter): Promise<{ rows: LedgerEventRow[]; total: number }>;
  verifyChain(): Promise<ChainVerification>;
  replayAndCompare(): Promise<ReplayComparison>;
  postingsTotal(): Promise<Cents>;
}
