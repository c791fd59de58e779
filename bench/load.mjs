// Issue 7's figures: a mixed read load (balance, projects list, project detail) with autocannon
// against 1 and then 2 API processes (RUN_WORKER=false), then a processing run of BENCH_SETS file
// sets (default 500) on the offline provider with 2 standalone workers while the load runs.
// `npx tsc -b ledger api && node bench/load.mjs`; BENCH_SECONDS (default 60) per load phase.
// Uses the test PostgreSQL (a fresh database) and Redis (REDIS_URL, a fresh queue prefix).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { freshDatabase, makeBenchMedia, root, startApi, stopChild } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SETS = Number(process.env.BENCH_SETS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const db = await freshDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-load-'));
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
  QUEUE_PREFIX: `b${randomBytes(4).toString('hex')}`,
  RUN_WORKER: 'false',
  METADATA_PROVIDER: 'offline',
  HOST: '127.0.0.1',
  PORT: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};
const children = [];
const cleanup = async () => {
  await Promise.all(children.map((c) => stopChild(c)));
  await db.drop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(1)));

const json = async (url, method, p, token, body) => {
  const r = await fetch(url + p, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: await r.json().catch(() => null) };
};

function cannon(url, token, projectId, seconds, connections) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      { method: 'GET', path: '/api/user/credits/balance' },
      { method: 'GET', path: '/api/projects' },
      { method: 'GET', path: `/api/projects/${projectId}` },
    ],
  });
}
/** Runs the load on each API at once (connections split); sums req/s, takes the worst p99. */
async function readLoad(urls, token, projectId, seconds) {
  const rs = await Promise.all(urls.map((u) => cannon(u, token, projectId, seconds, Math.max(1, Math.round(CONNECTIONS / urls.length)))));
  return {
    rps: Math.round(rs.reduce((s, r) => s + r.requests.average, 0)),
    p50: Math.max(...rs.map((r) => r.latency.p50)),
    p99: Math.max(...rs.map((r) => r.latency.p99)),
    errors: rs.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
    total: rs.reduce((s, r) => s + r.requests.total, 0),
  };
}

try {
  const api1 = await startApi(env);
  children.push(api1.child);
  const reg = await json(api1.url, 'POST', '/auth/register', null, { username: 'bench', email: 'bench@example.com', password: 'bench-pass-1' });
  const token = reg.body.token;
  const projects = [];
  for (let i = 0; i < 5; i++)
    projects.push((await json(api1.url, 'POST', '/api/projects', token, { name: `Load ${i}`, cameraType: 'dji-mavic-3-pro-series' })).body.project.id);

  // One real file set, uploaded SETS times under different names into the run project.
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-load-media-'));
  const { clip, still } = await makeBenchMedia(media, { size: '320x180', seconds: 2, stillSize: '640x360' });
  const files = {
    MP4: fs.readFileSync(clip),
    JPG: fs.readFileSync(still),
    SRT: fs.readFileSync(path.join(root, 'api/test/fixtures/srt/JuanIrache__DJI_SRT_Parser__air2s.srt')),
  };
  const runProject = projects[0];
  const uploadStart = Date.now();
  for (let first = 1; first <= SETS; first += 50) {
    const form = new FormData();
    for (let i = first; i < Math.min(first + 50, SETS + 1); i++)
      for (const [ext, data] of Object.entries(files)) form.append('files', new Blob([data]), `DJI_${String(i).padStart(4, '0')}.${ext}`);
    const r = await fetch(`${api1.url}/api/upload/${runProject}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (r.status >= 300) throw new Error(`upload ${r.status}: ${await r.text()}`);
  }
  console.log(`uploaded ${SETS} file sets in ${((Date.now() - uploadStart) / 1000).toFixed(1)} s`);
  const detailProject = projects[1];

  const one = await readLoad([api1.url], token, detailProject, SECONDS);
  const api2 = await startApi(env);
  children.push(api2.child);
  const two = await readLoad([api1.url, api2.url], token, detailProject, SECONDS);

  const workers = [1, 2].map(() =>
    spawn(process.execPath, [path.join(root, 'api/dist/worker.js')], { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' }),
  );
  children.push(...workers);
  await new Promise((r) => setTimeout(r, 3000));
  const runStart = Date.now();
  const started = await json(api1.url, 'POST', `/api/projects/${runProject}/process`, token);
  if (started.status !== 202) throw new Error(`run not started: ${started.status} ${JSON.stringify(started.body)}`);

  const poll = (async () => {
    for (;;) {
      const p = await json(api1.url, 'GET', `/api/projects/${runProject}/progress`, token);
      if (p.body?.runStatus === 'completed') return { seconds: (Date.now() - runStart) / 1000, ...p.body };
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const during = await readLoad([api1.url, api2.url], token, detailProject, SECONDS);
  const finished = await poll;

  const rows = [
    ['1 API, reads alone', one],
    ['2 APIs, reads alone', two],
    [`2 APIs, reads during the ${SETS}-set run`, during],
  ];
  console.log(`\nmixed reads (balance, projects list, project detail), ${SECONDS} s each, ${CONNECTIONS} connections, autocannon`);
  for (const [name, r] of rows)
    console.log(`${name.padEnd(42)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}/${r.total}`);
  console.log(
    `processing ${SETS} sets, 2 workers (concurrency 2 each), offline provider: ${finished.seconds.toFixed(1)} s to completion (${finished.completedJobs} completed, ${finished.failedJobs} failed)`,
  );
  console.log(`p99 of reads during the run / reads alone (2 APIs): ${(during.p99 / two.p99).toFixed(2)}`);
  console.log(`machine: ${os.cpus().length} CPU cores (shared), Node ${process.version}`);
} finally {
  await cleanup();
}
