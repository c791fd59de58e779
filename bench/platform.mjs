// Issue 2 figures: first `npm start`-style start to ready (fresh embedded PostgreSQL) and a second
// start (already initialised); GraphQL `me` vs REST GET /api/user/profile requests/s in one run;
// gzipped JavaScript of the web app's first page load.
// Needs a build first: npm run build. Run: node bench/platform.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { load, root, startApi, table } from './lib.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-'));
const env = { DATA_DIR: dataDir, PORT: '4711', EMBEDDED_PG_PORT: '54391', DATABASE_URL: '', REDIS_URL: '' };

const first = await startApi(env);
await first.stop();
const second = await startApi(env);

const reg = await fetch(`${second.url}/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'secret123' }),
}).then((r) => r.json());
const auth = { authorization: `Bearer ${reg.token}` };
const rest = () => fetch(`${second.url}/api/user/profile`, { headers: auth }).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(r.status)));
const gql = () =>
  fetch(`${second.url}/graphql`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id username email firstName lastName roleId createdAt creditBalance } }' }) }).then((r) =>
    r.ok ? r.arrayBuffer() : Promise.reject(r.status),
  );
await load(rest, { seconds: 1 });
await load(gql, { seconds: 1 });
const r = await load(rest, { seconds: 8 });
const g = await load(gql, { seconds: 8 });
await second.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// The first page load: index.html plus the scripts and module preloads it names.
const dist = path.join(root, 'web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gzKb = scripts.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0) / 1024;

table([
  { figure: 'first start to ready (fresh embedded PostgreSQL)', value: `${first.seconds.toFixed(1)} s` },
  { figure: 'second start to ready', value: `${second.seconds.toFixed(1)} s` },
  { figure: 'REST GET /api/user/profile', value: `${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}` },
  { figure: 'GraphQL { me }', value: `${g.rps.toFixed(0)} req/s, p99 ${g.p99.toFixed(1)} ms, errors ${g.errors}` },
  { figure: 'REST/GraphQL throughput ratio (GraphQL cost, aim <= 1.5)', value: (r.rps / g.rps).toFixed(2) },
  { figure: 'first-page JavaScript, gzipped', value: `${gzKb.toFixed(1)} KB (${scripts.length} files; aim < 250 KB)` },
]);
