import fc from 'fast-check';
import { createLedger } from '../ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { accountBalancesAsOf, balancesAsOf, balanceTotalsAsOf, refreshBalanceCheckpoints } from './balance-checkpoints.js';
import { replayAndCompare } from '../audit/replay.js';

/**
 * As-of balances through checkpoints against a plain sum of the postings up to the instant, after
 * random histories whose clock sometimes steps back (skew between processes), with refreshes at
 * random points and a tiny checkpoint interval so every path (checkpoint, tail, late postings,
 * rebuilt checkpoints) is taken.
 */
const seed = Number(process.env['LEDGER_PROPERTY_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
let db: TestDatabase;
let clock = Date.parse('2025-01-01T00:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

async function plainBalances(asOf: Date): Promise<Map<string, number>> {
  const r = await db.pool.query<{ account: string; total: string }>(
    'SELECT account, sum(amount)::text AS total FROM ledger_postings WHERE created_at <= $1 GROUP BY account',
    [asOf],
  );
  return new Map(r.rows.map((x) => [x.account, Number(x.total)]));
}

test('balances as of any instant equal the sum of the postings up to it', async () => {
  let step = 0;
  const ledger = createLedger(db.pool, { now: () => new Date(clock) });
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          user: fc.integer({ min: 0, max: 3 }),
          kind: fc.constantFrom('bonus', 'purchase', 'adjust', 'charge'),
          cents: fc.integer({ min: 1, max: 5000 }),
          // Mostly forward; sometimes back by up to 3 s (another process's clock).
          dt: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 2000 }) }, { weight: 1, arbitrary: fc.integer({ min: -3000, max: -1 }) }),
          refresh: fc.boolean(),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      fc.array(fc.integer({ min: -5000, max: 90_000 }), { minLength: 3, maxLength: 6 }),
      async (ops, probes) => {
        const start = clock;
        for (const op of ops) {
          clock += op.dt;
          const userId = `u${op.user}`;
          step++;
          await ledger.grantSignupBonus({ userId });
          if (op.kind === 'purchase')
            await ledger.approvePurchase({ userId, purchaseRequestId: `p${step}`, amount: op.cents, actorId: 'a', packageName: 'Pro' });
          if (op.kind === 'adjust') await ledger.adjust({ userId, amount: op.cents, actorId: 'a', reason: 'r' });
          if (op.kind === 'charge') {
            const balance = await ledger.balance(userId);
            if (balance > 0) await ledger.chargeProcessing({ userId, runId: `r${step}`, amount: Math.min(balance, op.cents), description: 'd' });
          }
          if (op.refresh) await refreshBalanceCheckpoints(db.pool, 2);
        }
        for (const offset of [...probes, clock - start + 1]) {
          const asOf = new Date(start + offset);
          const expected = await plainBalances(asOf);
          const page = await balancesAsOf(db.pool, asOf, { limit: 1000 });
          expect(new Map(page.map((r) => [r.account, r.balance]))).toEqual(expected);
          const named = await accountBalancesAsOf(db.pool, asOf, ['user:u0', 'system:purchases']);
          expect(named.map((r) => r.balance)).toEqual([expected.get('system:purchases') ?? 0, expected.get('user:u0') ?? 0]);
          const totals = await balanceTotalsAsOf(db.pool, asOf);
          expect(totals.reduce((s, t) => s + t.balance, 0)).toBe(0);
        }
        await refreshBalanceCheckpoints(db.pool, 2);
        const replay = await replayAndCompare(db.pool);
        expect(replay.differences).toEqual([]);
      },
    ),
    { numRuns: 4, seed },
  );
  const count = await db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_balance_checkpoints');
  expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
});

test('paging walks every account once, in name order', async () => {
  const asOf = new Date(clock + 1);
  const all = await balancesAsOf(db.pool, asOf, { limit: 1000 });
  const walked: string[] = [];
  for (let after: string | undefined; ;) {
    const page = await balancesAsOf(db.pool, asOf, { after, limit: 2 });
    walked.push(...page.map((r) => r.account));
    if (page.length < 2) break;
    after = page.at(-1)!.account;
  }
  expect(walked).toEqual(all.map((r) => r.account));
});

test('replay reports a checkpoint that does not match its postings', async () => {
  await refreshBalanceCheckpoints(db.pool, 2);
  await db.pool.query(`UPDATE ledger_balance_checkpoints SET balance = balance + 1 WHERE ctid = (SELECT min(ctid) FROM ledger_balance_checkpoints)`);
  const replay = await replayAndCompare(db.pool);
  expect(replay.ok).toBe(false);
  expect(replay.differences.some((d) => d.field.startsWith('checkpoints['))).toBe(true);
});
