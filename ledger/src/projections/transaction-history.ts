import { balanceChange, type LedgerEvent } from '../events.js';
import type { Cents } from '../money.js';

export type TransactionType = 'credit' | 'deduction' | 'purchase' | 'refund';

/** The line a user sees in their transaction history for one event. */
export interface TransactionLine {
  readonly transactionType: TransactionType;
  readonly description: string;
  /** Signed: positive adds credits, negative removes them. */
  readonly amount: Cents;
}

/**
 * Maps an event to its history line, or null for events that move no credits (AccountOpened).
 * Types follow DESIGN.md: credit (sign-up, admin +), deduction (processing, admin -), purchase, refund.
 */
export function transactionLineFor(event: LedgerEvent): TransactionLine | null {
  const amount = balanceChange(event);
  switch (event.type) {
    case 'AccountOpened':
      return null;
    case 'SignupBonusGranted':
      return { transactionType: 'credit', description: 'Sign-up bonus', amount };
    case 'PurchaseApproved':
      return { transactionType: 'purchase', description: `Credit purchase: ${event.data.packageName}`, amount };
    case 'AdminAdjusted':
      return { transactionType: amount > 0 ? 'credit' : 'deduction', description: event.data.reason, amount };
    case 'ProcessingCharged':
      return { transactionType: 'deduction', description: withDetail('Processing', event.data.description), amount };
    case 'ProcessingRefunded':
      return { transactionType: 'refund', description: withDetail('Refund', event.data.description), amount };
  }
}

const withDetail = (label: string, detail: string): string => (detail ? `${label}: ${detail}` : label);
