// Resident memory (RSS) of each Shotlog process kind, idle and under requests (issue 35 item 6).
//
// `npm run build`, then `node_modules/node/bin/node bench/idle-rss.mjs` (about a minute).
// Each process runs on loopback against a fresh PostgreSQL database and Redis (a queue prefix of
// its own), started the way production starts it: `npm start`'s Node options (read from
// package.json) and `node api/dist/main.js` with RUN_WORKER=false, and `node api/dist/worker.js`.
// Figures, all measured in this run:
//  - a bare `node -e` process (the floor: Node itself);
//  - the API before issue 35 item 6: every heavy module imported at start and V8's default young
//    generation (no Node options); the baseline of the ratios;
//  - the API as production starts it now, without and with the start-up heap compaction;
//  - the standalone worker (idle: it processes nothing here), without and with it.
// For each API: RSS once /api/ready answers and 3 s settled, then the peak (sampled every 50 ms)
// and the RSS after 100 requests of each kind (health, REST project list, GraphQL query, a signed
// file download, a thumbnail, a three-file upload), and how long those requests took.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAccount, freshDatabase, makeBenchMedia, nodeOptionsOf, root, stopChild, table } from './lib.mjs';

const REQUESTS = 100;
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The Node options `npm start` and `npm run worker` give their process.
const productionOptions = nodeOptionsOf('start', 'main.js');
const workerOptions = nodeOptionsOf('worker', 'worker.js');

const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'shotlog-rss-'));
const { clip, still } = await makeBenchMedia(work);
const clipBytes = await fsp.readFile(clip);
const stillBytes = await fsp.readFile(still);
const srt = await fsp.readFile(path.join(root, 'api/test/fixtures/srt/JuanIrache__DJI_SRT_Parser__air2s.srt'));

// "Before": what the API imported at start until issue 35 item 6, loaded up front again.
const eager = path.join(work, 'eager.mjs');
fs.writeFileSync(
  eager,
  [
    'sharp',
    'exiftool-vendored',
    '@rapideditor/country-coder',
    'openai',
    '@aws-sdk/client-s3',
    '@aws-sdk/lib-storage',
    '@tus/s3-store',
    'nodemailer',
    'ssh2',
    'basic-ftp',
    'archiver',
  ]
    .map((m) => `await import('${import.meta.resolve(m)}');`)
    .join('\n'),
);

// The start-up heap compaction (api/src/platform/memory/settle-heap.ts) switched off, for the rows
// without it: V8's gc is taken from the global when there is one, so a global that passes on every
// collection but the "last resort" one leaves the rest (upload pacing) as it is.
const noCompaction = path.join(work, 'no-compaction.mjs');
fs.writeFileSync(noCompaction, "const gc = globalThis.gc; globalThis.gc = (o) => { if (o?.flavor !== 'last-resort') gc(o); };\n");
const withoutCompaction = ['--expose-gc', '--import', noCompaction];

/** Spawns `node <args>` with `env` and resolves once its stdout matches `ready`. */
function spawnNode(args, env, ready) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (b) => {
      out += b;
      const m = ready.exec(out);
      if (m) resolve({ child, url: m[1], stop: () => stopChild(child) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (b) => (out += b));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 180 s`)), 180_000).unref();
  });
}

const dbs = [];
async function processEnv() {
  const db = await freshDatabase();
  dbs.push(db);
  const dataDir = await fsp.mkdtemp(path.join(work, 'data-'));
  return {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  };
}

/** One API process: idle RSS, then `REQUESTS` requests of each kind with the peak sampled. */
async function measureApi(nodeOptions) {
  const env = await processEnv();
  const api = await spawnNode([...nodeOptions, path.join(root, 'api/dist/main.js')], { ...env, RUN_WORKER: 'false' }, /ready at (http:\/\/\S+)/);
  try {
    for (let i = 0; i < 100 && (await fetch(`${api.url}/api/ready`).catch(() => null))?.status !== 200; i++) await sleep(100);
    await sleep(3000);
    const idle = rssOf(api.child.pid);
    const acct = await benchAccount(api.url);
    const project = await acct.newProject('RSS');
    const upload = async (name) => {
      const form = new FormData();
      form.append('files', new Blob([clipBytes]), `${name}.MP4`);
      form.append('files', new Blob([stillBytes]), `${name}.JPG`);
      form.append('files', new Blob([srt]), `${name}.SRT`);
      return fetch(`${api.url}/api/upload/${project}`, { method: 'POST', headers: acct.auth, body: form });
    };
    await (await upload('DJI_0000')).arrayBuffer();
    const graphql = (query, variables) =>
      fetch(`${api.url}/graphql`, {
        method: 'POST',
        headers: { ...acct.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
    const q = await (await graphql('query($id: ID!) { project(id: $id) { fileSets { thumbnailUri files { resourceUri } } } }', { id: project })).json();
    const set = q.data.project.fileSets[0];
    let n = 0;
    const kinds = {
      health: () => fetch(`${api.url}/api/health`),
      'REST list': () => fetch(`${api.url}/api/projects`, { headers: acct.auth }),
      GraphQL: () => graphql('query($id: ID!) { project(id: $id) { name fileSets { baseName } } }', { id: project }),
      download: () => fetch(`${api.url}${set.files[0].resourceUri}`),
      thumbnail: () => fetch(`${api.url}${set.thumbnailUri}`),
      upload: () => upload(`DJI_${String(++n).padStart(4, '0')}`),
    };
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api.child.pid))), 50);
    const perKind = {};
    for (const [name, kind] of Object.entries(kinds)) {
      const t0 = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const r = await kind();
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${r.url}: ${r.status}`);
      }
      perKind[name] = (performance.now() - t0) / 1000;
    }
    const seconds = Object.values(perKind).reduce((a, b) => a + b, 0);
    clearInterval(sampler);
    const after = rssOf(api.child.pid);
    return { idle, peak: Math.max(peak, after), after, seconds, perKind };
  } finally {
    await api.stop();
  }
}

