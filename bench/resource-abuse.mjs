#!/usr/bin/env node
// One free account sends the worst request of each kind (issue 28) while /api/health is probed and
// the API's RSS sampled; every figure is printed against the idle baseline measured in the same run.
//
//   npx tsc -b ledger api && node_modules/.bin/node bench/resource-abuse.mjs [--rounds N] [--seconds S]
//
// Per attack: --rounds worst requests (default 3), one after another, each answered before the
// next; health probes every 50 ms throughout. Aims (issue 28): health p99 under 200 ms and peak RSS
// under RSS_CEILING_MB (default 600) during every attack.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, numberArg, startIsolatedApi, table } from './lib.mjs';
import { ATTACKS, freeAccount, probeHealth, sampleRss } from './resource-attacks.mjs';

const ROUNDS = numberArg('rounds', 3);
const IDLE_SECONDS = numberArg('seconds', 5);
const HEALTH_P99_AIM_MS = 200;
const QUOTA_BYTES = 64 * 1024 * 1024;
const RSS_CEILING_MB = Number(process.env.RSS_CEILING_MB ?? 600);

const db = await freshDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-abuse-'));
let api;
try {
  // A quota the unfinished-uploads attack meets (finding 4: 1 MB quota, 11.4 MB held) and the large SRT fits in.
  api = await startIsolatedApi(db, dataDir, { MAX_STORAGE_BYTES_PER_ACCOUNT: String(QUOTA_BYTES) });
  const { username, auth } = await freeAccount(api.url);
  const ctx = { url: api.url, auth, username, databaseUrl: db.url, scale: 1, uploadLength: QUOTA_BYTES / 4 };

  // Baseline: an idle API, probed the same way for the same kind of span.
  const rss = await sampleRss(api.child.pid);
  const idleProbe = probeHealth(api.url);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idle = await idleProbe.stop();
  const idleRss = rss.stop();

  const rows = [
    {
      attack: 'idle (baseline)',
      finding: '-',
      answers: '-',
      'health p99 ms': idle.p99.toFixed(1),
      'x idle': '1.00',
      failures: idle.failures,
      'peak RSS MB': idleRss.toFixed(0),
      'RSS x idle': '1.00',
      aims: '',
    },
  ];
  for (const attack of ATTACKS) {
    const state = await attack.setUp(ctx);
    const sampler = await sampleRss(api.child.pid);
    const probe = probeHealth(api.url);
    const answers = [];
    for (let i = 0; i < ROUNDS; i++) {
      // A stalled server is a finding too: the answer is then the error (e.g. a headers time-out).
      answers.push(
        await attack.fire(ctx, state).then(
          (a) => (a.code ? `${a.status} ${a.code}` : a.status),
          (err) => err.cause?.code ?? err.message,
        ),
      );
    }
    const health = await probe.stop();
    const peak = sampler.stop();
    const met = health.p99 < HEALTH_P99_AIM_MS && peak < RSS_CEILING_MB && health.failures === 0;
    rows.push({
      attack: attack.name,
      finding: attack.finding,
      answers: [...new Set(answers)].join('/'),
      'health p99 ms': health.p99.toFixed(1),
      'x idle': (health.p99 / Math.max(idle.p99, 0.1)).toFixed(2),
      failures: health.failures,
      'peak RSS MB': peak.toFixed(0),
      'RSS x idle': (peak / idleRss).toFixed(2),
      aims: met ? 'met' : 'MISSED',
    });
  }
  console.log(
    `\nresource-abuse: ${ROUNDS} worst request(s) per attack from one free account; aims: health p99 < ${HEALTH_P99_AIM_MS} ms, peak RSS < ${RSS_CEILING_MB} MB\n`,
  );
  table(rows);
} finally {
  await api?.stop();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
