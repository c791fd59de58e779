/**
 * What `npm start` checks before it starts anything, and `npm run doctor` reports: each fault is a
 * StartupError whose message is the one line a person needs (what, which port/folder/variable, what
 * to do). Checking first means a fault stops start-up before an embedded PostgreSQL or a worker
 * exists, so nothing is left behind and no half-started client can crash the exit.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A start-up fault explained in one line; `cause` keeps the full error for LOG_LEVEL=debug. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const errno = (err: unknown) => (err as NodeJS.ErrnoException).code ?? '';

/** Resolves when `host:port` can be bound (and releases it at once); a StartupError naming it otherwise. */
export async function checkPortFree(host: string, port: number, what: string, variable: string): Promise<void> {
  if (port === 0) return; // the OS picks a free one
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (err) => {
      const code = errno(err);
      const why =
        code === 'EADDRINUSE'
          ? `${what} port ${port} is already in use on ${host}`
          : code === 'EACCES'
            ? `${what} port ${port} needs privileges this process does not have`
            : `${what} port ${port} cannot be used on ${host} (${code || (err as Error).message})`;
      reject(new StartupError(`${why}: stop what holds it, or set ${variable} to a free port (e.g. ${variable}=${port + 1})`, { cause: err }));
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** True when something accepts TCP connections on host:port within `timeoutMs`. */
export function tcpReachable(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** host and port of a postgres:// or redis:// URL (defaults 5432 / 6379); never the password. */
export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || defaultPort) };
}

/**
 * Waits up to `seconds` for `url`'s host:port to accept connections (a database or Redis that is
 * still starting), then fails naming the host, the port and the variable.
 */
export async function waitForService(url: string, defaultPort: number, variable: string, what: string, seconds: number): Promise<void> {
  let target: { host: string; port: number };
  try {
    target = hostPort(url, defaultPort);
  } catch (err) {
    throw new StartupError(`${variable} is not a valid URL`, { cause: err });
  }
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await tcpReachable(target.host, target.port, 2000)) return;
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new StartupError(
    `${what} at ${target.host}:${target.port} (${variable}) is unreachable after ${seconds} s: start it, or fix ${variable} (STARTUP_WAIT_SECONDS sets how long to wait)`,
  );
}

/** Makes the data folder and proves it can be written; a StartupError naming it otherwise. */
export function checkDataDirWritable(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(
      `The data folder ${dataDir} cannot be written (${errno(err) || (err as Error).message}): fix its permissions, or set DATA_DIR to a folder you can write`,
      {
        cause: err,
      },
    );
  }
}

export interface LockOwner {
  pid: number;
  url: string;
  startedAt: string;
}

export const LOCK_FILE = 'shotlog.lock';

/** True when `pid` is a running Shotlog-like (node) process: a pid reused by something else after a crash is not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (errno(err) !== 'EPERM') return false;
  }
  try {
    return /node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): trust the pid
  }
}

/** The running instance that holds `dataDir`, or null (no lock, or a stale one from a killed process). */
export function lockOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid !== process.pid && alive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  /** Records the URL once the server listens, for the message a second start shows. */
  setUrl(url: string): void;
  release(): void;
}

/**
 * One process per data folder: a second `npm start` on the same folder must never touch the first
 * one's embedded PostgreSQL. The lock file holds the owner's pid and URL; one left by a killed
 * process (pid gone) is taken over.
 */
export function lockDataDir(dataDir: string, plannedUrl: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const write = (url: string) => JSON.stringify({ pid: process.pid, url, startedAt: new Date().toISOString() } satisfies LockOwner) + '\n';
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, write(plannedUrl), { flag: 'wx' });
      break;
    } catch (err) {
      if (errno(err) !== 'EEXIST')
        throw new StartupError(`The data folder ${dataDir} cannot be written (${errno(err)}): fix its permissions, or set DATA_DIR`, { cause: err });
      const owner = lockOwner(dataDir);
      if (owner) {
        throw new StartupError(
          `Another Shotlog (pid ${owner.pid}, ${owner.url}) is already running on the data folder ${dataDir}: use that one, stop it first, or set DATA_DIR to another folder`,
        );
      }
      if (attempt > 0) throw new StartupError(`The lock file ${file} could not be taken over: remove it if no Shotlog is running`);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  let released = false;
  return {
    setUrl(url) {
      if (!released) fs.writeFileSync(file, write(url));
    },
    release() {
      if (released) return;
      released = true;
      try {
        if ((JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner).pid === process.pid) fs.rmSync(file, { force: true });
      } catch {
        /* already gone */
      }
    },
  };
}

/** The one line for an error at start-up: ours as written, others with their message (never a stack). */
export function startupLine(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  if (err instanceof Error) {
    const code = errno(err);
    return `${err.message.split('\n')[0]}${code && !err.message.includes(code) ? ` (${code})` : ''}`;
  }
  return String(err).split('\n')[0]!;
}
