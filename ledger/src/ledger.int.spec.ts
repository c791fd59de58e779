import { LedgerError } from './errors.js';
import { createLedger } from './ledger.js';
import { migrateLedger } from './store/schema.js';
import { createTestDatabase, type TestDatabase } from './test-support/database.js';
import type { Ledger } from './types.js';

let db: TestDatabase;
let ledger: Ledger;
let clock = new Date('2025-03-01T10:00:00.000Z');
const tick = () => (clock = new Date(clock.getTime() + 1000));

beforeAll(async () => {
  db = await createTestDatabase();
  ledger = createLedger(db.pool, { now: () => tick() });
});
afterAll(() => db.drop());

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('a user account from sign-up to refund', () => {
  const userId = 'alice';

  it('opens once and grants the sign-up bonus once', async () => {
    await ledger.openAccount({ userId });
    await ledger.openAccount({ userId });
    const first = await ledger.grantSignupBonus({ userId });
    expect(first).toMatchObject({ balance: 10_000, replayed: false });
    expect(first.transactionId).toBe(first.eventId);
    const again = await ledger.grantSignupBonus({ userId });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await ledger.balance(userId)).toBe(10_000);
  });

  it('approves purchases, adjusts, charges and refunds with history to match', async () => {
    await ledger.approvePurchase({ userId, purchaseRequestId: 'pr-1', amount: 50_000, actorId: 'admin', packageName: 'Pro' });
    await ledger.adjust({ userId, amount: -2_550, actorId: 'admin', reason: 'Correction' });
    await ledger.adjust({ userId, amount: 5, actorId: 'admin', reason: '' });
    const charge = await ledger.chargeProcessing({ userId, runId: 'run-1', amount: 21, description: 'Coast (7 file sets)' });
    expect(charge.balance).toBe(10_000 + 50_000 - 2_550 + 5 - 21);
    const refund = await ledger.refundProcessing({ userId, runId: 'run-1', amount: 6, description: '2 file sets failed' });
    expect(refund.balance).toBe(charge.balance + 6);

    const { rows, total } = await ledger.transactions(userId, { limit: 50, offset: 0 });
    expect(total).toBe(6);
    expect(rows.map((r) => [r.description, r.amount, r.balanceAfter, r.transactionType])).toEqual([
      ['Refund: 2 file sets failed', 6, 57_440, 'refund'],
      ['Processing: Coast (7 file sets)', -21, 57_434, 'deduction'],
      ['Manual adjustment by admin', 5, 57_455, 'credit'],
      ['Correction', -2_550, 57_450, 'deduction'],
      ['Credit purchase: Pro', 50_000, 60_000, 'purchase'],
      ['Sign-up bonus', 10_000, 10_000, 'credit'],
    ]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    // The run each line belongs to (the history groups a run into one line); none for other lines.
    expect(rows.map((r) => r.runId)).toEqual(['run-1', 'run-1', null, null, null, null]);
    const page2 = await ledger.transactions(userId, { limit: 4, offset: 4 });
    expect(page2.rows.map((r) => r.description)).toEqual(['Credit purchase: Pro', 'Sign-up bonus']);
    expect(page2.total).toBe(6);
  });

  it('answers a zero refund with the balance and no event', async () => {
    await ledger.chargeProcessing({ userId, runId: 'run-2', amount: 3, description: 'One' });
    const before = await ledger.events({ userId, limit: 100, offset: 0 });
    const zero = await ledger.refundProcessing({ userId, runId: 'run-2', amount: 0, description: 'none failed' });
    expect(zero).toEqual({ eventId: null, balance: await ledger.balance(userId), transactionId: null, replayed: false });
    expect((await ledger.events({ userId, limit: 100, offset: 0 })).total).toBe(before.total);
    // The run's refund is decided: a later non-zero refund under the same key is a conflict.
    expect(await codeOf(ledger.refundProcessing({ userId, runId: 'run-2', amount: 3, description: 'x' }))).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses what the rules refuse, with the codes the API maps', async () => {
    const balance = await ledger.balance(userId);
    await expect(ledger.chargeProcessing({ userId, runId: 'run-big', amount: balance + 1, description: 'x' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      details: { estimatedCost: '574.38', currentBalance: '574.37' },
    });
    expect(await codeOf(ledger.adjust({ userId, amount: -(balance + 1), actorId: 'admin', reason: 'x' }))).toBe('INSUFFICIENT_CREDITS');
    expect(await codeOf(ledger.adjust({ userId, amount: 0, actorId: 'admin', reason: 'x' }))).toBe('VALIDATION');
    expect(await codeOf(ledger.chargeProcessing({ userId: 'nobody', runId: 'r', amount: 1, description: '' }))).toBe('NOT_FOUND');
    expect(await codeOf(ledger.refundProcessing({ userId, runId: 'never-charged', amount: 1, description: '' }))).toBe('NOT_FOUND');
    expect(await codeOf(ledger.refundProcessing({ userId, runId: 'run-1', amount: 1, description: '' }))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await codeOf(ledger.transactions(userId, { limit: 0, offset: 0 }))).toBe('VALIDATION');
    expect(await ledger.balance(userId)).toBe(balance);
    // A refused charge leaves its key free: the same run can be charged once the credits are there.
    await ledger.approvePurchase({ userId, purchaseRequestId: 'pr-2', amount: 1, actorId: 'admin', packageName: 'Top-up' });
    const charged = await ledger.chargeProcessing({ userId, runId: 'run-big', amount: balance + 1, description: 'x' });
    expect(charged.balance).toBe(0);
  });

  it('keeps client idempotency keys per admin', async () => {
    const first = await ledger.adjust({ userId, amount: 100, actorId: 'admin', reason: 'Gift', idempotencyKey: 'k1' });
    const repeat = await ledger.adjust({ userId, amount: 100, actorId: 'admin', reason: 'Gift', idempotencyKey: 'k1' });
    expect(repeat).toEqual({ ...first, replayed: true });
    const otherAdmin = await ledger.adjust({ userId, amount: 100, actorId: 'admin-2', reason: 'Gift', idempotencyKey: 'k1' });
    expect(otherAdmin.replayed).toBe(false);
    expect(await codeOf(ledger.adjust({ userId, amount: 101, actorId: 'admin', reason: 'Gift', idempotencyKey: 'k1' }))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await ledger.balance(userId)).toBe(200);
  });

  it('lists events for audit, filtered and newest first, with their chain', async () => {
    const all = await ledger.events({ limit: 1000, offset: 0 });
    expect(all.rows[0]!.sequence > all.rows.at(-1)!.sequence || all.rows.length === 1).toBe(true);
    const adjustments = await ledger.events({ userId, type: 'AdminAdjusted', limit: 10, offset: 0 });
    expect(adjustments.total).toBe(4);
    expect(adjustments.rows[0]).toMatchObject({ type: 'AdminAdjusted', actorId: 'admin-2', reason: 'Gift', amount: 100 });
    const opened = (await ledger.events({ userId, type: 'AccountOpened', limit: 10, offset: 0 })).rows[0]!;
    expect(opened).toMatchObject({ streamId: 'user-alice', streamVersion: 1, prevHash: null, amount: 0 });
    const second = (await ledger.events({ userId, type: 'SignupBonusGranted', limit: 10, offset: 0 })).rows[0]!;
    expect(second.prevHash).toBe(opened.hash);
    const firstSecond = opened.createdAt;
    const window = await ledger.events({ userId, from: firstSecond, to: new Date(firstSecond.getTime() + 1), limit: 10, offset: 0 });
    expect(window.rows.map((r) => r.type)).toEqual(['AccountOpened']);
  });

  it('balances the books, verifies the chain and replays to the same projections', async () => {
    expect(await ledger.postingsTotal()).toBe(0);
    expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: expect.any(Number) });
    const replay = await ledger.replayAndCompare();
    expect(replay.differences).toEqual([]);
    expect(replay.ok).toBe(true);
    expect(replay.eventsReplayed).toBe((await ledger.events({ limit: 1, offset: 0 })).total);
  });

  it('reads several balances in one go, each as its own read gives it, zero for one never opened', async () => {
    const many = await ledger.balances([userId, 'ghost', userId]);
    expect([...many]).toEqual([
      [userId, await ledger.balance(userId)],
      ['ghost', 0],
    ]);
    expect((await ledger.balances([])).size).toBe(0);
  });

  it('reports zero for an account that was never opened', async () => {
    expect(await ledger.balance('ghost')).toBe(0);
    expect(await ledger.transactions('ghost', { limit: 50, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it('migrates idempotently', async () => {
    await migrateLedger(db.pool);
    await Promise.all([migrateLedger(db.pool), migrateLedger(db.pool)]);
    const { rows } = await db.pool.query('SELECT version FROM ledger_schema_migrations ORDER BY version');
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
  });

  it('keeps on the postings only the indexes their readers use (each one costs every append)', async () => {
    const { rows } = await db.pool.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_postings' ORDER BY indexname`);
    expect(rows.map((r: { indexname: string }) => r.indexname)).toEqual([
      'ledger_postings_account_time_idx',
      'ledger_postings_pkey',
      'ledger_postings_time_idx',
    ]);
  });
});
