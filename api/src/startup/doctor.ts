/**
 * `npm run doctor`: what `npm start` and `npm test` need, checked without starting anything, as a
 * short table. Uses the same checks as start-up (startup-checks.ts, media-tools.ts), so the two
 * never disagree. Exit code 1 when something would stop `npm start`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../platform/config/config.js';
import { describeTool, resolveMediaTools } from '../adapters/media-tools/media-tools.js';
import { systemChromium } from './test-browser.js';
import { checkDataDirWritable, checkPortFree, hostPort, lockOwner, startupLine, tcpReachable } from './startup-checks.js';

type Status = 'ok' | 'warn' | 'FAIL';
interface Row {
  check: string;
  status: Status;
  detail: string;
}

const rows: Row[] = [];
const add = (check: string, status: Status, detail: string) => rows.push({ check, status, detail });

async function attempt(check: string, run: () => Promise<string> | string): Promise<void> {
  try {
    add(check, 'ok', await run());
  } catch (err) {
    add(check, 'FAIL', startupLine(err));
  }
}

const major = Number(process.versions.node.split('.')[0]);
add('Node version', major >= 24 ? 'ok' : 'FAIL', `${process.version}${major >= 24 ? '' : ' (Node 24 is needed: npm install brings it, run through npm)'}`);

let config: ReturnType<typeof loadConfig> | null = null;
try {
  config = loadConfig();
  add('configuration', 'ok', 'environment variables valid');
} catch (err) {
  add('configuration', 'FAIL', err instanceof ConfigError ? err.message : startupLine(err));
}

if (config) {
  const c = config;
  const owner = fs.existsSync(c.dataDir) ? lockOwner(c.dataDir) : null;
  if (owner) {
    add('data folder', 'ok', `${c.dataDir} (in use by the running Shotlog, pid ${owner.pid}, ${owner.url})`);
    add('HTTP port', 'ok', `${c.port} held by that Shotlog`);
  } else {
    await attempt('data folder', () => (checkDataDirWritable(c.dataDir), `${c.dataDir} writable`));
    await attempt('HTTP port', async () => (await checkPortFree(c.host, c.port, 'HTTP', 'PORT'), `${c.port} free on ${c.host}`));
  }
  if (c.databaseUrl) {
    const { host, port } = hostPort(c.databaseUrl, 5432);
    add(
      'database',
      (await tcpReachable(host, port)) ? 'ok' : 'FAIL',
      `DATABASE_URL ${host}:${port} ${(await tcpReachable(host, port)) ? 'reachable' : 'unreachable'}`,
    );
  } else if (owner) {
    add('database', 'ok', `embedded PostgreSQL of the running Shotlog (port ${c.embeddedPgPort})`);
  } else {
    await attempt(
      'database',
      async () => (
        await checkPortFree('127.0.0.1', c.embeddedPgPort, 'Embedded PostgreSQL', 'EMBEDDED_PG_PORT'),
        `embedded PostgreSQL, port ${c.embeddedPgPort} free`
      ),
    );
  }
  const s3 = c.s3;
  if (s3) {
    // The same check start-up makes: the bucket exists and takes a write (a probe object, removed).
    await attempt('file storage', async () => {
      const { S3ObjectStore } = await import('../adapters/object-storage/s3-store.js');
      const store = new S3ObjectStore(s3, path.join(c.dataDir, 'cache', `doctor-${process.pid}`));
      try {
        await store.init();
      } finally {
        await store.close();
      }
      return `bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''} writable`;
    });
  } else add('file storage', 'ok', `local disk, ${c.storageDir}`);
  if (c.redisUrl) {
    const { host, port } = hostPort(c.redisUrl, 6379);
    const up = await tcpReachable(host, port);
    add('queue', up ? 'ok' : 'FAIL', `Redis at ${host}:${port} (REDIS_URL) ${up ? 'reachable' : 'unreachable'}`);
  } else {
    add('queue', 'ok', 'BullMQ on the PostgreSQL database (no REDIS_URL)');
  }
  const tools = resolveMediaTools(c.mediaTools);
  add(
    'media tools',
    tools.problem ? 'FAIL' : tools.warnings.length ? 'warn' : 'ok',
    tools.problem ?? `${describeTool('ffprobe', tools.ffprobe)}; ${describeTool('ffmpeg', tools.ffmpeg)}`,
  );
  for (const w of tools.warnings) add('media tools', 'warn', w);
}

// Tests only: what npm test would use.
const chromium = systemChromium();
if (chromium) add('browser for tests', fs.existsSync(chromium) ? 'ok' : 'FAIL', chromium);
else {
  try {
    await import('@sparticuz/chromium');
    add('browser for tests', 'ok', '@sparticuz/chromium (npm; decompressed by npm test)');
  } catch {
    add('browser for tests', 'warn', 'none: run npm install (devDependencies), or set CHROMIUM_PATH');
  }
}
const testPg = process.env.TEST_DATABASE_URL ? hostPort(process.env.TEST_DATABASE_URL, 5432) : { host: '127.0.0.1', port: 5432 };
add(
  'database for tests',
  'ok',
  (await tcpReachable(testPg.host, testPg.port)) ? `PostgreSQL at ${testPg.host}:${testPg.port}` : 'none on 127.0.0.1:5432: npm test starts the embedded one',
);
const testRedis = hostPort(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 6379);
const redisUp = await tcpReachable(testRedis.host, testRedis.port);
add(
  'Redis for tests',
  redisUp ? 'ok' : 'warn',
  redisUp
    ? `${testRedis.host}:${testRedis.port}`
    : `unreachable at ${testRedis.host}:${testRedis.port}: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
);

const width = Math.max(...rows.map((r) => r.check.length));
process.stdout.write('Shotlog doctor\n\n');
for (const r of rows) process.stdout.write(`${r.check.padEnd(width)}  ${r.status.padEnd(4)}  ${r.detail}\n`);
const failed = rows.filter((r) => r.status === 'FAIL' && !['Redis for tests', 'browser for tests'].includes(r.check));
process.stdout.write(failed.length ? `\n${failed.length} problem(s) would stop npm start.\n` : '\nnpm start would start.\n');
process.exit(failed.length ? 1 : 0);
