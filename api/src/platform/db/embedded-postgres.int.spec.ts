import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '../logging/logger.js';
import { ensureReachableByPostgresUser, startEmbeddedPostgres } from './embedded-postgres.js';

const asRoot = process.getuid?.() === 0;
const logger = createLogger('silent');

// mkdtemp makes a 0700 folder, like a home folder: as root, PostgreSQL (run as the postgres user)
// could not reach its data inside it, and the first `npm start` failed in initdb.
it('starts, keeps data across restarts and stops, with DATA_DIR a 0700 folder', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-embedded-'));
  expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
  const port = 55000 + Math.floor(Math.random() * 5000);
  try {
    let db = await startEmbeddedPostgres({ dataDir, port, logger });
    const c1 = new pg.Client({ connectionString: db.url });
    await c1.connect();
    await c1.query('create table kept (v text)');
    await c1.query(`insert into kept values ('still here')`);
    await c1.end();
    await db.stop();

    db = await startEmbeddedPostgres({ dataDir, port, logger });
    const c2 = new pg.Client({ connectionString: db.url });
    await c2.connect();
    await expect(c2.query('select v from kept')).resolves.toMatchObject({ rows: [{ v: 'still here' }] });
    await c2.end();
    await db.stop();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);

(asRoot ? it : it.skip)('as root, names the folder that blocks the postgres user instead of failing in initdb', async () => {
  const outer = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-blocked-'));
  const dataDir = path.join(outer, 'data');
  await fs.mkdir(dataDir);
  try {
    await expect(ensureReachableByPostgresUser(dataDir, logger)).rejects.toThrow(`${outer} is not searchable by other users`);
    await fs.chmod(outer, 0o711);
    await expect(ensureReachableByPostgresUser(dataDir, logger)).resolves.toBeUndefined();
  } finally {
    await fs.rm(outer, { recursive: true, force: true });
  }
});
