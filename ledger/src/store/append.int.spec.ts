import pg from 'pg';
import { LedgerError } from '../errors.js';
import { createLedger } from '../ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import type { Ledger } from '../types.js';

let db: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  // Enough connections for the 20 duplicate approvals to really run at the same time.
  db = await createTestDatabase({ max: 20 });
  ledger = createLedger(db.pool);
});
afterAll(() => db.drop());

const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0]!.n);

const historySum = async (userId: string): Promise<number> =>
  Number((await db.pool.query<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_transactions WHERE user_id = $1', [userId])).rows[0]!.s);

describe('appending under concurrency', () => {
  it('lets exactly 100 of 200 concurrent 1.00 spends through a balance of 100.00', async () => {
    const userId = 'spender';
    await ledger.grantSignupBonus({ userId });

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => ledger.chargeProcessing({ userId, runId: `spend-${i}`, amount: 100, description: `run ${i}` })),
    );

    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(succeeded).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(LedgerError);
      expect((reason as LedgerError).code).toBe('INSUFFICIENT_CREDITS');
      expect((reason as LedgerError).details).toEqual({ estimatedCost: '1.00', currentBalance: '0.00' });
    }
    expect(await ledger.balance(userId)).toBe(0);
    expect(await historySum(userId)).toBe(0);
    expect(await count('ledger_events WHERE user_id = $1 AND type = $2', [userId, 'ProcessingCharged'])).toBe(100);
    expect(await ledger.postingsTotal()).toBe(0);
    // Each success saw a distinct balance on the way down: no two spends read the same one.
    const balances = succeeded.map((r) => (r as PromiseFulfilledResult<{ balance: number }>).value.balance).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 100 }, (_, i) => i * 100));
  });

  it('credits a purchase approved 20 times at once exactly once', async () => {
    const userId = 'buyer';
    await ledger.openAccount({ userId });
    const approval = { userId, purchaseRequestId: 'pr-20', amount: 50_000, actorId: 'admin', packageName: 'Pro' };

    const answers = await Promise.all(Array.from({ length: 20 }, () => ledger.approvePurchase(approval)));

    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const first = answers.find((a) => !a.replayed)!;
    for (const answer of answers) expect(answer).toEqual({ ...first, replayed: answer.replayed });
    expect(await ledger.balance(userId)).toBe(50_000);
    expect(await count('ledger_events WHERE user_id = $1 AND type = $2', [userId, 'PurchaseApproved'])).toBe(1);
    expect(await count('ledger_transactions WHERE user_id = $1', [userId])).toBe(1);
  });

  it('refuses the same key with a different amount and records nothing', async () => {
    const userId = 'buyer';
    const eventsBefore = await count('ledger_events');
    const keysBefore = await count('ledger_idempotency_keys');

    await expect(ledger.approvePurchase({ userId, purchaseRequestId: 'pr-20', amount: 60_000, actorId: 'admin', packageName: 'Pro' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });

    expect(await count('ledger_events')).toBe(eventsBefore);
    expect(await count('ledger_idempotency_keys')).toBe(keysBefore);
    expect(await ledger.balance(userId)).toBe(50_000);
  });

  it('gives a different admin approving the same purchase the first answer', async () => {
    const again = await ledger.approvePurchase({
      userId: 'buyer',
      purchaseRequestId: 'pr-20',
      amount: 50_000,
      actorId: 'another-admin',
      packageName: 'Pro',
    });
    expect(again).toMatchObject({ replayed: true, balance: 50_000 });
  });

  it('opens an account once when sign-up and opening race', async () => {
    const userId = 'racer';
    await Promise.all([
      ...Array.from({ length: 10 }, () => ledger.openAccount({ userId })),
      ...Array.from({ length: 10 }, () => ledger.grantSignupBonus({ userId })),
    ]);
    expect(await count('ledger_events WHERE user_id = $1 AND type = $2', [userId, 'AccountOpened'])).toBe(1);
    expect(await count('ledger_events WHERE user_id = $1 AND type = $2', [userId, 'SignupBonusGranted'])).toBe(1);
    expect(await ledger.balance(userId)).toBe(10_000);
  });

  it('appends to different accounts in parallel without losing any', async () => {
    const users = Array.from({ length: 8 }, (_, i) => `parallel-${i}`);
    await Promise.all(users.map((userId) => ledger.grantSignupBonus({ userId })));
    await Promise.all(
      users.flatMap((userId) => Array.from({ length: 10 }, (_, i) => ledger.adjust({ userId, amount: 1, actorId: 'admin', reason: `tick ${i}` }))),
    );
    for (const userId of users) {
      expect(await ledger.balance(userId)).toBe(10_010);
      expect(await historySum(userId)).toBe(10_010);
    }
    expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: expect.any(Number) });
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true, differences: [] });
    expect(await ledger.postingsTotal()).toBe(0);
  });

  it('writes commands that arrive together in shared transactions, each with its own outcome', async () => {
    const users = Array.from({ length: 12 }, (_, i) => `grouped-${i}`);
    await Promise.all(users.map((userId) => ledger.grantSignupBonus({ userId })));
    const eventsBefore = await count('ledger_events');

    // Per account: a spend that fits, one that does not, a keyed adjustment and its repeat with other details.
    const results = await Promise.allSettled(
      users.flatMap((userId) => [
        ledger.chargeProcessing({ userId, runId: `${userId}-fits`, amount: 6_000, description: 'fits' }),
        ledger.chargeProcessing({ userId, runId: `${userId}-too-much`, amount: 6_000, description: 'too much' }),
        ledger.adjust({ userId, amount: 500, actorId: 'admin', reason: 'bonus', idempotencyKey: `${userId}-once` }),
        ledger.adjust({ userId, amount: 900, actorId: 'admin', reason: 'bonus', idempotencyKey: `${userId}-once` }),
      ]),
    );

    users.forEach((userId, i) => {
      const [fits, tooMuch, adjusted, conflicting] = results.slice(i * 4, i * 4 + 4);
      expect(fits).toMatchObject({ status: 'fulfilled', value: { balance: 4_000, replayed: false } });
      expect(tooMuch).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_CREDITS' } });
      expect(adjusted).toMatchObject({ status: 'fulfilled', value: { balance: 4_500, replayed: false } });
      expect(conflicting).toMatchObject({ status: 'rejected', reason: { code: 'IDEMPOTENCY_CONFLICT' } });
    });
    for (const userId of users) expect(await ledger.balance(userId)).toBe(4_500);
    expect(await count('ledger_events')).toBe(eventsBefore + users.length * 2);
    // Group commit: the 24 new events were written by fewer transactions than there were commands.
    const transactions = await count('(SELECT DISTINCT xmin::text FROM ledger_events WHERE user_id LIKE $1) AS t', ['grouped-%']);
    expect(transactions).toBeLessThan(users.length * 3);
    expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: expect.any(Number) });
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true, differences: [] });
  });

  it('keeps the rules when two processes (two queues, two pools) write to the same accounts and keys', async () => {
    const otherPool = new pg.Pool({ connectionString: db.url, max: 5 });
    try {
      const other = createLedger(otherPool);
      const userId = 'two-processes';
      await ledger.grantSignupBonus({ userId });
      const approval = { userId, purchaseRequestId: 'pr-two', amount: 2_000, actorId: 'admin', packageName: 'Starter' };

      const results = await Promise.allSettled(
        Array.from({ length: 240 }, (_, i) => {
          const side = i % 2 === 0 ? ledger : other;
          return i % 20 === 0 ? side.approvePurchase(approval) : side.chargeProcessing({ userId, runId: `two-${i}`, amount: 100, description: 'x' });
        }),
      );

      const charges = results.filter((r, i) => i % 20 !== 0 && r.status === 'fulfilled');
      const approvals = results.filter((r, i) => i % 20 === 0 && r.status === 'fulfilled') as Array<PromiseFulfilledResult<{ replayed: boolean }>>;
      // 100.00 + 20.00 once = 120 spends of 1.00, whatever the interleaving and whichever process won.
      expect(charges).toHaveLength(120);
      expect(approvals.filter((a) => !a.value.replayed)).toHaveLength(1);
      // Both lock the account row, so they queue rather than clash: every refusal is a rule's.
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
      expect(await ledger.balance(userId)).toBe(0);
      expect(await historySum(userId)).toBe(0);
      expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: expect.any(Number) });
    } finally {
      await otherPool.end();
    }
  });

  // Last: it leaves a stream that no longer matches its projection.
  it('gives up with CONCURRENCY, leaving nothing behind, when the stream keeps moving under the command', async () => {
    const userId = 'contended';
    await ledger.grantSignupBonus({ userId });
    // A writer outside the ledger's locking appends version 3 without moving the head; every attempt
    // to append version 3 then clashes on the stream version, as a real race would, but forever.
    await db.pool.query(
      `INSERT INTO ledger_events (id, sequence, stream_id, stream_version, user_id, type, amount, payload, created_at, hash)
       VALUES (gen_random_uuid(), nextval('ledger_event_sequence'), 'user-contended', 3, $1, 'AdminAdjusted', 1, '{}', now(), 'x')`,
      [userId],
    );
    const keysBefore = await count('ledger_idempotency_keys');

    // Bystanders submitted at the same moment share batches with the doomed command and must not suffer for it.
    const bystanders = Array.from({ length: 6 }, (_, i) => `bystander-${i}`);
    const [contended, ...others] = await Promise.allSettled([
      ledger.chargeProcessing({ userId, runId: 'contended-run', amount: 100, description: 'x' }),
      ...bystanders.map((id) => ledger.grantSignupBonus({ userId: id })),
    ]);

    expect(contended).toMatchObject({ status: 'rejected', reason: { code: 'CONCURRENCY', details: { userId, attempts: 6 } } });
    for (const other of others) expect(other).toMatchObject({ status: 'fulfilled', value: { balance: 10_000 } });

    expect(await count('ledger_idempotency_keys')).toBe(keysBefore + bystanders.length);
    expect(await ledger.balance(userId)).toBe(10_000);
    expect(await count('ledger_events WHERE user_id = $1', [userId])).toBe(3);
  });
});
