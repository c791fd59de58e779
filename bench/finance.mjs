#!/usr/bin/env node
// Finance over a large ledger: trial balance, a month's statement and the journal export, each
// against a plain query over the same rows in the same run, so the ratios travel between machines.
//
//   node_modules/.bin/tsc -b ledger api && node bench/finance.mjs [--events 1000000] [--users 10000]
//
// Data: a fresh database on TEST_DATABASE_URL's server, migrated with the ledger's migrations, and
// the two API tables the statement reads for dollars (credit_packages, purchase_requests: only
// the columns it uses). Events are written with generate_series (one statement), spread evenly
// over 2025 in sequence order: per user an AccountOpened, a sign-up bonus, then purchases (10%),
// adjustments up and down (10%), processing charges (70%) and refunds (10%); then their postings
// and balance rows. Hashes are placeholders (the chain is not what is measured).
//
// Measured (median of 3 after one warm-up unless said):
// - checkpoint build: the first refreshBalanceCheckpoints over the whole ledger (once);
// - trial balance as of 2025-07-01: FinanceService.trialBalance (first page of 100 + totals per
//   kind over every account) vs SELECT account, sum(amount) FROM ledger_postings WHERE created_at <= $1 GROUP BY account;
// - statement for June 2025: FinanceService.statement vs plain SUMs of the postings before from and
//   to and of the month's events GROUP BY type;
// - journal of about --journal postings (default 1,000,000): FinanceService.journalCsv consumed in
//   full (rows/s, time to the first rows, RSS growth) vs COPY (same join, same order) TO STDOUT CSV
//   through pg-copy-streams.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { freshDatabase, numberArg } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ledgerApi = await import(pathToFileURL(path.join(root, 'ledger/dist/index.js')).href).catch((e) => {
  console.error(`Cannot import ledger/dist (${e.message}). Build first: node_modules/.bin/tsc -b ledger api`);
  process.exit(1);
});
const { FinanceService } = await import(pathToFileURL(path.join(root, 'api/dist/features/finance/finance.service.js')).href);
const { migrateLedger, refreshBalanceCheckpoints, CHECKPOINT_EVERY } = ledgerApi;

