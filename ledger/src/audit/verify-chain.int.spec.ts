import type pg from 'pg';
import { eventHash } from './hash.js';
import { createLedger } from '../ledger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import type { Ledger, LedgerEventRow } from '../types.js';

let db: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  db = await createTestDatabase();
  ledger = createLedger(db.pool);
  for (const userId of ['ann', 'bob']) {
    await ledger.grantSignupBonus({ userId });
    await ledger.approvePurchase({ userId, purchaseRequestId: `pr-${userId}`, amount: 2_000, actorId: 'admin', packageName: 'Basic' });
    await ledger.chargeProcessing({ userId, runId: `run-${userId}`, amount: 90, description: 'Harbour' });
    await ledger.refundProcessing({ userId, runId: `run-${userId}`, amount: 30, description: '1 file set failed' });
  }
});
afterAll(() => db.drop());

const eventOf = async (userId: string, type: string): Promise<LedgerEventRow> => (await ledger.events({ userId, type, limit: 1, offset: 0 })).rows[0]!;

async function asSuperuser(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Edits the events table as an attacker with superuser rights could: trigger off, edit, trigger on,
 * all inside one transaction of the test's own.
 */
const tamper = (sql: string, params: unknown[]): Promise<void> =>
  asSuperuser(async (client) => {
    await client.query('ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_append_only');
    await client.query(sql, params);
    await client.query('ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_append_only');
  });

const refusal = async (pool: pg.Pool, sql: string, params: unknown[] = []): Promise<string> => {
  try {
    await pool.query(sql, params);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected the database to refuse: ${sql}`);
};

describe('the events and postings are append-only', () => {
  it.each(['ledger_events', 'ledger_postings'])('the trigger refuses UPDATE, DELETE and TRUNCATE on %s', async (table) => {
    expect(await refusal(db.pool, `UPDATE ${table} SET amount = amount + 1`)).toMatch(/UPDATE on .* refused: the ledger is append-only/);
    expect(await refusal(db.pool, `DELETE FROM ${table}`)).toMatch(/DELETE on .* refused/);
    expect(await refusal(db.pool, `TRUNCATE ${table} CASCADE`)).toMatch(/TRUNCATE on .* refused/);
    expect(await ledger.verifyChain()).toMatchObject({ ok: true, checkedEvents: 10 });
  });
});

describe('verifyChain', () => {
  it('accepts the untouched ledger', async () => {
    expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: 10 });
  });

  it('names the event whose row was edited directly in the database', async () => {
    const purchase = await eventOf('ann', 'PurchaseApproved');
    await tamper(`UPDATE ledger_events SET amount = 200000, payload = jsonb_set(payload, '{amount}', '200000') WHERE id = $1`, [purchase.id]);

    const result = await ledger.verifyChain();
    expect(result.ok).toBe(false);
    expect(result.firstInvalidEventId).toBe(purchase.id);
    expect(result.reason).toMatch(/does not match its hash/);
    // Everything before it in global order checked out.
    const earlier = await db.pool.query('SELECT count(*)::int AS n FROM ledger_events WHERE sequence < $1', [purchase.sequence]);
    expect(result.checkedEvents).toBe(earlier.rows[0].n);

    await tamper(`UPDATE ledger_events SET amount = 2000, payload = jsonb_set(payload, '{amount}', '2000') WHERE id = $1`, [purchase.id]);
    expect(await ledger.verifyChain()).toMatchObject({ ok: true });
  });

  it('names the next event when the edit also recomputed the hash', async () => {
    const charge = await eventOf('bob', 'ProcessingCharged');
    const refund = await eventOf('bob', 'ProcessingRefunded');
    const forged = { ...charge, createdAt: new Date(charge.createdAt.getTime() - 86_400_000) };
    await tamper('UPDATE ledger_events SET created_at = $2, hash = $3 WHERE id = $1', [charge.id, forged.createdAt, eventHash(forged)]);

    expect(await ledger.verifyChain()).toMatchObject({
      ok: false,
      firstInvalidEventId: refund.id,
      reason: expect.stringMatching(/does not link to the previous event/),
    });

    await tamper('UPDATE ledger_events SET created_at = $2, hash = $3 WHERE id = $1', [charge.id, charge.createdAt, charge.hash]);
    expect(await ledger.verifyChain()).toMatchObject({ ok: true });
  });

  it('names the event after one deleted from the middle of a stream', async () => {
    const bonus = await eventOf('ann', 'SignupBonusGranted');
    const purchase = await eventOf('ann', 'PurchaseApproved');
    const saved = await db.pool.query<{ event: object; postings: object[]; line: object }>(
      `SELECT to_jsonb(e) AS event,
         (SELECT jsonb_agg(to_jsonb(p)) FROM ledger_postings p WHERE p.event_id = e.id) AS postings,
         (SELECT to_jsonb(t) FROM ledger_transactions t WHERE t.event_id = e.id) AS line
       FROM ledger_events e WHERE e.id = $1`,
      [bonus.id],
    );
    const { event, postings, line } = saved.rows[0]!;

    await asSuperuser(async (client) => {
      await client.query('ALTER TABLE ledger_events DISABLE TRIGGER ledger_events_append_only');
      await client.query('ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only');
      await client.query('DELETE FROM ledger_postings WHERE event_id = $1', [bonus.id]);
      await client.query('DELETE FROM ledger_transactions WHERE event_id = $1', [bonus.id]);
      await client.query('DELETE FROM ledger_events WHERE id = $1', [bonus.id]);
      await client.query('ALTER TABLE ledger_events ENABLE TRIGGER ledger_events_append_only');
      await client.query('ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only');
    });

    expect(await ledger.verifyChain()).toMatchObject({
      ok: false,
      firstInvalidEventId: purchase.id,
      reason: expect.stringMatching(/has version 3 in user-ann, expected 2/),
    });

    // Put the rows back exactly as they were (inserting is what the ledger allows anyway).
    await asSuperuser(async (client) => {
      await client.query('INSERT INTO ledger_events SELECT * FROM jsonb_populate_record(null::ledger_events, $1)', [event]);
      await client.query('INSERT INTO ledger_postings OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(null::ledger_postings, $1)', [
        JSON.stringify(postings),
      ]);
      await client.query('INSERT INTO ledger_transactions SELECT * FROM jsonb_populate_record(null::ledger_transactions, $1)', [line]);
    });
    expect(await ledger.verifyChain()).toEqual({ ok: true, checkedEvents: 10 });
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true });
  });
});
