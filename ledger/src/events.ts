import type { Cents } from './money.js';

/**
 * The facts the ledger records, one stream per user account (`user-<userId>`).
 * Shaped like Emmett's `Event<Type, Data>`: the type names what happened, the data is what a reader
 * needs to rebuild every projection. Amounts in the data are positive cents except for
 * AdminAdjusted, whose sign is the direction of the adjustment.
 */
export type Event<Type extends string, Data extends Record<string, unknown>> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type AccountOpened = Event<'AccountOpened', { userId: string }>;

export type SignupBonusGranted = Event<'SignupBonusGranted', { userId: string; amount: Cents }>;

export type PurchaseApproved = Event<'PurchaseApproved', { userId: string; purchaseRequestId: string; amount: Cents; actorId: string; packageName: string }>;

export type AdminAdjusted = Event<'AdminAdjusted', { userId: string; amount: Cents; actorId: string; reason: string }>;

export type ProcessingCharged = Event<'ProcessingCharged', { userId: string; runId: string; amount: Cents; description: string }>;

export type ProcessingRefunded = Event<'ProcessingRefunded', { userId: string; runId: string; amount: Cents; description: string }>;

export type LedgerEvent = AccountOpened | SignupBonusGranted | PurchaseApproved | AdminAdjusted | ProcessingCharged | ProcessingRefunded;

export type LedgerEventType = LedgerEvent['type'];

export const LEDGER_EVENT_TYPES: readonly LedgerEventType[] = [
  'AccountOpened',
  'SignupBonusGranted',
  'PurchaseApproved',
  'AdminAdjusted',
  'ProcessingCharged',
  'ProcessingRefunded',
];

export const streamIdFor = (userId: string): string => `user-${userId}`;

/** The signed change an event makes to its account's balance. */
export function balanceChange(event: LedgerEvent): Cents {
  switch (event.type) {
    case 'AccountOpened':
      return 0;
    case 'SignupBonusGranted':
    case 'PurchaseApproved':
    case 'AdminAdjusted':
    case 'ProcessingRefunded':
      return event.data.amount;
    case 'ProcessingCharged':
      return -event.data.amount;
  }
}

/** The admin (or other person) who caused the event, kept in its own column for audit queries. */
export function actorOf(event: LedgerEvent): string | null {
  return event.type === 'PurchaseApproved' || event.type === 'AdminAdjusted' ? event.data.actorId : null;
}

/** The stated reason, for admin adjustments. */
export function reasonOf(event: LedgerEvent): string | null {
  return event.type === 'AdminAdjusted' ? event.data.reason : null;
}
