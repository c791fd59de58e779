import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/platform/config/config.js';
import { createLogger, type Logger } from '../../src/platform/logging/logger.js';
import { startServer, type RunningServer } from '../../src/app/server.js';
import { TEST_REDIS_URL } from './test-database.js';
import { createMigratedTestDatabase } from './migrated-database.js';
import { hostPort, tcpReachable } from '../../src/startup/startup-checks.js';

export interface TestServer extends RunningServer {
  databaseUrl: string;
  dataDir: string;
  /** fetch against this server, JSON in and out. */
  request(
    method: string,
    path: string,
    opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  graphql(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<{ status: number; data: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  queue?: 'redis' | 'postgres';
  logger?: Logger;
  /** An existing database (a restart of an earlier server); close() then leaves it for its owner to drop. */
  databaseUrl?: string;
}

/** How long a test server's close may take before it reports its steps (a loaded CI machine took over 60 s once). */
const SLOW_CLOSE_MS = 20_000;

/** A test server as startTestServer returns it: stop it (and drop its database) with close(). */
export type StartedTestServer = TestServer & { close(): Promise<void> };

/** An administrator the server ensures at start-up from ADMIN_*, as `npm start` does. */
export interface AdminCredentials {
  username: string;
  password: string;
  email?: string;
}

/**
 * A real API process for one test file: its own fresh database on the test PostgreSQL (a copy of
 * the migrated template: migrated-database.ts), the
 * queue on the test Redis (unique prefix) unless `queue: 'postgres'`, its own data folder.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<StartedTestServer> {
  if (opts.queue !== 'postgres') {
    const { host, port } = hostPort(TEST_REDIS_URL, 6379);
    // Redis cannot come from npm: one line that says how to start it, not a queue error deep in a test.
    if (!(await tcpReachable(host, port)))
      throw new Error(
        `Redis is not reachable at ${host}:${port}: start it with \`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\` or set TEST_REDIS_URL`,
      );
  }
  const db = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => undefined } : await createMigratedTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    // Two suites on one test PostgreSQL (a loaded CI machine) run four such servers at once: 8 + 8
    // connections each keeps them all well under its max_connections of 100.
    DATABASE_POOL_MAX: '8',
    QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
    ...(opts.queue === 'postgres' ? {} : { REDIS_URL: TEST_REDIS_URL }),
    ...opts.env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, opts.logger ?? createLogger(config.logLevel), db.url);
  } catch (err) {
    await db.drop().catch(() => undefined);
    throw err;
  }

  const request: TestServer['request'] = async (method, p, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(server.url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const graphql: TestServer['graphql'] = async (query, variables, token) => {
    const r = await request('POST', '/graphql', { token, body: { query, variables } });
    return { status: r.status, data: r.body?.data, errors: r.body?.errors };
  };
  return {
    ...server,
    databaseUrl: db.url,
    dataDir,
    request,
    graphql,
    close: async () => {
      // A close that outlasts SLOW_CLOSE_MS says where it is (jest's hook timeout names only the hook).
      const started = Date.now();
      const steps: string[] = [];
      const at = (step: string) => steps.push(`${step} at ${Date.now() - started} ms`);
      const slow = setTimeout(
        () => console.warn(`test server close still running after ${SLOW_CLOSE_MS} ms: ${steps.join(', ')}; open: ${openResources()}`),
        SLOW_CLOSE_MS,
      ).unref();
      try {
        await server.stop(at);
        at('database drop');
        await db.drop();
        at('data folder');
        await fs.rm(dataDir, { recursive: true, force: true });
      } finally {
        clearTimeout(slow);
      }
    },
  };
}

/** The process's open handles by kind, e.g. "TCPSocketWrap ×12, Timeout ×3". */
function openResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${kind} ×${n}`).join(', ');
}

/** Registers a user through the REST shim and returns its token and id. */
export async function signUp(server: TestServer, username = `u${randomBytes(4).toString('hex')}`, password = 'secret123') {
  const r = await server.request('POST', '/auth/register', { body: { username, email: `${username}@example.com`, password } });
  if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token as string, id: r.body.user.id as string, username, password };
}

/** Signs in through the REST shim and returns the token; a refusal fails here, not in a later assertion. */
export async function logIn(server: TestServer, creds: { username: string; password: string }): Promise<string> {
  const r = await server.request('POST', '/auth/login', { body: { username: creds.username, password: creds.password } });
  if (r.status !== 200 || typeof r.body?.token !== 'string') throw new Error(`login as ${creds.username} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/** startTestServer with `admin` ensured at start-up (ADMIN_* in its env) and signed in: the server and the admin's token. */
export async function startTestServerWithAdmin(
  admin: AdminCredentials,
  opts: TestServerOptions = {},
): Promise<{ server: StartedTestServer; adminToken: string }> {
  const adminEnv: Record<string, string> = {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ...(admin.email ? { ADMIN_EMAIL: admin.email } : {}),
  };
  const server = await startTestServer({ ...opts, env: { ...adminEnv, ...opts.env } });
  try {
    return { server, adminToken: await logIn(server, admin) };
  } catch (err) {
    await server.close();
    throw err;
  }
}
