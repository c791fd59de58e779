#!/usr/bin/env node
// Bulk add of 3 keywords to 1,000 sets (issue 20), against the compiled API (api/dist).
//
//   npx tsc -b ledger api && node_modules/.bin/node bench/review-bulk.mjs [--sets N] [--runs N]
//
// Seeds two projects of --sets sets (default 1,000) with SQL, each set with a 4-keyword result (room for every run's 3 under the 30 cap), then
// alternates --runs times (default 5), reporting medians:
//   - bulk: ReviewService.bulk (api/dist/features/review/review.service.js, the code behind the `addKeywords`
//     mutation) on every set of project A: server time and SQL statements issued (counted on the pool);
//   - HTTP: the `addKeywords` GraphQL mutation on the running API (round trip, same work);
//   - baseline: the same change to project B one set at a time in one transaction (read the set,
//     write it: what a per-set loop does), in the same run; the ratio is bulk time / baseline time.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freshDatabase, numberArg, root, seedFileSetsWithResults, startIsolatedApi, table } from './lib.mjs';

const arg = numberArg;
const SETS = arg('sets', 1000);
const RUNS = arg('runs', 5);

let review;
try {
  await import('reflect-metadata'); // the service's module graph holds type-graphql classes
  review = await import(pathToFileURL(path.join(root, 'api/dist/features/review/review.service.js')).href);
} catch (error) {
  console.error(`Cannot import api/dist (${error.message}). Build first: npx tsc -b ledger api`);
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A pool that counts every statement sent, on pool.query and on checked-out clients. */
function countingPool(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const counter = { n: 0, times: [] };
  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    client.query = (...args) => {
      counter.n++;
      if (!process.env.BENCH_STATEMENT_TIMES || typeof args[0] !== 'string') return query(...args);
      const t = performance.now();
      const p = query(...args);
      p?.then?.(() => counter.times.push([String(args[0]).replace(/\s+/g, ' ').slice(0, 50), performance.now() - t]));
      return p;
    };
  });
  const poolQuery = pool.query.bind(pool);
  pool.query = (...args) => {
    counter.n++;
    // pool.query checks out a client (counted there too): count it once.
    counter.n--;
    return poolQuery(...args);
  };
  return { pool, counter };
}

const db = await freshDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-review-'));
let api;
const { pool, counter } = countingPool(db.url);
try {
  api = await startIsolatedApi(db, dataDir);
  const call = async (p, body, token) => {
    const res = await fetch(api.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const username = `bench${randomBytes(3).toString('hex')}`;
  const { token, user } = await call('/auth/register', { username, email: `${username}@example.com`, password: 'secret123' });
  const projectA = (await call('/api/projects', { name: 'Bulk', cameraType: 'dji-mavic-3-pro-series' }, token)).project.id;
  const projectB = (await call('/api/projects', { name: 'Baseline', cameraType: 'dji-mavic-3-pro-series' }, token)).project.id;
  const userId = user?.id ?? (await pool.query('select id from users where username = $1', [username])).rows[0].id;

  for (const projectId of [projectA, projectB]) await seedFileSetsWithResults(pool, projectId, SETS);
  await pool.query('analyze');

  const service = new review.ReviewService(pool);
  const viewer = { id: userId };
  const ids = async (projectId) => (await pool.query('select id from file_sets where project_id = $1 order by position', [projectId])).rows.map((r) => r.id);
  const idsA = await ids(projectA);
  const idsB = await ids(projectB);

  const bulkOnce = async (run) => {
    const keywords = [`dawn ${run}`, `harbour ${run}`, `boat ${run}`];
    const before = counter.n;
    const t = performance.now();
    const r = await service.bulk(viewer, { projectId: projectA, fileSetIds: idsA }, { kind: 'addKeywords', keywords, position: 'end' }, { keywords });
    const ms = performance.now() - t;
    if (process.env.BENCH_STATEMENT_TIMES)
      console.log(
        counter.times
          .splice(0)
          .map(([q, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${q}`)
          .join('\n'),
        `\n${ms.toFixed(0)} ms in all`,
      );
    if (r.changed !== SETS) throw new Error(`bulk changed ${r.changed} of ${SETS}: ${JSON.stringify(r.refused.slice(0, 3))}`);
    return { ms, statements: counter.n - before };
  };

  const httpOnce = async (run) => {
    const keywords = [`sea ${run}`, `cliff ${run}`, `gull ${run}`];
    const t = performance.now();
    const r = await call(
      '/graphql',
      {
        query: 'mutation($s: ReviewSelectionInput!, $k: [String!]!) { addKeywords(selection: $s, keywords: $k) { changed } }',
        variables: { s: { projectId: projectA, allMatching: {} }, k: keywords },
      },
      token,
    );
    const ms = performance.now() - t;
    if (r.data?.addKeywords?.changed !== SETS) throw new Error(`http: ${JSON.stringify(r).slice(0, 300)}`);
    return { ms };
  };

  // Baseline: the same change one set at a time (read, then write), in one transaction.
  const baselineOnce = async (run) => {
    const keywords = [`dawn ${run}`, `harbour ${run}`, `boat ${run}`];
    const client = await pool.connect();
    const before = counter.n;
    const t = performance.now();
    try {
      await client.query('begin');
      for (const id of idsB) {
        const { rows } = await client.query('select "current" from file_set_results where file_set_id = $1 for update', [id]);
        const current = rows[0].current;
        current.content.keywords = [...current.content.keywords, ...keywords];
        await client.query('update file_set_results set "current" = $2, edited_at = now(), updated_at = now() where file_set_id = $1', [
          id,
          JSON.stringify(current),
        ]);
      }
      await client.query('commit');
    } finally {
      client.release();
    }
    return { ms: performance.now() - t, statements: counter.n - before };
  };

  await bulkOnce('warm');
  await baselineOnce('warm');
  const bulk = [];
  const http = [];
  const base = [];
  for (let i = 0; i < RUNS; i++) {
    bulk.push(await bulkOnce(i));
    base.push(await baselineOnce(i));
    if (i < 2) http.push(await httpOnce(i));
  }
  const bulkMs = median(bulk.map((r) => r.ms));
  const baseMs = median(base.map((r) => r.ms));
  console.log(`Bulk add of 3 keywords to ${SETS} sets, median of ${RUNS} runs (HTTP: ${http.length} runs)`);
  table([
    {
      path: 'bulk (ReviewService.bulk)',
      'server ms': bulkMs.toFixed(0),
      statements: median(bulk.map((r) => r.statements)),
      'ratio to baseline': (bulkMs / baseMs).toFixed(2),
    },
    {
      path: 'addKeywords over HTTP (allMatching)',
      'server ms': median(http.map((r) => r.ms)).toFixed(0),
      statements: '-',
      'ratio to baseline': (median(http.map((r) => r.ms)) / baseMs).toFixed(2),
    },
    { path: 'baseline: one set at a time', 'server ms': baseMs.toFixed(0), statements: median(base.map((r) => r.statements)), 'ratio to baseline': '1.00' },
  ]);
} finally {
  await api?.stop();
  await pool.end();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
