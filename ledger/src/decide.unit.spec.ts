import type { LedgerCommand } from './commands.js';
import { decide } from './decide.js';
import { LedgerError } from './errors.js';
import type { LedgerEvent } from './events.js';
import { fold } from './evolve.js';
import { postingsFor } from './postings.js';
import { transactionLineFor } from './projections/transaction-history.js';

const userId = 'u1';
const opened: LedgerEvent = { type: 'AccountOpened', data: { userId } };
const bonus: LedgerEvent = { type: 'SignupBonusGranted', data: { userId, amount: 10_000 } };
const charged = (runId: string, amount: number): LedgerEvent => ({
  type: 'ProcessingCharged',
  data: { userId, runId, amount, description: 'project' },
});

/** Given these events happened, when the command arrives, then... */
const given = (...history: LedgerEvent[]) => ({
  when: (command: LedgerCommand) => ({
    then: (expected: LedgerEvent[]) => expect(decide(command, fold(history))).toEqual(expected),
    thenRefused: (code: LedgerError['code'], message?: RegExp): void => {
      refusal(command, history, code, message);
    },
    thenRefusedWith: (code: LedgerError['code']) => refusal(command, history, code),
  }),
});

function refusal(command: LedgerCommand, history: LedgerEvent[], code: LedgerError['code'], message?: RegExp): LedgerError {
  let caught: unknown;
  try {
    decide(command, fold(history));
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(LedgerError);
  expect((caught as LedgerError).code).toBe(code);
  if (message) expect((caught as LedgerError).message).toMatch(message);
  return caught as LedgerError;
}

describe('OpenAccount', () => {
  it('opens a new account', () => given().when({ type: 'OpenAccount', data: { userId } }).then([opened]));
  it('is idempotent: an open account decides nothing', () => given(opened).when({ type: 'OpenAccount', data: { userId } }).then([]));
  it('refuses an empty user id', () =>
    given()
      .when({ type: 'OpenAccount', data: { userId: ' ' } })
      .thenRefused('VALIDATION', /user id is required/));
});

describe('GrantSignupBonus', () => {
  it('grants 100.00 credits to an open account', () => given(opened).when({ type: 'GrantSignupBonus', data: { userId } }).then([bonus]));
  it('opens the account first when sign-up did not', () => given().when({ type: 'GrantSignupBonus', data: { userId } }).then([opened, bonus]));
});

describe('ApprovePurchase', () => {
  const approve = (amount: number) =>
    ({
      type: 'ApprovePurchase',
      data: { userId, purchaseRequestId: 'p1', amount, actorId: 'admin', packageName: ' Starter ' },
    }) as const;
  it('credits the purchased amount', () =>
    given(opened)
      .when(approve(50_000))
      .then([
        {
          type: 'PurchaseApproved',
          data: { userId, purchaseRequestId: 'p1', amount: 50_000, actorId: 'admin', packageName: 'Starter' },
        },
      ]));
  it.each([0, -1, 1.5, NaN, 100_000_000_001])('refuses amount %p', (amount) => given(opened).when(approve(amount)).thenRefused('VALIDATION'));
  it('refuses an account that was never opened', () => given().when(approve(100)).thenRefused('NOT_FOUND'));
});

describe('AdjustCredits', () => {
  const adjust = (amount: number, reason = 'Goodwill') => ({ type: 'AdjustCredits', data: { userId, amount, actorId: 'admin', reason } }) as const;
  it('adds credits with the admin and reason recorded', () =>
    given(opened)
      .when(adjust(250))
      .then([{ type: 'AdminAdjusted', data: { userId, amount: 250, actorId: 'admin', reason: 'Goodwill' } }]));
  it('removes credits down to exactly zero', () =>
    given(opened, bonus)
      .when(adjust(-10_000))
      .then([{ type: 'AdminAdjusted', data: { userId, amount: -10_000, actorId: 'admin', reason: 'Goodwill' } }]));
  it('uses the default reason when none is given', () =>
    given(opened)
      .when(adjust(100, '  '))
      .then([{ type: 'AdminAdjusted', data: { userId, amount: 100, actorId: 'admin', reason: 'Manual adjustment by admin' } }]));
  it('refuses zero with a clear message', () =>
    given(opened)
      .when(adjust(0))
      .thenRefused('VALIDATION', /adjustment amount cannot be zero/));
  it('refuses to remove more than the balance', () => {
    const error = given(opened, bonus).when(adjust(-10_001)).thenRefusedWith('INSUFFICIENT_CREDITS');
    expect(error.details).toEqual({ requested: '100.01', currentBalance: '100.00' });
  });
});

describe('ChargeProcessing', () => {
  const charge = (runId: string, amount: number) => ({ type: 'ChargeProcessing', data: { userId, runId, amount, description: 'project' } }) as const;
  it('charges the run when the balance covers it', () =>
    given(opened, bonus)
      .when(charge('r1', 10_000))
      .then([charged('r1', 10_000)]));
  it('refuses a charge above the balance, with cost and balance as decimals', () => {
    const error = given(opened, bonus).when(charge('r1', 10_001)).thenRefusedWith('INSUFFICIENT_CREDITS');
    expect(error.details).toEqual({ estimatedCost: '100.01', currentBalance: '100.00' });
  });
  it('refuses charging a run twice', () => given(opened, bonus, charged('r1', 100)).when(charge('r1', 100)).thenRefused('IDEMPOTENCY_CONFLICT'));
  it('refuses a zero charge', () => given(opened, bonus).when(charge('r1', 0)).thenRefused('VALIDATION'));
});

describe('RefundProcessing', () => {
  const refund = (runId: string, amount: number) => ({ type: 'RefundProcessing', data: { userId, runId, amount, description: 'failed file sets' } }) as const;
  it('refunds part of a charge', () =>
    given(opened, bonus, charged('r1', 300))
      .when(refund('r1', 200))
      .then([{ type: 'ProcessingRefunded', data: { userId, runId: 'r1', amount: 200, description: 'failed file sets' } }]));
  it('records nothing for a zero refund', () => given(opened, bonus, charged('r1', 300)).when(refund('r1', 0)).then([]));
  it('refuses a refund above the charge', () =>
    given(opened, bonus, charged('r1', 300))
      .when(refund('r1', 301))
      .thenRefused('VALIDATION', /cannot exceed/));
  it('refuses a refund for a run that was never charged', () => given(opened, bonus).when(refund('r1', 1)).thenRefused('NOT_FOUND'));
  it('refuses a second refund', () =>
    given(opened, bonus, charged('r1', 300), {
      type: 'ProcessingRefunded',
      data: { userId, runId: 'r1', amount: 100, description: '' },
    })
      .when(refund('r1', 100))
      .thenRefused('IDEMPOTENCY_CONFLICT'));
  it('is not fooled by a run id that names an Object.prototype property', () => given(opened, bonus).when(refund('__proto__', 1)).thenRefused('NOT_FOUND'));
});

describe('evolve', () => {
  it('folds balances and runs', () => {
    const state = fold([opened, bonus, charged('r1', 300)]);
    expect(state).toEqual({ opened: true, balance: 9_700, runs: { r1: { charged: 300, refunded: 0, refundDecided: false } } });
  });
});

describe('postings and history lines', () => {
  const events: LedgerEvent[] = [
    bonus,
    { type: 'PurchaseApproved', data: { userId, purchaseRequestId: 'p', amount: 500, actorId: 'a', packageName: 'Pro' } },
    { type: 'AdminAdjusted', data: { userId, amount: -5, actorId: 'a', reason: 'Correction' } },
    { type: 'AdminAdjusted', data: { userId, amount: 5, actorId: 'a', reason: 'Goodwill' } },
    charged('r1', 21),
    { type: 'ProcessingRefunded', data: { userId, runId: 'r1', amount: 6, description: '2 file sets failed' } },
  ];

  it('every money event posts two entries that sum to zero', () => {
    for (const event of events) {
      const postings = postingsFor(event);
      expect(postings).toHaveLength(2);
      expect(postings[0]!.amount + postings[1]!.amount).toBe(0);
      expect(postings[0]!.account).toBe('user:u1');
    }
    expect(postingsFor(opened)).toEqual([]);
  });

  it('shows each event with the type and description users see', () => {
    expect(events.map(transactionLineFor)).toEqual([
      { transactionType: 'credit', description: 'Sign-up bonus', amount: 10_000 },
      { transactionType: 'purchase', description: 'Credit purchase: Pro', amount: 500 },
      { transactionType: 'deduction', description: 'Correction', amount: -5 },
      { transactionType: 'credit', description: 'Goodwill', amount: 5 },
      { transactionType: 'deduction', description: 'Processing: project', amount: -21 },
      { transactionType: 'refund', description: 'Refund: 2 file sets failed', amount: 6 },
    ]);
    expect(transactionLineFor(opened)).toBeNull();
  });
});
