import { balanceChange, type LedgerEvent } from './events.js';
import type { Cents } from './money.js';

/**
 * Double entry: every event that moves credits posts the change to the user's account and the
 * opposite amount to the system account it came from or went to, so all postings sum to zero and
 * finance can reconcile each source of credits on its own.
 */
export const SYSTEM_ACCOUNTS = {
  signupBonus: 'system:signup-bonus',
  purchases: 'system:purchases',
  adjustments: 'system:adjustments',
  processingRevenue: 'system:processing-revenue',
} as const;

export const userAccount = (userId: string): string => `user:${userId}`;

export interface Posting {
  readonly account: string;
  readonly amount: Cents;
}

export function postingsFor(event: LedgerEvent): Posting[] {
  const change = balanceChange(event);
  if (change === 0) return [];
  return [
    { account: userAccount(event.data.userId), amount: change },
    { account: counterAccount(event), amount: -change },
  ];
}

function counterAccount(event: LedgerEvent): string {
  switch (event.type) {
    case 'AccountOpened':
      throw new Error('AccountOpened moves no credits and has no counter account');
    case 'SignupBonusGranted':
      return SYSTEM_ACCOUNTS.signupBonus;
    case 'PurchaseApproved':
      return SYSTEM_ACCOUNTS.purchases;
    case 'AdminAdjusted':
      return SYSTEM_ACCOUNTS.adjustments;
    // A refund gives back revenue, so it reverses against the account the charge credited.
    case 'ProcessingCharged':
    case 'ProcessingRefunded':
      return SYSTEM_ACCOUNTS.processingRevenue;
  }
}