const arg = numberArg;
const EVENTS = arg('events', 1_000_000);
const USERS = arg('users', 10_000);
const JOURNAL = arg('journal', 1_000_000);
const PER_USER = Math.max(3, Math.floor(EVENTS / USERS));

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (x) => `${x.toFixed(0)} ms`;
async function median(fn, runs = 3) {
  await fn(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(ms(t0));
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const db = await freshDatabase('finance_bench');
const pool = new pg.Pool({ connectionString: db.url, max: 6 });
try {
  await migrateLedger(pool);
  const t0 = process.hrtime.bigint();
  await pool.query(`
    CREATE TABLE credit_packages (id uuid PRIMARY KEY, price_cents int NOT NULL);
    CREATE TABLE purchase_requests (id uuid PRIMARY KEY, credit_package_id uuid NOT NULL REFERENCES credit_packages (id));
    INSERT INTO credit_packages VALUES ('00000000-0000-4000-8000-000000000001', 900), ('00000000-0000-4000-8000-000000000002', 4000);
  `);
  // Event k of user u has sequence (k-1)*USERS + u: users interleave, time follows the sequence.
  await pool.query(
    `INSERT INTO ledger_events (id, sequence, stream_id, stream_version, user_id, type, amount, actor_id, reason, payload, created_at, hash, prev_hash)
     SELECT md5('e' || seq)::uuid, seq, 'user-' || uid, k, uid, t.type, t.amount,
            CASE WHEN t.type IN ('PurchaseApproved', 'AdminAdjusted') THEN 'admin' END,
            CASE WHEN t.type = 'AdminAdjusted' THEN 'bench' END,
            CASE WHEN t.type = 'PurchaseApproved' THEN jsonb_build_object('purchaseRequestId', md5('p' || seq)::uuid) ELSE '{}'::jsonb END,
            timestamptz '2025-01-01' + (seq * (interval '365 days' / $3)), 'x', NULL
     FROM generate_series(1, $1::int) u, generate_series(1, $2::int) k,
          LATERAL (SELECT (k - 1)::bigint * $1 + u AS seq, md5('u' || u)::uuid::text AS uid, (u * 7919 + k * 104729) % 100 AS roll) r,
          LATERAL (SELECT CASE WHEN k = 1 THEN 'AccountOpened' WHEN k = 2 THEN 'SignupBonusGranted'
                               WHEN roll < 10 THEN 'PurchaseApproved' WHEN roll < 20 THEN 'AdminAdjusted'
                               WHEN roll < 90 THEN 'ProcessingCharged' ELSE 'ProcessingRefunded' END AS type) ty,
          LATERAL (SELECT ty.type, CASE ty.type WHEN 'AccountOpened' THEN 0 WHEN 'SignupBonusGranted' THEN 10000
                               WHEN 'PurchaseApproved' THEN 10000 WHEN 'AdminAdjusted' THEN CASE WHEN roll % 2 = 0 THEN 500 ELSE -200 END
                               WHEN 'ProcessingCharged' THEN -300 ELSE 100 END AS amount) t`,
    [USERS, PER_USER, USERS * PER_USER],
  );
  await pool.query(`INSERT INTO purchase_requests (id, credit_package_id)
    SELECT (payload->>'purchaseRequestId')::uuid, CASE WHEN sequence % 2 = 0 THEN '00000000-0000-4000-8000-000000000001'::uuid ELSE '00000000-0000-4000-8000-000000000002'::uuid END
    FROM ledger_events WHERE type = 'PurchaseApproved'`);
  await pool.query(`INSERT INTO ledger_postings (event_id, account, amount, created_at)
    SELECT id, account, amt, created_at FROM ledger_events e,
      LATERAL (VALUES (0, 'user:' || e.user_id, e.amount),
                      (1, CASE e.type WHEN 'SignupBonusGranted' THEN 'system:signup-bonus' WHEN 'PurchaseApproved' THEN 'system:purchases'
                                      WHEN 'AdminAdjusted' THEN 'system:adjustments' ELSE 'system:processing-revenue' END, -e.amount)) p(n, account, amt)
    WHERE e.amount <> 0 ORDER BY e.sequence, p.n`);
  await pool.query(`INSERT INTO ledger_account_balances (user_id, stream_id, stream_version, stream_head_hash, balance, updated_at)
    SELECT user_id, 'user-' || user_id, max(stream_version), 'x', sum(amount), max(created_at) FROM ledger_events GROUP BY user_id`);
  await pool.query('VACUUM ANALYZE'); // the steady state autovacuum keeps: visibility map set, so index-only scans
  const counts = (await pool.query(`SELECT (SELECT count(*) FROM ledger_events)::int AS events, (SELECT count(*) FROM ledger_postings)::int AS postings`))
    .rows[0];
  console.log(
    `data: ${counts.events.toLocaleString()} events, ${counts.postings.toLocaleString()} postings, ${USERS.toLocaleString()} users, written in ${fmt(ms(t0))}`,
  );

  let t = process.hrtime.bigint();
  const built = await refreshBalanceCheckpoints(pool);
  console.log(`checkpoint build (every ${CHECKPOINT_EVERY} postings per account, once): ${built.written.toLocaleString()} checkpoints in ${fmt(ms(t))}`);
  t = process.hrtime.bigint();
  await refreshBalanceCheckpoints(pool);
  console.log(`checkpoint refresh with nothing new: ${fmt(ms(t))}`);

  // No users table here: the names beside the ids are made in memory (in the API, one read by primary key of at most 500 users).
  const finance = new FinanceService(pool, {
    findById: async () => ({}),
    summaries: async (ids) => new Map(ids.map((id) => [id, { id, username: `user-${id}`, email: `${id}@example.com` }])),
  });
  const asOf = '2025-07-01T00:00:00Z';

  const tb = await median(() => finance.trialBalance({ asOf, limit: 100 }));
  const tbPlain = await median(() => pool.query('SELECT account, sum(amount) FROM ledger_postings WHERE created_at <= $1 GROUP BY account', [asOf]));
  const check = await finance.trialBalance({ asOf, limit: 100 });
  console.log(
    `trial balance as of ${asOf}: ${fmt(tb)} (total ${check.total}, ${check.totals.find((k) => k.kind === 'user').accounts} user accounts) | plain SUM GROUP BY: ${fmt(tbPlain)} | ratio ${(tb / tbPlain).toFixed(2)}`,
  );

  const from = '2025-06-01T00:00:00Z';
  const to = '2025-07-01T00:00:00Z';
  const st = await median(() => finance.statement({ from, to }));
  const stPlain = await median(() =>
    pool.query(
      `SELECT (SELECT sum(amount) FROM ledger_postings WHERE created_at < $1 AND account LIKE 'user:%') AS opening,
              (SELECT sum(amount) FROM ledger_postings WHERE created_at < $2 AND account LIKE 'user:%') AS closing,
              (SELECT json_agg(x) FROM (SELECT type, sum(amount) FROM ledger_events WHERE created_at >= $1 AND created_at < $2 GROUP BY type) x) AS movements`,
      [from, to],
    ),
  );
  const s = await finance.statement({ from, to });
  console.log(
    `statement for June 2025: ${fmt(st)} (opening ${s.opening}, closing ${s.closing}, balanced ${s.balanced}) | plain SUMs: ${fmt(stPlain)} | ratio ${(st / stPlain).toFixed(2)}`,
  );

  // The journal period: from the start, as far as it takes to hold about JOURNAL postings.
  const jTo = (
    await pool.query(`SELECT created_at + interval '1 millisecond' AS t FROM ledger_postings ORDER BY created_at, id OFFSET $1 LIMIT 1`, [
      Math.min(JOURNAL, counts.postings) - 1,
    ])
  ).rows[0].t;
  const jFrom = new Date('2025-01-01T00:00:00Z');
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  t = process.hrtime.bigint();
  let firstRows = null;
  let chunks = 0;
  let rows = 0;
  let bytes = 0;
  for await (const chunk of finance.journalCsv({ from: jFrom.toISOString(), to: jTo.toISOString() })) {
    bytes += chunk.length;
    const n = chunk.split('\r\n').length - 1;
    if (++chunks === 2) firstRows = ms(t); // the first chunk is the header
    rows += n;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const jTime = ms(t);
  rows -= 1; // header
  t = process.hrtime.bigint();
  const client = await pool.connect();
  let copyRows = 0;
  let copyFirst = null;
  try {
    const stream = client.query(
      copyStreams.to(
        `COPY (SELECT p.created_at, p.event_id, e.type, p.account, CASE WHEN p.amount < 0 THEN -p.amount END, CASE WHEN p.amount > 0 THEN p.amount END, e.user_id, e.actor_id, e.reason
               FROM ledger_postings p JOIN ledger_events e ON e.id = p.event_id
               WHERE p.created_at >= '${jFrom.toISOString()}' AND p.created_at < '${jTo.toISOString()}' ORDER BY p.created_at, p.id) TO STDOUT WITH (FORMAT csv)`,
      ),
    );
    for await (const chunk of stream) {
      copyFirst ??= ms(t);
      for (const b of chunk) if (b === 10) copyRows++;
    }
  } finally {
    client.release();
  }
  const copyTime = ms(t);
  console.log(
    `journal: ${rows.toLocaleString()} postings in ${fmt(jTime)} = ${Math.round(rows / (jTime / 1000)).toLocaleString()} rows/s, first rows after ${fmt(firstRows ?? 0)}, RSS +${((peak - rss0) / 2 ** 20).toFixed(0)} MiB, ${(bytes / 2 ** 20).toFixed(0)} MiB of CSV` +
      ` | COPY: ${copyRows.toLocaleString()} rows in ${fmt(copyTime)} = ${Math.round(copyRows / (copyTime / 1000)).toLocaleString()} rows/s, first bytes after ${fmt(copyFirst ?? 0)} | ratio ${(jTime / copyTime).toFixed(2)}`,
  );
} finally {
  await pool.end();
  if (process.argv.includes('--keep')) console.log(`kept database ${db.name}`);
  else await db.drop();
}
