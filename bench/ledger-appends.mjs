#!/usr/bin/env node
// Ledger append throughput and replay speed, against the compiled ledger (ledger/dist) and a fresh
// database on TEST_DATABASE_URL's server.
//
//   node_modules/.bin/tsc -b ledger && node_modules/.bin/node bench/ledger-appends.mjs [--seconds N] [--events N]
//
// Appends: 16 concurrent writers for N seconds (default 6) each, approving purchases (the full path:
// idempotency key, event with hash, two postings, balance, history line, all in one transaction),
// (a) each writer on its own account, (b) all on one hot account. Each figure is also given as a ratio
// to plain single-row autocommit INSERTs into a table as wide as ledger_events (same columns and
// types, primary key only) by 16 writers in the same run, so the figures travel between machines.
// Replay: --events (default 100,000) events, then replayAndCompare() (fold every event, rebuild the
// projections in temporary tables, compare with the live ones) and verifyChain(), timed.
// The replay corpus is written in bulk through the ledger's own append and projection code
// (ledger/dist/store, ledger/dist/projections), 100 events per account per statement, because
// appending 100,000 events one command at a time would take most of the time budget.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { freshDatabase, numberArg } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => pathToFileURL(path.join(root, 'ledger/dist', file)).href;
let ledgerApi;
try {
  ledgerApi = await import(dist('index.js'));
} catch (error) {
  console.error(`Cannot import ledger/dist (${error.message}). Build first: node_modules/.bin/tsc -b ledger`);
  process.exit(1);
}
const { createLedger, migrateLedger } = ledgerApi;
const { buildEventRows, eventRowsInsert, nextSequences } = await import(dist('store/events-table.js'));
const { postingsInsert } = await import(dist('store/postings-table.js'));
const { balanceOpens } = await import(dist('projections/balance-table.js'));
const { transactionRecordFor, transactionsInsert } = await import(dist('projections/transaction-history-table.js'));
const { writeTogether } = await import(dist('store/sql-statement.js'));
const { evolve, initialState } = await import(dist('evolve.js'));

const arg = numberArg;
const SECONDS = arg('seconds', 6);
const REPLAY_EVENTS = arg('events', 100_000);
const WRITERS = 16;

/** Runs `fn(writer)` in `WRITERS` loops for `seconds`; completed calls per second. */
async function throughput(fn, seconds) {
  let done = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      while (performance.now() < end) {
        try {
          await fn(writer);
          done++;
        } catch (error) {
          failed++;
          if (failed === 1) console.error(error);
        }
      }
    }),
  );
  return { perSecond: done / seconds, failed };
}

function table(rows) {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(width[i])).join('  ');
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

