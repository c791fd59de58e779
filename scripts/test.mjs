#!/usr/bin/env node
// `npm test`: builds what the tests need (ledger, api, web), type-checks the web app, the examples
// and the tests, checks the emitted GraphQL schema is current, then runs every jest project (unit,
// int, e2e, browser) against the real PostgreSQL and Redis named by TEST_DATABASE_URL /
// TEST_REDIS_URL (127.0.0.1 defaults; with no PostgreSQL there, the embedded one the product ships).
// Browser tests: /usr/bin/chromium, else @sparticuz/chromium's.
// Extra arguments go to jest, e.g. `npm test -- api/src/features/projects`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary, readAssertionLog } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);

function run(label, cmd, cmdArgs, opts = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (exit ${r.status ?? r.signal})`);
    if (!opts.allowFail) process.exit(r.status ?? 1);
  }
  return r.status === 0;
}

function reachable(url, fallbackPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || fallbackPort) });
    s.setTimeout(2000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

const REDIS_HINT = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Redis cannot come from npm: without it the tests that need it fail, each with this hint (test-server.ts).
if (!(await reachable(redisUrl, 6379))) {
  console.error(
    `✖ Redis is not reachable at ${redisUrl}: the tests that need it will fail. Start it with \`${REDIS_HINT}\` or set TEST_REDIS_URL (.ci/run does this for CI).`,
  );
}

// As root, the embedded PostgreSQL some tests start runs as the `postgres` system user, which must
// reach its programs in node_modules. A checkout under a 0700 folder (mktemp -d) blocks it: give the
// blocking folders the search bit only (o+x: no listing), and say so.
if (process.getuid?.() === 0) {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const st = fs.statSync(dir);
    if (!(st.mode & 0o001)) {
      fs.chmodSync(dir, (st.mode & 0o7777) | 0o001);
      console.log(`▶ running as root: ${dir} made searchable by other users (o+x) for the embedded PostgreSQL's postgres user`);
    }
    if (dir === path.dirname(dir)) break;
  }
}

run('build ledger + api (tsc)', bin('tsc'), ['-b', 'ledger', 'api']);
run('check schema/schema.graphql is current', process.execPath, ['api/dist/app/emit-schema.js', '--check']);
checkCodegen();
run('build web (vite)', process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web', '--logLevel', 'warn']);
// Jest strips types without checking them: the web app, the examples and the test files are checked here.
for (const project of ['web', 'examples', 'tsconfig.tests.json']) run(`typecheck ${project} (tsc --noEmit)`, bin('tsc'), ['-p', project, '--noEmit']);

/** The typed documents (web/src/gql, examples/gql) must be what codegen makes from the current schema. */
function checkCodegen() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-codegen-'));
  const out = path.join(tmp, 'gql') + path.sep;
  const examplesOut = path.join(tmp, 'examples-gql', 'operations.ts');
  run('check web/src/gql and examples/gql are current (graphql-codegen)', bin('graphql-codegen'), ['--config', 'codegen.ts', '--silent'], {
    env: { CODEGEN_OUT: out, CODEGEN_EXAMPLES_OUT: examplesOut },
  });
  const dir = path.join(root, 'web', 'src', 'gql');
  const names = new Set([...fs.readdirSync(dir), ...fs.readdirSync(out)]);
  const stale = [...names]
    .filter(
      (n) =>
        !fs.existsSync(path.join(dir, n)) ||
        !fs.existsSync(path.join(out, n)) ||
        fs.readFileSync(path.join(dir, n), 'utf8') !== fs.readFileSync(path.join(out, n), 'utf8'),
    )
    .map((n) => `web/src/gql/${n}`);
  const committed = path.join(root, 'examples', 'gql', 'operations.ts');
  if (!fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fs.readFileSync(examplesOut, 'utf8')) stale.push('examples/gql/operations.ts');
  fs.rmSync(tmp, { recursive: true, force: true });
  if (stale.length) {
    console.error(`✖ generated typed documents are stale (${stale.join(', ')}): run \`npm run codegen\` and commit the result.`);
    process.exit(1);
  }
  console.log('web/src/gql and examples/gql are up to date.');
}

/**
 * The PostgreSQL tests use: TEST_DATABASE_URL, else the one on 127.0.0.1:5432, else (a fresh machine)
 * the embedded PostgreSQL the product ships, on a port of its own in a temp folder, stopped at the end.
 */
