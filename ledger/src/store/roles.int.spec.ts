import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createLedger } from '../ledger.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test-support/database.js';
import { restrictLedgerRole } from './roles.js';

let db: TestDatabase;
let appPool: pg.Pool;
const role = `ledger_app_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(`CREATE ROLE ${role} LOGIN`);
  await restrictLedgerRole(db.pool, role);
  const url = new URL(db.url);
  url.username = role;
  appPool = new pg.Pool({ connectionString: url.toString(), max: 4 });
});

afterAll(async () => {
  await appPool.end();
  await db.drop();
  // Roles are cluster-wide; the database holding its grants is gone, so it can go too.
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP ROLE IF EXISTS ${role}`);
  await admin.end();
});

const deniedMessage = async (sql: string): Promise<string> => {
  try {
    await appPool.query(sql);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${role} to be refused: ${sql}`);
};

describe('restrictLedgerRole', () => {
  it('lets the role run the ledger', async () => {
    const ledger = createLedger(appPool);
    await ledger.grantSignupBonus({ userId: 'eve' });
    await ledger.chargeProcessing({ userId: 'eve', runId: 'r1', amount: 30, description: 'Cliffs' });
    await ledger.refundProcessing({ userId: 'eve', runId: 'r1', amount: 10, description: 'one failed' });
    expect(await ledger.balance('eve')).toBe(9_980);
    expect((await ledger.transactions('eve', { limit: 10, offset: 0 })).total).toBe(3);
    expect(await ledger.verifyChain()).toMatchObject({ ok: true });
    expect(await ledger.replayAndCompare()).toMatchObject({ ok: true });
    expect(await ledger.postingsTotal()).toBe(0);
  });

  it.each(['ledger_events', 'ledger_postings'])('refuses the role UPDATE, DELETE and TRUNCATE on %s', async (table) => {
    // "permission denied" comes from the grants, before the trigger would have its say.
    expect(await deniedMessage(`UPDATE ${table} SET amount = amount`)).toMatch(/permission denied/);
    expect(await deniedMessage(`DELETE FROM ${table}`)).toMatch(/permission denied/);
    expect(await deniedMessage(`TRUNCATE ${table}`)).toMatch(/permission denied/);
    expect(await deniedMessage(`ALTER TABLE ${table} DISABLE TRIGGER ALL`)).toMatch(/must be owner/);
  });

  it('refuses a role name that is not a plain identifier', async () => {
    await expect(restrictLedgerRole(db.pool, 'x; DROP TABLE ledger_events')).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
