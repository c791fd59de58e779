/**
 * Each start-up fault, on the real built server (`node api/dist/main.js`, built by npm test): one
 * clear line on stderr, exit code 1, within a bounded wait, and nothing left behind (no embedded
 * PostgreSQL, no lock file). A second start on a running instance's data folder names that instance
 * and leaves it serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(root, 'api', 'dist', 'main.js');
/** Generous: a fault must end the process by itself, long before this. */
const KILL_AFTER_MS = 45_000;

interface Ended {
  code: number | null;
  /** The signal that ended the process (null when it exited by itself). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The test's guard killed it after KILL_AFTER_MS. */
  killed: boolean;
  /** From ended()'s call to the end. */
  ms: number;
}

/** Where a process the guard is about to kill writes Node's diagnostic report (SIGUSR2): its stacks say where it hung. */
const REPORTS = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-fault-reports-'));

function startMain(env: Record<string, string>, opts: { ownProcessGroup?: boolean } = {}): { child: ChildProcess; out: { stdout: string; stderr: string } } {
  const report = ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${REPORTS}`];
  const child = spawn(process.execPath, [...report, MAIN], {
    cwd: root,
    detached: opts.ownProcessGroup ?? false,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout!.on('data', (b: Buffer) => (out.stdout += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out.stderr += b.toString()));
  return { child, out };
}

function runMain(env: Record<string, string>): Promise<Ended> {
  const { child, out } = startMain(env);
  return ended(child, out);
}

/**
 * The end of `child`, SIGKILLed after KILL_AFTER_MS, once its output is read: 'exit' can come before
 * the last lines (a failure must show them), so on 'close', or 2 s after 'exit' should a child
 * process of its own still hold the pipes.
 */
function ended(child: ChildProcess, out: { stdout: string; stderr: string }): Promise<Ended> {
  const t0 = Date.now();
  let killed = false;
  let report = '';
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGUSR2');
    setTimeout(() => {
      report = stacksOf(child.pid!);
      child.kill('SIGKILL');
    }, 3_000);
  }, KILL_AFTER_MS);
  return new Promise((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: out.stdout, stderr: out.stderr + report, killed, ms: Date.now() - t0 });
    };
    child.once('exit', (code, signal) => setTimeout(() => done(code, signal), 2_000).unref());
    child.once('close', done);
  });
}

/** The JavaScript stack, open handles and threads of the report process `pid` wrote on SIGUSR2. */
function stacksOf(pid: number): string {
  const file = fs.readdirSync(REPORTS).find((f) => f.includes(`.${pid}.`));
  // No report: the event loop never turned (the report is written from it). Then the threads' states say more.
  if (!file) return `\n(no diagnostic report: the event loop did not turn)\n${threadsOf(pid)}`;
  const r = JSON.parse(fs.readFileSync(path.join(REPORTS, file), 'utf8')) as {
    javascriptStack?: { message?: string; stack?: string[] };
    libuv?: Array<{ type: string; is_active?: boolean }>;
    workers?: unknown[];
  };
  const handles = new Map<string, number>();
  for (const h of r.libuv ?? []) if (h.is_active) handles.set(h.type, (handles.get(h.type) ?? 0) + 1);
  return [
    '\n--- diagnostic report before the kill ---',
    `JavaScript: ${r.javascriptStack?.message ?? ''}`,
    ...(r.javascriptStack?.stack ?? []).slice(0, 15),
    `active handles: ${[...handles].map(([t, n]) => `${t} ×${n}`).join(', ')}; workers: ${r.workers?.length ?? 0}`,
    'threads:',
    threadsOf(pid),
  ].join('\n');
}

/** Each thread of `pid`: name, state (R running, S sleeping, D disk) and the kernel function it waits in. */
function threadsOf(pid: number): string {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .map((tid) => {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
        const wchan = fs.readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8');
        return `  ${tid} ${name} ${state} ${wchan}`;
      })
      .join('\n');
  } catch (err) {
    return `  (threads unreadable: ${(err as Error).message})`;
  }
}

/** What a failed stop shows: how it ended, when, and everything it wrote. */
const howItEnded = (r: Ended) =>
  `code ${r.code}, signal ${r.signal}${r.killed ? ' (the test killed it)' : ''} after ${r.ms} ms\n${r.stdout}${r.stderr}`;

async function holdPort(host: string): Promise<{ port: number; close(): Promise<void> }> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, host, () => r()));
  return { port: (s.address() as net.AddressInfo).port, close: () => new Promise((r) => s.close(() => r())) };
}

/** PostgreSQL server processes whose data folder is under `dataDir`. */
function postgresUnder(dataDir: string): number[] {
  const pids: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/postgres$/.test(cmd[0] ?? '') && cmd.some((a) => a.startsWith(dataDir))) pids.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** The fault's one line: stderr holds exactly it, no stack frame. */
function expectOneLine(r: Ended, includes: string[]): void {
  expect(r.killed).toBe(false);
  expect(r.code).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Shotlog could not start: /);
  for (const text of includes) expect(lines[0]).toContain(text);
  expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout + r.stderr).not.toContain('Node.js v');
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-faults-'));
  fs.chmodSync(tmp, 0o711); // as root, the embedded PostgreSQL's postgres user must reach it
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(REPORTS, { recursive: true, force: true });
});

const dataDir = (name: string) => path.join(tmp, name);
const noLockLeft = (dir: string) => expect(fs.existsSync(path.join(dir, 'shotlog.lock'))).toBe(false);

it('HTTP port in use: names the port and PORT', async () => {
  const held = await holdPort('0.0.0.0');
  try {
    const dir = dataDir('http-port');
    const r = await runMain({ PORT: String(held.port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
    expectOneLine(r, [`HTTP port ${held.port} is already in use`, 'PORT=']);
    expect(postgresUnder(dir)).toEqual([]);
    noLockLeft(dir);
  } finally {
    await held.close();
  }
});

it('embedded PostgreSQL port in use: names the port and EMBEDDED_PG_PORT', async () => {
  const held = await holdPort('127.0.0.1');
  try {
    const dir = dataDir('pg-port');
    const r = await runMain({ PORT: String(await freePort()), DATA_DIR: dir, EMBEDDED_PG_PORT: String(held.port) });
    expectOneLine(r, [`Embedded PostgreSQL port ${held.port} is already in use`, 'EMBEDDED_PG_PORT']);
    expect(postgresUnder(dir)).toEqual([]);
    noLockLeft(dir);
  } finally {
    await held.close();
  }
});

it('a data folder that cannot be written: names it', async () => {
  const file = path.join(tmp, 'a-file');
  fs.writeFileSync(file, 'in the way');
  const r = await runMain({ PORT: String(await freePort()), DATA_DIR: path.join(file, 'data') });
  expectOneLine(r, [`The data folder ${path.join(file, 'data')} cannot be written`, 'DATA_DIR']);
});

it('DATABASE_URL and REDIS_URL unreachable: name host and port after a bounded wait', async () => {
  const [pgPort, redisPort] = [await freePort(), await freePort()];
  const common = { PORT: String(await freePort()), DATA_DIR: dataDir('external'), STARTUP_WAIT_SECONDS: '1' };
  expectOneLine(await runMain({ ...common, DATABASE_URL: `postgres://u:secret@127.0.0.1:${pgPort}/x` }), [
    `PostgreSQL at 127.0.0.1:${pgPort} (DATABASE_URL) is unreachable after 1 s`,
  ]);
  const r = await runMain({ ...common, REDIS_URL: `redis://127.0.0.1:${redisPort}` });
  expectOneLine(r, [`Redis at 127.0.0.1:${redisPort} (REDIS_URL) is unreachable after 1 s`]);
  expect(r.stderr).not.toContain('secret');
  noLockLeft(dataDir('external'));
});