async function testDatabase() {
  if (process.env.TEST_DATABASE_URL) return null;
  // TEST_EMBEDDED_PG=1 uses the embedded one even when a PostgreSQL listens on 5432.
  if (process.env.TEST_EMBEDDED_PG !== '1' && (await reachable('postgres://127.0.0.1:5432', 5432))) return null;
  const { startEmbeddedPostgres } = await import(path.join(root, 'api', 'dist', 'platform', 'db', 'embedded-postgres.js'));
  const { createLogger } = await import(path.join(root, 'api', 'dist', 'platform', 'logging', 'logger.js'));
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-test-pg-'));
  fs.chmodSync(dataDir, 0o711); // as root, PostgreSQL runs as the postgres user
  console.log(
    `\n▶ ${process.env.TEST_EMBEDDED_PG === '1' ? 'TEST_EMBEDDED_PG=1' : 'no PostgreSQL on 127.0.0.1:5432'}: starting the embedded one on 127.0.0.1:${port} (${dataDir})`,
  );
  const db = await startEmbeddedPostgres({ dataDir, port, logger: createLogger('silent') });
  const u = new URL(db.url);
  u.pathname = '/postgres';
  process.env.TEST_DATABASE_URL = u.toString();
  return {
    async stop() {
      await db.stop().catch((err) => console.error(`✖ stopping the embedded test PostgreSQL: ${err.message}`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CHROMIUM_PATH for browser tests: a chromium on the PATH (Debian's) when there is one, else @sparticuz/chromium's, decompressed once here (not by parallel test files). */
async function testChromium() {
  const { systemChromium } = await import(path.join(root, 'api', 'dist', 'startup', 'test-browser.js'));
  if (systemChromium()) return systemChromium();
  const shipped = (await import('@sparticuz/chromium')).default;
  process.env.CHROMIUM_PATH = await shipped.executablePath();
  console.log(`\n▶ no chromium on the PATH: browser tests use @sparticuz/chromium (${process.env.CHROMIUM_PATH})`);
  return process.env.CHROMIUM_PATH;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const report = path.join(os.tmpdir(), `shotlog-jest-${process.pid}.json`);
// Each test file appends its assertion count here (scripts/count-assertions.mjs) for the summary.
const assertionLog = path.join(os.tmpdir(), `shotlog-assertions-${process.pid}.jsonl`);
fs.rmSync(report, { force: true });
fs.rmSync(assertionLog, { force: true });
const embedded = await testDatabase();
await testChromium();
// The ESM module registries of ~1,050 tests passed Node's default 4 GB heap in one process (seen: OOM at
// 1,425 s). jest.config.js now replaces its worker past 2 GB (workerIdleMemoryLimit); the larger heap
// (inherited by the worker) stays as headroom for one heavy file.
const ok = await runJest([
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  '--max-old-space-size=8192',
  bin('jest'),
  '--json',
  `--outputFile=${report}`,
  ...args,
]);

/**
 * Runs jest and resolves whether it passed. Jest must exit on its own once its tests are done: a
 * handle a test or the code under test left open is a leak, so if jest is still running
 * EXIT_GRACE_MS after writing its report, it is stopped and the run fails, naming the way to find
 * the handle (instead of --forceExit, which would hide it, or a CI job that waits forever).
 */
function runJest(jestArgs) {
  const EXIT_GRACE_MS = 60_000;
  console.log('\n▶ jest (unit, int, e2e, browser)');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, jestArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, SHOTLOG_ASSERTION_LOG: assertionLog } });
    let stuck = false;
    let grace = null;
    const watch = setInterval(() => {
      if (grace || !fs.existsSync(report)) return;
      grace = setTimeout(() => {
        stuck = true;
        console.error(
          `✖ jest finished its tests but did not exit within ${EXIT_GRACE_MS / 1000} s: an open handle (a socket, timer or child process) was left behind. Find it with \`npm test -- --detectOpenHandles <test files>\`.`,
        );
        child.kill('SIGKILL');
      }, EXIT_GRACE_MS);
    }, 1000);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      if (grace) clearTimeout(grace);
      if (code !== 0 && !stuck) console.error(`✖ jest failed (exit ${code ?? signal})`);
      resolve(code === 0 && !stuck);
    });
  });
}

await embedded?.stop();

let summary = null;
try {
  summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report, { force: true });
} catch {
  /* jest died before writing its report */
}
if (summary) {
  // Per tier: files, tests, assertions and seconds, to see where the time goes and that none was lost.
  printSummary(summary, readAssertionLog(assertionLog));
  // The plain closing line CI reads.
  console.log(`\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`);
}
fs.rmSync(assertionLog, { force: true });
process.exit(ok && summary && summary.numFailedTests === 0 && summary.numTotalTests > 0 ? 0 : 1);