const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
await sleep(1000);
const bareRss = rssOf(bare.pid);
await stopChild(bare);

const rows = [];
const timings = {};
try {
  const before = await measureApi([...withoutCompaction, '--import', eager]);
  const uncompacted = await measureApi([...productionOptions, ...withoutCompaction]);
  const now = await measureApi(productionOptions);
  timings.before = before.perKind;
  timings.now = now.perKind;
  const workerIdle = async (options) => {
    const worker = await spawnNode([...options, path.join(root, 'api/dist/worker.js')], await processEnv(), /(worker is ready)/);
    await sleep(3000);
    const rss = rssOf(worker.child.pid);
    await worker.stop();
    return rss;
  };
  const workers = [
    ['worker (`npm run worker`), idle, without the start-up compaction', await workerIdle([...workerOptions, ...withoutCompaction])],
    ['worker (`npm run worker`), idle (now)', await workerIdle(workerOptions)],
  ];

  const mb = (x) => `${x.toFixed(0)} MB`;
  const ratio = (x, base) => (x / base).toFixed(2);
  rows.push({
    process: 'bare `node -e`',
    options: '',
    idle: mb(bareRss),
    'idle ratio': ratio(bareRss, before.idle),
    peak: '',
    'after requests': '',
    'requests time': '',
  });
  for (const [label, m, options] of [
    ['API, RUN_WORKER=false, heavy modules at start, default V8 (before; baseline)', before, ''],
    ['API, RUN_WORKER=false, as `npm start` runs it, without the start-up compaction', uncompacted, productionOptions.join(' ')],
    ['API, RUN_WORKER=false, as `npm start` runs it (now)', now, productionOptions.join(' ')],
  ])
    rows.push({
      process: label,
      options,
      idle: mb(m.idle),
      'idle ratio': ratio(m.idle, before.idle),
      peak: `${mb(m.peak)} (${ratio(m.peak, before.peak)})`,
      'after requests': mb(m.after),
      'requests time': `${m.seconds.toFixed(1)} s (${ratio(m.seconds, before.seconds)})`,
    });
  for (const [label, rss] of workers)
    rows.push({
      process: label,
      options: workerOptions.join(' '),
      idle: mb(rss),
      'idle ratio': ratio(rss, before.idle),
      peak: '',
      'after requests': '',
      'requests time': '',
    });
} finally {
  for (const db of dbs) await db.drop().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`${REQUESTS} requests of each kind: health, REST project list, GraphQL query, file download, thumbnail, 3-file upload`);
table(rows);
console.log(`\nTime for ${REQUESTS} sequential requests of each kind, now / before (a young-generation cap costs more minor GCs):`);
table(
  Object.keys(timings.before).map((kind) => ({
    kind,
    before: `${timings.before[kind].toFixed(2)} s`,
    now: `${timings.now[kind].toFixed(2)} s`,
    ratio: (timings.now[kind] / timings.before[kind]).toFixed(2),
  })),
);
