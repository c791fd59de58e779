import type { LedgerErrorCode } from '../errors.js';

/**
 * A deliberately naive model of what the ledger should do, for the property test: plain maps, no
 * events, no database. Written from the rules in DESIGN.md and the Ledger interface, not from the
 * implementation, so the two can disagree when one of them is wrong.
 */
export type Operation =
  | { kind: 'open'; user: number }
  | { kind: 'bonus'; user: number }
  | { kind: 'purchase'; user: number; request: number; amount: number; packageName: string }
  | { kind: 'adjust'; user: number; amount: number; reason: string; key: number | null; admin: number }
  | { kind: 'charge'; user: number; run: number; amount: number; description: string }
  | { kind: 'refund'; user: number; run: number; amount: number; description: string };

export type Expected =
  { outcome: 'applied'; balance: number; recordsEvent: boolean } | { outcome: 'replayed'; balance: number } | { outcome: 'refused'; code: LedgerErrorCode };

interface KeyRecord {
  payload: string;
  balance: number;
}

export class LedgerModel {
  readonly balances = new Map<string, number>();
  private readonly opened = new Set<string>();
  private readonly keys = new Map<string, KeyRecord>();
  /** runId -> { userId, charged } for charges that went through. */
  private readonly charges = new Map<string, { userId: string; charged: number }>();

  constructor(private readonly prefix: string) {}

  userId = (user: number): string => `${this.prefix}-user-${user}`;
  requestId = (request: number): string => `${this.prefix}-pr-${request}`;
  runId = (run: number): string => `${this.prefix}-run-${run}`;
  adminId = (admin: number): string => `${this.prefix}-admin-${admin}`;
  adjustKey = (key: number): string => `${this.prefix}-key-${key}`;

  apply(op: Operation): Expected {
    const userId = this.userId(op.user);
    const balance = () => this.balances.get(userId) ?? 0;
    const refuse = (code: LedgerErrorCode): Expected => ({ outcome: 'refused', code });

    // 1. Checks that need no state.
    if (invalid(op)) return refuse('VALIDATION');

    // 2. The idempotency key.
    const keyed = this.keyOf(op, userId);
    if (keyed) {
      const seen = this.keys.get(keyed.key);
      if (seen) return seen.payload === keyed.payload ? { outcome: 'replayed', balance: seen.balance } : refuse('IDEMPOTENCY_CONFLICT');
    }

    // 3. The rules.
    let next: number;
    switch (op.kind) {
      case 'open': {
        const recordsEvent = !this.opened.has(userId);
        this.opened.add(userId);
        this.balances.set(userId, balance());
        return { outcome: 'applied', balance: balance(), recordsEvent };
      }
      case 'bonus':
        this.opened.add(userId);
        next = balance() + 10_000;
        break;
      case 'purchase':
        if (!this.opened.has(userId)) return refuse('NOT_FOUND');
        next = balance() + op.amount;
        break;
      case 'adjust':
        if (!this.opened.has(userId)) return refuse('NOT_FOUND');
        if (op.amount < 0 && balance() < -op.amount) return refuse('INSUFFICIENT_CREDITS');
        next = balance() + op.amount;
        break;
      case 'charge':
        if (!this.opened.has(userId)) return refuse('NOT_FOUND');
        if (balance() < op.amount) return refuse('INSUFFICIENT_CREDITS');
        this.charges.set(this.runId(op.run), { userId, charged: op.amount });
        next = balance() - op.amount;
        break;
      case 'refund': {
        if (!this.opened.has(userId)) return refuse('NOT_FOUND');
        const charge = this.charges.get(this.runId(op.run));
        if (!charge || charge.userId !== userId) return refuse('NOT_FOUND');
        if (op.amount > charge.charged) return refuse('VALIDATION');
        next = balance() + op.amount;
        break;
      }
    }
    this.balances.set(userId, next);
    if (keyed) this.keys.set(keyed.key, { payload: keyed.payload, balance: next });
    // A zero refund decides the run's refund but records no event.
    return { outcome: 'applied', balance: next, recordsEvent: !(op.kind === 'refund' && op.amount === 0) };
  }

  private keyOf(op: Operation, userId: string): { key: string; payload: string } | null {
    switch (op.kind) {
      case 'open':
        return null;
      case 'bonus':
        return { key: `signup:${userId}`, payload: userId };
      case 'purchase':
        return { key: `purchase:${this.requestId(op.request)}`, payload: `${userId}|${op.amount}|${op.packageName}` };
      case 'adjust':
        return op.key === null ? null : { key: `adjust:${this.adminId(op.admin)}:${this.adjustKey(op.key)}`, payload: `${userId}|${op.amount}|${op.reason}` };
      case 'charge':
        return { key: `charge:${this.runId(op.run)}`, payload: `${userId}|${op.amount}` };
      case 'refund':
        return { key: `refund:${this.runId(op.run)}`, payload: `${userId}|${op.amount}` };
    }
  }
}

const wholeCents = (amount: number): boolean => Number.isSafeInteger(amount) && Math.abs(amount) <= 100_000_000_000;

function invalid(op: Operation): boolean {
  switch (op.kind) {
    case 'open':
    case 'bonus':
      return false;
    case 'purchase':
      return !wholeCents(op.amount) || op.amount <= 0 || op.packageName.trim() === '';
    case 'adjust':
      return !wholeCents(op.amount) || op.amount === 0;
    case 'charge':
      return !wholeCents(op.amount) || op.amount <= 0 || op.description.includes('\u0000');
    case 'refund':
      return !wholeCents(op.amount) || op.amount < 0;
  }
}
