/**
 * What a refusal of PostgreSQL's becomes, read off a real error from the real server: one out of
 * connections (SQLSTATE 53300, class 53) is busy, so 503 with Retry-After, never a 500 (a loaded
 * test machine once answered an administrator's user list with 500 that way).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../../../test/support/test-database.js';
import { toAppError } from './to-app-error.js';

it('answers a PostgreSQL that has no connection to spare (53300) with 503 and Retry-After', async () => {
  // A role allowed no connection at all meets the same refusal as a full server ("too many connections").
  const role = `shotlog_busy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE "${role}" LOGIN CONNECTION LIMIT 0`);
    const url = new URL(TEST_DATABASE_URL);
    url.username = role;
    const client = new pg.Client({ connectionString: url.toString() });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(err?.code).toBe('53300');
    const app = toAppError(err);
    expect(app).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, details: { retryAfterSeconds: 2 } });
  } finally {
    await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end();
  }
});
