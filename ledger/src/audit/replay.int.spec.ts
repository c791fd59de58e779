import type pg from 'pg';
import { createLedger } from '../ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import type { Ledger } from '../types.js';

let db: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  db = await createTestDatabase();
  ledger = createLedger(db.pool);
  await ledger.grantSignupBonus({ userId: 'cara' });
  await ledger.chargeProcessing({ userId: 'cara', runId: 'r1', amount: 150, description: 'Dunes' });
  await ledger.grantSignupBonus({ userId: 'dev' });
  await ledger.adjust({ userId: 'dev', amount: -2_500, actorId: 'admin', reason: 'Duplicate bonus' });
});
afterAll(() => db.drop());

async function inOneTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('replayAndCompare', () => {
  it('rebuilds the same balances and history from the events', async () => {
    expect(await ledger.replayAndCompare()).toEqual({ ok: true, eventsReplayed: 6, differences: [] });
  });

  it('leaves no replay tables behind', async () => {
    await ledger.replayAndCompare();
    const { rows } = await db.pool.query(`SELECT relname FROM pg_class WHERE relname LIKE 'ledger_replay_%'`);
    expect(rows).toEqual([]);
  });

  it("reports a balance changed behind the ledger's back", async () => {
    await db.pool.query(`UPDATE ledger_account_balances SET balance = balance + 1000 WHERE user_id = 'cara'`);
    const result = await ledger.replayAndCompare();
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual([{ userId: 'cara', field: 'balance', live: '108.50', replayed: '98.50' }]);
    await db.pool.query(`UPDATE ledger_account_balances SET balance = balance - 1000 WHERE user_id = 'cara'`);
  });

  it('reports history lines that were edited or removed', async () => {
    const [charge] = (await ledger.transactions('cara', { limit: 1, offset: 0 })).rows;
    await db.pool.query(`UPDATE ledger_transactions SET description = 'Nothing to see' WHERE event_id = $1`, [charge!.id]);
    const [adjustment] = (await ledger.transactions('dev', { limit: 1, offset: 0 })).rows;
    const saved = await db.pool.query('SELECT to_jsonb(t) AS line FROM ledger_transactions t WHERE event_id = $1', [adjustment!.id]);
    await db.pool.query('DELETE FROM ledger_transactions WHERE event_id = $1', [adjustment!.id]);

    const result = await ledger.replayAndCompare();
    expect(result.differences).toEqual([
      { userId: 'cara', field: `transactions[${charge!.id}].description`, live: 'Nothing to see', replayed: 'Processing: Dunes' },
      { userId: 'dev', field: `transactions[${adjustment!.id}]`, live: 'missing', replayed: 'present' },
    ]);

    await db.pool.query(`UPDATE ledger_transactions SET description = 'Processing: Dunes' WHERE event_id = $1`, [charge!.id]);
    await db.pool.query('INSERT INTO ledger_transactions SELECT * FROM jsonb_populate_record(null::ledger_transactions, $1)', [saved.rows[0].line]);
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true });
  });

  it('reports where an edited event and the live projections part ways', async () => {
    const charge = (await ledger.events({ userId: 'cara', type: 'ProcessingCharged', limit: 1, offset: 0 })).rows[0]!;
    const setAmount = (cents: number) =>
      inOneTransaction(async (client) => {
        await client.query('ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_append_only');
        await client.query(`UPDATE ledger_events SET amount = $2, payload = jsonb_set(payload, '{amount}', to_jsonb($3::int)) WHERE id = $1`, [
          charge.id,
          -cents,
          cents,
        ]);
        await client.query('ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_append_only');
      });

    await setAmount(15);
    const result = await ledger.replayAndCompare();
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual(
      expect.arrayContaining([
        { userId: 'cara', field: 'balance', live: '98.50', replayed: '99.85' },
        { userId: 'cara', field: `transactions[${charge.id}].amount`, live: '-1.50', replayed: '-0.15' },
        { userId: 'cara', field: 'postings', live: '98.50', replayed: '99.85' },
      ]),
    );
    await setAmount(150);
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true });
  });
});
