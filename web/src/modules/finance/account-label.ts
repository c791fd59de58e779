const SYSTEM_LABELS: Record<string, string> = {
  'system:signup-bonus': 'Sign-up bonuses (system)',
  'system:purchases': 'Purchases (system)',
  'system:adjustments': 'Adjustments (system)',
  'system:processing-revenue': 'Processing revenue (system)',
};

/** A ledger account as a person reads it; user accounts keep their id. */
export const accountLabel = (account: string) => SYSTEM_LABELS[account] ?? account;

export const MOVEMENT_LABELS: Record<string, string> = {
  purchases: 'Credits sold (approved purchases)',
  signupBonuses: 'Sign-up bonuses',
  adjustmentsUp: 'Admin adjustments up',
  adjustmentsDown: 'Admin adjustments down',
  processingCharged: 'Processing charged',
  refunds: 'Refunds',
};
