import fc from 'fast-check';
import { LedgerError } from './errors.js';
import { createLedger } from './ledger.js';
import { createTestDatabase, type TestDatabase } from './test-support/database.js';
import { LedgerModel, type Expected, type Operation } from './test-support/ledger-model.js';
import type { Ledger, Posted } from './types.js';

/**
 * Random histories of every command, valid and not, across several accounts, checked against a
 * naive model after every step and against the ledger's own audits after every history.
 * Reproduce a failure with LEDGER_PROPERTY_SEED=<seed>; set LEDGER_PROPERTY_SHRINK=1 to shrink it.
 */
const seed = Number(process.env['LEDGER_PROPERTY_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env['LEDGER_PROPERTY_RUNS'] ?? 8);
const USERS = 4;

let db: TestDatabase;
let ledger: Ledger;
let clock = Date.parse('2025-06-01T00:00:00.000Z');
let historiesRun = 0;
let operationsRun = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  ledger = createLedger(db.pool, { now: () => new Date((clock += 1_000)) });
});
afterAll(() => db.drop());

const user = fc.integer({ min: 0, max: USERS - 1 });
const validCents = fc.integer({ min: 1, max: 20_000 });
const badCents = fc.constantFrom(0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000_001);
const text = fc.constantFrom('', 'Coast', ' trimmed ', 'Ünïcödé 🚁');
const runNumber = fc.integer({ min: 0, max: 15 });
/** Sometimes spend exactly the balance, or one cent more: the boundary random amounts rarely hit. */
const atBalance = fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(0, 1) });

type Step = Exclude<Operation, { kind: 'charge' | 'adjust' }> | (Extract<Operation, { kind: 'charge' | 'adjust' }> & { toBalance: number | null });

const operation: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), user }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bonus' as const), user }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      user,
      request: fc.integer({ min: 0, max: 12 }),
      amount: fc.oneof({ weight: 5, arbitrary: validCents }, { weight: 1, arbitrary: badCents }),
      packageName: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('Starter', 'Pro') }, { weight: 1, arbitrary: fc.constant('') }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      user,
      amount: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: -15_000, max: 15_000 }) }, { weight: 1, arbitrary: badCents }),
      reason: text,
      key: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      admin: fc.integer({ min: 0, max: 1 }),
      toBalance: atBalance,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      user,
      run: runNumber,
      amount: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 8_000 }) }, { weight: 1, arbitrary: badCents }),
      description: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('Harbour (3 file sets)', '') }, { weight: 1, arbitrary: fc.constant('bad\u0000text') }),
      toBalance: atBalance,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      user,
      run: runNumber,
      amount: fc.oneof(
        { weight: 2, arbitrary: fc.constant(0) },
        { weight: 8, arbitrary: fc.integer({ min: 1, max: 3_000 }) },
        { weight: 1, arbitrary: badCents },
      ),
      description: text,
    }),
  },
);

/**
 * A history: fresh operations mixed with exact repeats of earlier ones, so idempotency keys are
 * exercised both with the same payload (a replay) and with a different one (a conflict).
 */
const historyOfOperations = fc
  .array(fc.oneof({ weight: 4, arbitrary: operation }, { weight: 1, arbitrary: fc.nat().map((back) => ({ repeat: back })) }), {
    minLength: 300,
    maxLength: 500,
  })
  .map((steps) => {
    const ops: Step[] = [];
    for (const step of steps) {
      if (!('repeat' in step)) ops.push(step);
      else if (ops.length > 0) ops.push(ops[ops.length - 1 - (step.repeat % Math.min(ops.length, 20))]!);
    }
    return ops;
  });

/** Turns "spend the balance (+0 or +1 cent)" into an amount, from the balance the model expects now. */
function atBoundary(model: LedgerModel, step: Step): Operation {
  if ((step.kind !== 'charge' && step.kind !== 'adjust') || step.toBalance === null) return step;
  const spend = (model.balances.get(model.userId(step.user)) ?? 0) + step.toBalance;
  if (spend === 0) return step;
  return { ...step, amount: step.kind === 'charge' ? spend : -spend };
}

