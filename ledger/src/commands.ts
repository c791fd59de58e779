import type { Cents } from './money.js';

/** What callers ask the ledger to do, one per public Ledger method that moves credits. */
export type Command<Type extends string, Data extends Record<string, unknown>> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type OpenAccount = Command<'OpenAccount', { userId: string }>;
export type GrantSignupBonus = Command<'GrantSignupBonus', { userId: string }>;
export type ApprovePurchase = Command<'ApprovePurchase', { userId: string; purchaseRequestId: string; amount: Cents; actorId: string; packageName: string }>;
export type AdjustCredits = Command<'AdjustCredits', { userId: string; amount: Cents; actorId: string; reason: string; idempotencyKey?: string }>;
export type ChargeProcessing = Command<'ChargeProcessing', { userId: string; runId: string; amount: Cents; description: string }>;
export type RefundProcessing = Command<'RefundProcessing', { userId: string; runId: string; amount: Cents; description: string }>;

export type LedgerCommand = OpenAccount | GrantSignupBonus | ApprovePurchase | AdjustCredits | ChargeProcessing | RefundProcessing;

/**
 * The idempotency key a command carries, and the part of it that must match for a repeat to count as
 * "the same request". The payload holds what decides the money effect; it leaves out who clicked
 * (a second admin approving an already-approved purchase gets the first answer, not a conflict) and
 * free text the caller may rebuild differently on a retry (processing descriptions).
 * Client-supplied adjustment keys are scoped per admin so two admins cannot collide.
 */
export function idempotencyOf(command: LedgerCommand): { key: string; payload: Record<string, unknown> } | null {
  const { type, data } = command;
  switch (type) {
    case 'OpenAccount':
      // Opening is idempotent by state: an open account decides no new event.
      return null;
    case 'GrantSignupBonus':
      return { key: `signup:${data.userId}`, payload: { type, userId: data.userId } };
    case 'ApprovePurchase':
      return {
        key: `purchase:${data.purchaseRequestId}`,
        payload: { type, userId: data.userId, amount: data.amount, packageName: data.packageName },
      };
    case 'AdjustCredits':
      if (data.idempotencyKey === undefined) return null;
      return {
        key: `adjust:${data.actorId}:${data.idempotencyKey}`,
        payload: { type, userId: data.userId, amount: data.amount, reason: data.reason },
      };
    case 'ChargeProcessing':
      return { key: `charge:${data.runId}`, payload: { type, userId: data.userId, amount: data.amount } };
    case 'RefundProcessing':
      return { key: `refund:${data.runId}`, payload: { type, userId: data.userId, amount: data.amount } };
  }
}

/** The processing run a command reads, if any: the store loads only that run's history. */
export const runOf = (command: LedgerCommand): string | null =>
  command.type === 'ChargeProcessing' || command.type === 'RefundProcessing' ? command.data.runId : null;