const db = await freshDatabase('ledger_bench');
const pool = new pg.Pool({ connectionString: db.url, max: WRITERS + 2 });
pool.on('error', () => {}); // an idle connection closed by the server at the end is not news
try {
  await migrateLedger(pool);
  // --in-flight N: group-commit transactions in flight at once (the ledger's default unless given).
  const inFlight = arg('in-flight', 0);
  const ledger = createLedger(pool, inFlight > 0 ? { queue: { maxBatch: 64, maxInFlight: inFlight } } : {});
  await pool.query(`CREATE TABLE bench_plain_rows (
    id uuid PRIMARY KEY, sequence bigint NOT NULL, stream_id text NOT NULL, stream_version integer NOT NULL,
    user_id text NOT NULL, type text NOT NULL, amount bigint NOT NULL, actor_id text, reason text,
    payload jsonb NOT NULL, created_at timestamptz NOT NULL, hash text NOT NULL, prev_hash text)`);

  let plainSequence = 0;
  const plainInsert = () =>
    pool.query(`INSERT INTO bench_plain_rows VALUES ($1, $2, 'user-bench', 1, 'bench', 'PurchaseApproved', 100, 'admin', NULL, $3, now(), $4, $5)`, [
      randomUUID(),
      ++plainSequence,
      JSON.stringify({ userId: 'bench', amount: 100, purchaseRequestId: randomUUID() }),
      'a'.repeat(64),
      'b'.repeat(64),
    ]);
  let purchase = 0;
  const approve = (userId) => ledger.approvePurchase({ userId, purchaseRequestId: `bench-${++purchase}`, amount: 100, actorId: 'admin', packageName: 'Bench' });

  const distinct = Array.from({ length: WRITERS }, (_, i) => `writer-${i}`);
  for (const userId of [...distinct, 'hot']) await ledger.openAccount({ userId });

  // Warm up connections, plans and the JIT before anything is timed.
  await throughput(() => plainInsert(), 1);
  await throughput((w) => approve(distinct[w]), 1);

  const plain = await throughput(() => plainInsert(), SECONDS);
  const spread = await throughput((w) => approve(distinct[w]), SECONDS);
  const hot = await throughput(() => approve('hot'), SECONDS);
  const plainAgain = await throughput(() => plainInsert(), SECONDS);
  const baseline = (plain.perSecond + plainAgain.perSecond) / 2;

  // The replay corpus: top up to REPLAY_EVENTS with bulk appends through the ledger's own code.
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM ledger_events');
  let missing = REPLAY_EVENTS - rows[0].n;
  const seedStarted = performance.now();
  const perAccount = 100;
  let account = 0;
  const seedOne = async (userId, count) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const events = [{ type: 'AccountOpened', data: { userId } }];
      for (let i = 1; i < count; i++) {
        events.push(
          i % 3 === 0
            ? { type: 'ProcessingCharged', data: { userId, runId: `${userId}-run-${i}`, amount: 21, description: 'Bench (7 file sets)' } }
            : { type: 'PurchaseApproved', data: { userId, purchaseRequestId: `${userId}-pr-${i}`, amount: 100, actorId: 'admin', packageName: 'Bench' } },
        );
      }
      const now = new Date();
      const appended = buildEventRows(
        { streamId: `user-${userId}`, userId, expectedVersion: 0, prevHash: null, events, createdAt: now },
        events.map(() => randomUUID()),
        await nextSequences(client, events.length),
      );
      let state = initialState();
      const lines = [];
      for (const row of appended) {
        state = evolve(state, { type: row.type, data: row.payload });
        const line = transactionRecordFor(row, state.balance);
        if (line) lines.push(line);
      }
      await writeTogether(client, {
        events: eventRowsInsert(appended),
        postings: postingsInsert(appended),
        opens: balanceOpens([
          {
            userId,
            streamId: `user-${userId}`,
            expectedVersion: 0,
            streamVersion: appended.length,
            streamHeadHash: appended.at(-1).hash,
            balance: state.balance,
            updatedAt: now,
          },
        ]),
        history: transactionsInsert(lines),
      });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  const jobs = [];
  while (missing > 0) {
    const count = Math.min(perAccount, missing);
    jobs.push([`seed-${account++}`, count]);
    missing -= count;
  }
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await seedOne(...job);
    }),
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  await pool.query('ANALYZE');

  let started = performance.now();
  const replay = await ledger.replayAndCompare();
  const replaySeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const chain = await ledger.verifyChain();
  const verifySeconds = (performance.now() - started) / 1000;
  if (!replay.ok || !chain.ok) console.error('Audit failed:', JSON.stringify({ replay: replay.differences.slice(0, 5), chain }));

  const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  table([
    { figure: `plain single-row INSERT, ${WRITERS} writers (baseline)`, value: `${fmt(baseline)} rows/s`, ratio: '1.00' },
    {
      figure: `ledger appends, ${WRITERS} writers, distinct accounts`,
      value: `${fmt(spread.perSecond)} appends/s`,
      ratio: (spread.perSecond / baseline).toFixed(2),
    },
    { figure: `ledger appends, ${WRITERS} writers, one hot account`, value: `${fmt(hot.perSecond)} appends/s`, ratio: (hot.perSecond / baseline).toFixed(2) },
    {
      figure: `replayAndCompare, ${fmt(replay.eventsReplayed)} events (ok: ${replay.ok})`,
      value: `${fmt(replaySeconds, 2)} s, ${fmt(replay.eventsReplayed / replaySeconds)} events/s`,
      ratio: '',
    },
    {
      figure: `verifyChain, ${fmt(chain.checkedEvents)} events (ok: ${chain.ok})`,
      value: `${fmt(verifySeconds, 2)} s, ${fmt(chain.checkedEvents / verifySeconds)} events/s`,
      ratio: '',
    },
  ]);
  console.log(
    `\n${SECONDS} s per append figure; baseline = mean of two plain runs (${fmt(plain.perSecond)} and ${fmt(plainAgain.perSecond)} rows/s) around the ledger runs;` +
      ` failed calls: ${spread.failed + hot.failed}; replay corpus topped up in bulk in ${fmt(seedSeconds, 1)} s.`,
  );
} finally {
  await pool.end();
  // Give the server a moment to see the pool's connections go before forcing the drop.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await db.drop();
}
