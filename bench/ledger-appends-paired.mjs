#!/usr/bin/env node
// Ledger appends under the current schema against earlier index sets of ledger_postings, paired in
// the same run (the machine's load moves between rounds, so each round measures every variant back to
// back, in alternating order, each against plain INSERTs measured right around it; medians are printed).
//
//   node_modules/.bin/tsc -b ledger && node_modules/.bin/node bench/ledger-appends-paired.mjs [--rounds 3] [--seconds 2] [--variants=current,migration3]
//
// Variants (each a fresh database migrated with migrateLedger, then changed by the DDL below):
//   current       the schema as migrated now (postings: id, (account, created_at, id), (created_at, id));
//   migration3    as after migration 3, before migration 4: also (account) and (event_id);
//   prefinance    as before migration 3 (the finance views): id, (account), (event_id).
// Figures: 16 writers approving purchases as in bench/ledger-appends.mjs, (a) distinct accounts,
// (b) one hot account, as ratios to plain single-row INSERTs; then, independent of the load, the
// write statement of one batch of 8 approvals under EXPLAIN (ANALYZE, BUFFERS, WAL): buffers and
// WAL records it costs.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { freshDatabase, numberArg } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => pathToFileURL(path.join(root, 'ledger/dist', file)).href;
const { createLedger, migrateLedger } = await import(dist('index.js'));
const { appendBatch } = await import(dist('store/append.js'));

const SECONDS = numberArg('seconds', 2);
const ROUNDS = numberArg('rounds', 3);
const WRITERS = 16;
const only = (process.argv.find((a) => a.startsWith('--variants=')) ?? '').slice(11).split(',').filter(Boolean);
const ROUNDS_NOTE = `${ROUNDS} rounds of ${SECONDS} s per figure`;

const RESTORE_M3 = [
  'CREATE INDEX ledger_postings_event_idx ON ledger_postings (event_id)',
  'CREATE INDEX ledger_postings_account_idx ON ledger_postings (account)',
];
const VARIANTS = {
  current: { ddl: [] },
  migration3: { ddl: RESTORE_M3 },
  prefinance: { ddl: [...RESTORE_M3, 'DROP INDEX ledger_postings_account_time_idx', 'DROP INDEX ledger_postings_time_idx'] },
};

async function throughput(fn, seconds) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (performance.now() < end) {
        await fn(w);
        done++;
      }
    }),
  );
  return done / seconds;
}

