import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../../test/support/free-port.js';
import { until } from '../../../test/support/until.js';
import { createLogger } from '../logging/logger.js';
import { ensureReachableByPostgresUser, startEmbeddedPostgres } from './embedded-postgres.js';

const asRoot = process.getuid?.() === 0;
const logger = createLogger('silent');

// mkdtemp makes a 0700 folder, like a home folder: as root, PostgreSQL (run as the postgres user)
// could not reach its data inside it, and the first `npm start` failed in initdb.
it('starts, keeps data across restarts and stops, with DATA_DIR a 0700 folder', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-embedded-'));
  expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
  // A port the kernel says is free (a random pick failed a loaded run: see free-port.ts).
  const port = await freePort();
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
    // Ctrl-C stops the server before we do (it is in our process group): stop() still returns.
    const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGINT');
    await until(() => !alive(pid), 'the server to exit on SIGINT');
    await db.stop();

    // Port taken: a line that says so and names the variable, not the package's bare rejection.
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()));
    try {
      await expect(startEmbeddedPostgres({ dataDir, port, logger })).rejects.toThrow(
        new RegExp(`did not start on 127\\.0\\.0\\.1:${port} \\(EMBEDDED_PG_PORT\\): .*Address already in use`),
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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