it('a config value failing validation: names the variable; LOG_LEVEL=debug adds the full error to the log', async () => {
  const r = await runMain({ PORT: 'abc', DATA_DIR: dataDir('config') });
  expectOneLine(r, ['Invalid configuration: PORT="abc" is not valid']);
  const secret = await runMain({ JOB_ATTEMPTS: '0', DATA_DIR: dataDir('config') });
  expectOneLine(secret, ['JOB_ATTEMPTS="0" is not valid']);

  const held = await holdPort('0.0.0.0');
  try {
    const debug = await runMain({ PORT: String(held.port), DATA_DIR: dataDir('debug'), LOG_LEVEL: 'debug' });
    expect(debug.code).toBe(1);
    expect(debug.stderr.trim().split('\n')).toHaveLength(1);
    const fatal = debug.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; err?: { stack?: string } })
      .find((l) => l.level === 60);
    expect(fatal?.err?.stack).toContain('at ');
  } finally {
    await held.close();
  }
});

it('a second start on the same data folder names the running one (pid, URL) and leaves it serving', async () => {
  const dir = dataDir('shared');
  const port = await freePort();
  const first = startMain({ PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
  const firstExit = new Promise<number | null>((r) => first.child.on('exit', (code) => r(code)));
  try {
    for (let i = 0; i < 240 && !first.out.stdout.includes('Shotlog is ready at'); i++) await new Promise((r) => setTimeout(r, 500));
    expect(first.out.stdout).toContain(`Shotlog is ready at http://localhost:${port}`);

    const second = await runMain({ PORT: String(await freePort()), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
    expectOneLine(second, [`Another Shotlog (pid ${first.child.pid}, http://localhost:${port}) is already running on the data folder ${dir}`]);

    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
    expect(fs.existsSync(path.join(dir, 'shotlog.lock'))).toBe(true);
  } finally {
    first.child.kill('SIGTERM');
  }
  expect(await firstExit).toBe(0);
  expect(postgresUnder(dir)).toEqual([]);
  noLockLeft(dir);
}, 180_000);

// The port can be taken between main.ts's check and listen(): startServer then closes what it had
// opened (worker, listeners, pools) before it throws, so nothing emits an unhandled 'error' later.
it('a port taken at listen time: startServer closes everything and throws the one line', async () => {
  const { startTestServer } = await import('../../test/support/test-server.js');
  const held = await holdPort('127.0.0.1');
  try {
    await expect(startTestServer({ env: { PORT: String(held.port) } })).rejects.toThrow(`HTTP port ${held.port} is already in use on 127.0.0.1`);
  } finally {
    await held.close();
  }
});

// SIGTERM while the embedded PostgreSQL is being set up: the step finishes, everything started is
// stopped, and the process exits by itself (it once ran away to a 4 GB heap here).
it('SIGTERM during start-up stops what was started and exits', async () => {
  const dir = dataDir('sigterm');
  const { child, out } = startMain({ PORT: String(await freePort()), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
  for (let i = 0; i < 120 && !out.stdout.includes('initialising embedded PostgreSQL'); i++) await new Promise((r) => setTimeout(r, 250));
  expect(out.stdout).toContain('initialising embedded PostgreSQL');
  child.kill('SIGTERM');
  const r = await ended(child, out);
  expect([r.code, r.code === 0 ? '' : howItEnded(r)]).toEqual([0, '']);
  expect(out.stdout).toContain('stopped cleanly');
  expect(out.stdout).not.toContain('Shotlog is ready');
  expect(postgresUnder(dir)).toEqual([]);
  noLockLeft(dir);
}, 90_000);

// Ctrl-C in a terminal sends SIGINT to the whole process group, the embedded PostgreSQL included:
// it drops our connections while we stop. That is expected then: a clean exit, no warning, no stack,
// never an unhandled 'error' event from a database client.
it('Ctrl-C (SIGINT to the process group) stops cleanly with no warning and no stack', async () => {
  const dir = dataDir('ctrl-c');
  const port = await freePort();
  // At debug, a stop that fails names the step it was in ("stopping: …").
  const { child, out } = startMain({ PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'debug' }, { ownProcessGroup: true });
  for (let i = 0; i < 240 && !out.stdout.includes('Shotlog is ready at'); i++) await new Promise((r) => setTimeout(r, 500));
  expect(out.stdout).toContain('Shotlog is ready at');
  process.kill(-child.pid!, 'SIGINT');
  const r = await ended(child, out);
  // On failure, the output says why.
  expect([r.code, r.code === 0 ? '' : howItEnded(r)]).toEqual([0, '']);
  expect(out.stdout).toContain('stopped cleanly');
  const levels = (out.stdout + out.stderr)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((l) => l.level >= 40);
  expect(levels).toEqual([]);
  expect(out.stderr).not.toContain("Unhandled 'error' event");
  expect(out.stdout + out.stderr).not.toMatch(/\n\s+at /);
  expect(postgresUnder(dir)).toEqual([]);
  noLockLeft(dir);
}, 120_000);