async function run(model: LedgerModel, op: Operation): Promise<Posted | void> {
  const userId = model.userId(op.user);
  switch (op.kind) {
    case 'open':
      return ledger.openAccount({ userId });
    case 'bonus':
      return ledger.grantSignupBonus({ userId });
    case 'purchase':
      return ledger.approvePurchase({
        userId,
        purchaseRequestId: model.requestId(op.request),
        amount: op.amount,
        actorId: model.adminId(0),
        packageName: op.packageName,
      });
    case 'adjust':
      return ledger.adjust({
        userId,
        amount: op.amount,
        actorId: model.adminId(op.admin),
        reason: op.reason,
        ...(op.key === null ? {} : { idempotencyKey: model.adjustKey(op.key) }),
      });
    case 'charge':
      return ledger.chargeProcessing({ userId, runId: model.runId(op.run), amount: op.amount, description: op.description });
    case 'refund':
      return ledger.refundProcessing({ userId, runId: model.runId(op.run), amount: op.amount, description: op.description });
  }
}

/** Everything a command could touch, in one read, to show a refused one touched nothing. */
const footprint = async (): Promise<string> =>
  JSON.stringify(
    (
      await db.pool.query(`SELECT
        (SELECT count(*) FROM ledger_events) AS events,
        (SELECT count(*) FROM ledger_postings) AS postings,
        (SELECT count(*) FROM ledger_transactions) AS lines,
        (SELECT count(*) FROM ledger_idempotency_keys) AS keys,
        (SELECT json_agg(b ORDER BY user_id) FROM ledger_account_balances b) AS balances`)
    ).rows[0],
  );

function checkOutcome(expected: Expected, actual: { answer?: Posted | void; error?: unknown }, op: Operation): void {
  const where = `${JSON.stringify(op)} expected ${JSON.stringify(expected)}`;
  if (expected.outcome === 'refused') {
    if (!(actual.error instanceof LedgerError)) throw new Error(`${where}, got ${String(actual.error ?? 'success')}`);
    expect({ op, code: actual.error.code }).toEqual({ op, code: expected.code });
    return;
  }
  if (actual.error) throw new Error(`${where}, got ${String(actual.error)}`);
  if (op.kind === 'open') return;
  const answer = actual.answer as Posted;
  expect({ op, balance: answer.balance, replayed: answer.replayed }).toEqual({
    op,
    balance: expected.balance,
    replayed: expected.outcome === 'replayed',
  });
}

describe('the ledger under random histories', () => {
  it('keeps the books balanced, the chain intact and the projections equal to a replay', async () => {
    const property = fc.asyncProperty(historyOfOperations, async (ops) => {
      const model = new LedgerModel(`h${historiesRun++}`);
      for (const step of ops) {
        const op = atBoundary(model, step);
        const before = await footprint();
        const expected = model.apply(op);
        const actual: { answer?: Posted | void; error?: unknown } = {};
        try {
          actual.answer = await run(model, op);
        } catch (error) {
          actual.error = error;
        }
        operationsRun++;
        checkOutcome(expected, actual, op);
        if (expected.outcome === 'refused' || expected.outcome === 'replayed') {
          // A refused or repeated command leaves every table exactly as it was.
          expect({ op, footprint: await footprint() }).toEqual({ op, footprint: before });
        } else if (!expected.recordsEvent) {
          // Nothing to record (re-opening, a zero refund): no event, line, posting or balance change.
          const after = JSON.parse(await footprint());
          expect({ op, events: after.events, balances: after.balances }).toEqual({
            op,
            events: JSON.parse(before).events,
            balances: JSON.parse(before).balances,
          });
        }
      }

      for (const [userId, balance] of model.balances) {
        expect({ userId, balance: await ledger.balance(userId) }).toEqual({ userId, balance });
        const lines = await ledger.transactions(userId, { limit: 1000, offset: 0 });
        expect(lines.rows.reduce((sum, line) => sum + line.amount, 0)).toBe(balance);
      }
      expect(await ledger.postingsTotal()).toBe(0);
      expect(await ledger.verifyChain()).toMatchObject({ ok: true });
      expect(await ledger.replayAndCompare()).toMatchObject({ ok: true, differences: [] });
    });

    try {
      await fc.assert(property, {
        seed,
        numRuns: RUNS,
        endOnFailure: process.env['LEDGER_PROPERTY_SHRINK'] !== '1',
      });
    } catch (error) {
      console.error(`Ledger property failed. Reproduce with LEDGER_PROPERTY_SEED=${seed}`);
      throw error;
    }
    expect(operationsRun).toBeGreaterThanOrEqual(RUNS * 200);
  }, 300_000);
});
