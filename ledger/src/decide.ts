import type { LedgerCommand } from './commands.js';
import { LedgerError } from './errors.js';
import type { LedgerEvent } from './events.js';
import { runState, type AccountState } from './evolve.js';
import { formatCredits, MAX_AMOUNT, SIGNUP_BONUS, type Cents } from './money.js';

/** SPEC §5: an admin adjustment without a reason is recorded with this one. */
export const DEFAULT_ADJUSTMENT_REASON = 'Manual adjustment by admin';
const MAX_TEXT_LENGTH = 500;

/**
 * The business rules: given a command and the account's state, the events to record, or a
 * LedgerError saying why not. Pure; the store calls it inside the append transaction, after locking
 * the account, so the state it sees is the state the events will be applied to.
 */
export function decide(command: LedgerCommand, state: AccountState): LedgerEvent[] {
  validateCommand(command);
  switch (command.type) {
    case 'OpenAccount':
      return state.opened ? [] : [{ type: 'AccountOpened', data: { userId: command.data.userId } }];

    case 'GrantSignupBonus': {
      // Sign-up opens the account if the caller has not done so yet; "once ever" is the idempotency key's job.
      const { userId } = command.data;
      const opened: LedgerEvent[] = state.opened ? [] : [{ type: 'AccountOpened', data: { userId } }];
      return [...opened, { type: 'SignupBonusGranted', data: { userId, amount: SIGNUP_BONUS } }];
    }

    case 'ApprovePurchase': {
      requireOpen(state);
      const { userId, purchaseRequestId, amount, actorId, packageName } = command.data;
      return [
        {
          type: 'PurchaseApproved',
          data: { userId, purchaseRequestId, amount, actorId, packageName: packageName.trim() },
        },
      ];
    }

    case 'AdjustCredits': {
      requireOpen(state);
      const { userId, amount, actorId } = command.data;
      if (amount < 0) requireBalance(state, -amount, 'adjustment');
      const reason = command.data.reason.trim() || DEFAULT_ADJUSTMENT_REASON;
      return [{ type: 'AdminAdjusted', data: { userId, amount, actorId, reason } }];
    }

    case 'ChargeProcessing': {
      requireOpen(state);
      const { userId, runId, amount, description } = command.data;
      if (runState(state, runId).charged > 0) {
        throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This processing run has already been charged', {
          runId,
        });
      }
      requireBalance(state, amount, 'charge');
      return [{ type: 'ProcessingCharged', data: { userId, runId, amount, description: description.trim() } }];
    }

    case 'RefundProcessing': {
      requireOpen(state);
      const { userId, runId, amount, description } = command.data;
      const run = runState(state, runId);
      if (run.charged === 0) {
        throw new LedgerError('NOT_FOUND', 'No processing charge was found for this run', { runId });
      }
      if (run.refundDecided) {
        throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This processing run has already been refunded', {
          runId,
        });
      }
      if (amount > run.charged) {
        throw new LedgerError('VALIDATION', `A refund cannot exceed the charge of ${formatCredits(run.charged)} credits`, {
          charged: formatCredits(run.charged),
          requested: formatCredits(amount),
        });
      }
      // Nothing failed, nothing to give back: no event, and no line in the user's history.
      if (amount === 0) return [];
      return [{ type: 'ProcessingRefunded', data: { userId, runId, amount, description: description.trim() } }];
    }
  }
}

/**
 * The most events decide() can return for a command, whatever the state: the store takes that many
 * sequence numbers before deciding (one round trip fewer; an unused number is a gap, as a rolled-back
 * append leaves one, and nothing reads the global sequence as gapless).
 */
export const mostEventsOf = (command: LedgerCommand): number => (command.type === 'GrantSignupBonus' ? 2 : 1);

/**
 * The checks that need no state. The store runs them before it looks at the idempotency key, so a
 * malformed request is reported as such rather than as a conflict with an earlier, valid one.
 */
