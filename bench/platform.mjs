// Issue 2 figures, one run:
//  - start to ready of the compiled product (`node api/dist/main.js`, what `npm start` runs after its
//    build) with a fresh DATA_DIR (embedded PostgreSQL initdb), then a second start on the same DATA_DIR;
//  - GraphQL `{ me }` vs REST GET /api/user/profile on the same server in the same run, measured with
//    autocannon (a separate, efficient load generator), rounds interleaved so drift hits both alike;
//  - the JavaScript the web app ships on the first page load, gzipped (web/dist: index.html's entry
//    script and the chunks it preloads, i.e. its static imports).
// Needs a build first: npm run build. Run: node bench/platform.mjs [--seconds N] [--rounds N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root, startApi, table } from './lib.mjs';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' }, connections: { type: 'string', default: '16' } },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-'));
// No DATABASE_URL / REDIS_URL: the embedded PostgreSQL and the PostgreSQL-backed queue, as `npm start`.
const env = { DATA_DIR: dataDir, PORT: '4711', EMBEDDED_PG_PORT: '54391', DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_AUTH_PER_MINUTE: '1000' };

let first;
let second;
let rest = [];
let gql = [];
try {
  first = await startApi(env);
  await first.stop();
  second = await startApi(env);

  const reg = await fetch(`${second.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'secret123' }),
  }).then((r) => r.json());
  const auth = `Bearer ${reg.token}`;
  // The same fields on both sides (SPEC §7's profile answer).
  const restReq = { url: `${second.url}/api/user/profile`, method: 'GET', headers: { authorization: auth } };
  const gqlReq = {
    url: `${second.url}/graphql`,
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ me { id username email firstName lastName roleId createdAt } }' }),
  };
  for (const [req, name] of [
    [restReq, 'rest'],
    [gqlReq, 'graphql'],
  ]) {
    const probe = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    if (!probe.ok) throw new Error(`${name} probe failed: ${probe.status} ${await probe.text()}`);
  }
  await cannon(restReq, 2); // warm-up: JIT, connection pools, caches
  await cannon(gqlReq, 2);
  for (let i = 0; i < ROUNDS; i++) {
    rest.push(await cannon(restReq, SECONDS));
    gql.push(await cannon(gqlReq, SECONDS));
  }
} finally {
  await second?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function cannon(req, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ ...req, connections: CONNECTIONS, duration }, (err, r) => {
      if (err) return reject(err);
      const bad = r.errors + r.timeouts + r.non2xx;
      resolve({ rps: r.requests.average, p99: r.latency.p99, bad });
    });
  });
}

const mean = (xs, k) => xs.reduce((s, x) => s + x[k], 0) / xs.length;
const restRps = mean(rest, 'rps');
const gqlRps = mean(gql, 'rps');

// The first page load: index.html plus the scripts and module preloads it names.
const dist = path.join(root, 'web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gzKb = scripts.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024;
const allJs = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allGzKb = allJs.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length, 0) / 1024;

console.log(
  `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}; load: autocannon, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s per API`,
);
table([
  { figure: 'first start to ready (fresh DATA_DIR, embedded PostgreSQL initdb)', value: `${first.seconds.toFixed(1)} s` },
  { figure: 'second start to ready (same DATA_DIR)', value: `${second.seconds.toFixed(1)} s` },
  {
    figure: 'REST GET /api/user/profile',
    value: `${restRps.toFixed(0)} req/s (rounds ${rest.map((r) => r.rps.toFixed(0)).join(', ')}), p99 ${Math.max(...rest.map((r) => r.p99))} ms, errors ${rest.reduce((s, r) => s + r.bad, 0)}`,
  },
  {
    figure: 'GraphQL { me }',
    value: `${gqlRps.toFixed(0)} req/s (rounds ${gql.map((r) => r.rps.toFixed(0)).join(', ')}), p99 ${Math.max(...gql.map((r) => r.p99))} ms, errors ${gql.reduce((s, r) => s + r.bad, 0)}`,
  },
  { figure: 'GraphQL cost vs REST (REST req/s / GraphQL req/s; aim <= 1.5)', value: (restRps / gqlRps).toFixed(2) },
  {
    figure: 'first-page JavaScript, gzipped (aim < 250 KB)',
    value: `${gzKb.toFixed(1)} KB in ${scripts.length} file(s); all chunks ${allGzKb.toFixed(1)} KB in ${allJs.length}`,
  },
]);