const setups = [];
const names = (only.length ? only : Object.keys(VARIANTS)).filter((n) => VARIANTS[n]);
try {
  for (const v of names) {
    const db = await freshDatabase('ledger_paired');
    const pool = new pg.Pool({ connectionString: db.url, max: WRITERS + 2 });
    pool.on('error', () => {});
    setups.push({ v, db, pool });
    await migrateLedger(pool);
    for (const ddl of VARIANTS[v].ddl) await pool.query(ddl);
    await pool.query(`CREATE TABLE bench_plain_rows (
      id uuid PRIMARY KEY, sequence bigint NOT NULL, stream_id text NOT NULL, stream_version integer NOT NULL,
      user_id text NOT NULL, type text NOT NULL, amount bigint NOT NULL, actor_id text, reason text,
      payload jsonb NOT NULL, created_at timestamptz NOT NULL, hash text NOT NULL, prev_hash text)`);
    const ledger = createLedger(pool, VARIANTS[v].queue ? { queue: VARIANTS[v].queue } : {});
    let seq = 0;
    const plain = () =>
      pool.query(`INSERT INTO bench_plain_rows VALUES ($1, $2, 'user-bench', 1, 'bench', 'PurchaseApproved', 100, 'admin', NULL, $3, now(), $4, $5)`, [
        randomUUID(),
        ++seq,
        JSON.stringify({ userId: 'bench', amount: 100, purchaseRequestId: randomUUID() }),
        'a'.repeat(64),
        'b'.repeat(64),
      ]);
    let purchase = 0;
    const approve = (userId) =>
      ledger.approvePurchase({ userId, purchaseRequestId: `bench-${++purchase}`, amount: 100, actorId: 'admin', packageName: 'Bench' });
    const distinct = Array.from({ length: WRITERS }, (_, i) => `writer-${i}`);
    for (const u of [...distinct, 'hot', 'explain']) await ledger.openAccount({ userId: u });
    await throughput(() => plain(), 0.5);
    await throughput((w) => approve(distinct[w]), 0.5);
    Object.assign(setups.at(-1), { plain, approve, distinct, res: [] });
  }
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? setups : [...setups].reverse();
    for (const s of order) {
      const p1 = await throughput(() => s.plain(), SECONDS);
      const spread = await throughput((w) => s.approve(s.distinct[w]), SECONDS);
      const hot = await throughput(() => s.approve('hot'), SECONDS);
      const p2 = await throughput(() => s.plain(), SECONDS);
      const base = (p1 + p2) / 2;
      s.res.push({ base, spread: spread / base, hot: hot / base });
      console.log(
        `round ${r} ${s.v.padEnd(9)} plain ${base.toFixed(0).padStart(6)}/s  spread ${(spread / base).toFixed(2)}  hot ${(hot / base).toFixed(2)}  (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  }
  // One write statement of a batch of 8 accounts, explained (WAL and buffers do not depend on load).
  for (const s of setups) {
    const client = await s.pool.connect();
    try {
      let plan;
      const orig = client.query.bind(client);
      client.query = async (config, values) => {
        if (typeof config === 'object' && config.name?.startsWith('ledger_write_')) {
          const r = await orig(`EXPLAIN (ANALYZE, BUFFERS, WAL, FORMAT JSON) ${config.text}`, config.values);
          plan = r.rows[0]['QUERY PLAN'][0];
          return { rows: [], rowCount: 0 };
        }
        return orig(config, values);
      };
      const stats = [];
      for (let i = 0; i < 5; i++) {
        const cmds = s.distinct.slice(0, 8).map((userId) => ({
          type: 'ApprovePurchase',
          data: { userId, purchaseRequestId: `x-${randomUUID()}`, amount: 100, actorId: 'admin', packageName: 'Bench' },
        }));
        await appendBatch(client, cmds, { now: () => new Date() }, 'optimistic');
        const p = plan.Plan;
        stats.push({
          ms: plan['Execution Time'],
          trig: (plan.Triggers ?? []).reduce((a, t) => a + t.Time, 0),
          wal: p['WAL Bytes'],
          walRec: p['WAL Records'],
          fpi: p['WAL FPI'],
          hit: p['Shared Hit Blocks'],
          dirt: p['Shared Dirtied Blocks'],
        });
        if (i === 4) console.log(s.v, 'triggers', JSON.stringify((plan.Triggers ?? []).map((t) => [t['Trigger Name'], t.Calls, t.Time])));
      }
      const med = (k) => stats.map((x) => x[k]).sort((a, b) => a - b)[2];
      console.log(
        `${s.v.padEnd(9)} write of 8 approvals: ${med('ms').toFixed(2)} ms (triggers ${med('trig').toFixed(2)}), WAL ${med('wal')} B / ${med('walRec')} rec / ${med('fpi')} fpi, buffers hit ${med('hit')} dirtied ${med('dirt')}`,
      );
    } finally {
      client.release();
    }
  }
  console.log(
    `\nmedian ratios over ${ROUNDS_NOTE}, load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}:`,
  );
  for (const s of setups) {
    const med = (k) => s.res.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(s.res.length / 2)];
    console.log(`${s.v.padEnd(9)} spread ${med('spread').toFixed(2)}  hot ${med('hot').toFixed(2)}  (plain ${med('base').toFixed(0)} rows/s)`);
  }
} finally {
  for (const s of setups) {
    await s.pool.end();
    await s.db.drop();
  }
}