export function validateCommand(command: LedgerCommand): void {
  const { data } = command;
  requireText(data.userId, 'user id');
  switch (command.type) {
    case 'OpenAccount':
    case 'GrantSignupBonus':
      return;
    case 'ApprovePurchase':
      requireText(command.data.purchaseRequestId, 'purchase request id');
      requireText(command.data.actorId, 'approving admin');
      requireText(command.data.packageName, 'package name');
      requireAmount(command.data.amount, 'positive', 'purchase amount');
      return;
    case 'AdjustCredits':
      requireText(command.data.actorId, 'adjusting admin');
      requireText(command.data.reason, 'reason', { allowEmpty: true });
      if (command.data.idempotencyKey !== undefined) requireText(command.data.idempotencyKey, 'idempotency key');
      requireAmount(command.data.amount, 'non-zero', 'adjustment amount');
      return;
    case 'ChargeProcessing':
      requireText(command.data.runId, 'processing run id');
      requireText(command.data.description, 'description', { allowEmpty: true });
      requireAmount(command.data.amount, 'positive', 'processing charge');
      return;
    case 'RefundProcessing':
      requireText(command.data.runId, 'processing run id');
      requireText(command.data.description, 'description', { allowEmpty: true });
      requireAmount(command.data.amount, 'zero or more', 'refund amount');
      return;
  }
}

function requireOpen(state: AccountState): void {
  if (!state.opened) throw new LedgerError('NOT_FOUND', 'This user has no credit account');
}

function requireBalance(state: AccountState, needed: Cents, what: 'charge' | 'adjustment'): void {
  if (state.balance >= needed) return;
  const cost = formatCredits(needed);
  const balance = formatCredits(state.balance);
  if (what === 'charge') {
    throw new LedgerError('INSUFFICIENT_CREDITS', `Insufficient credits: this costs ${cost} credits and the balance is ${balance}`, {
      estimatedCost: cost,
      currentBalance: balance,
    });
  }
  throw new LedgerError('INSUFFICIENT_CREDITS', `Cannot remove ${cost} credits: the balance is ${balance}`, { requested: cost, currentBalance: balance });
}

type AmountRule = 'positive' | 'non-zero' | 'zero or more';

function requireAmount(amount: unknown, rule: AmountRule, what: string): void {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new LedgerError('VALIDATION', `The ${what} must be a whole number of hundredths of a credit`);
  }
  if (Math.abs(amount) > MAX_AMOUNT) {
    throw new LedgerError('VALIDATION', `The ${what} must be at most 1,000,000,000 credits either way`);
  }
  if (rule === 'positive' && amount <= 0) {
    throw new LedgerError('VALIDATION', `The ${what} must be greater than zero`);
  }
  if (rule === 'non-zero' && amount === 0) {
    throw new LedgerError('VALIDATION', `The ${what} cannot be zero`);
  }
  if (rule === 'zero or more' && amount < 0) {
    throw new LedgerError('VALIDATION', `The ${what} cannot be negative`);
  }
}

// Lone surrogates and NUL cannot round-trip through PostgreSQL text unchanged, which would break the
// hash chain; they never occur in real input, so they are refused.
const UNSTORABLE = /[\p{Cs}\u0000]/u;

function requireText(value: unknown, what: string, options: { allowEmpty?: boolean } = {}): void {
  if (typeof value !== 'string') throw new LedgerError('VALIDATION', `The ${what} must be text`);
  if (!options.allowEmpty && value.trim() === '') {
    throw new LedgerError('VALIDATION', `The ${what} is required`);
  }
  if (value.length > MAX_TEXT_LENGTH) {
    throw new LedgerError('VALIDATION', `The ${what} can be at most ${MAX_TEXT_LENGTH} characters`);
  }
  if (UNSTORABLE.test(value)) throw new LedgerError('VALIDATION', `The ${what} contains invalid characters`);
}
