#!/usr/bin/env node
// Standard CSV export of a project with 10,000 file sets, against the compiled API (api/dist).
//
//   npx tsc -b ledger api && node_modules/.bin/node bench/export.mjs [--sets N] [--runs N]
//
// Seeds one project in bulk with SQL (file sets, three media files each, a result with a title,
// a ~300-character description, 30 keywords, categories and a location), then downloads
// GET /api/projects/csv/{id} --runs times (default 5) and reports, as medians:
//   - rows per second, and the ratio to PostgreSQL's own `COPY (SELECT ...) TO STDOUT` of the same
//     columns (the exports' own SELECT, api/dist/features/exports/export-rows.js) in the same run (aim >= 0.3);
//   - time to first byte of the body (aim < 200 ms);
//   - the server's peak RSS growth while exporting (aim < 50 MB): /proc/<pid>/clear_refs resets
//     the high-water mark (VmHWM) just before, so start-up peaks do not hide the export's.
//     The RSS after each run is printed too: when there is growth, it comes in the first exports after
//     start-up and stays flat after (V8 sizing its heap to the allocation rate), whatever the row count.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { freshDatabase, numberArg, root, startIsolatedApi, table } from './lib.mjs';

const arg = numberArg;
const SETS = arg('sets', 10_000);
const RUNS = arg('runs', 5);

let rowsModule;
try {
  rowsModule = await import(pathToFileURL(path.join(root, 'api/dist/features/exports/export-rows.js')).href);
} catch (error) {
  console.error(`Cannot import api/dist (${error.message}). Build first: npx tsc -b ledger api`);
  process.exit(1);
}
const { EXPORT_ROWS_SELECT } = rowsModule;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const status = (pid) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status(pid))?.[1] ?? 0);

const db = await freshDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-export-'));
let api;
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
try {
  api = await startIsolatedApi(db, dataDir);
  const post = async (p, body, token) => {
    const res = await fetch(api.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const username = `bench${randomBytes(3).toString('hex')}`;
  const { token } = await post('/auth/register', { username, email: `${username}@example.com`, password: 'secret123' });
  const { project } = await post('/api/projects', { name: 'Bench export', cameraType: 'dji-mavic-3-pro-series' }, token);

  // Bulk seed: what uploads and processing write, 10,000 times, in three INSERT ... SELECTs.
  const t0 = performance.now();
  await pool.query(
    `insert into file_sets (id, project_id, base_name, position, created_at)
     select gen_random_uuid(), $1, 'DJI_' || lpad(i::text, 5, '0'), i, now() from generate_series(1, $2) as i`,
    [project.id, SETS],
  );
  await pool.query(
    `insert into media_files (id, file_set_id, filename, extension, kind, content_type, storage_key, size_bytes, sha256, created_at)
     select gen_random_uuid(), fs.id, fs.base_name || '.' || upper(f.ext), f.ext, f.kind, f.ct, gen_random_uuid()::text || '.' || f.ext, 1000, repeat('0', 64), now()
     from file_sets fs cross join (values ('mp4', 'video', 'video/mp4'), ('jpg', 'image', 'image/jpeg'), ('srt', 'subtitle', 'application/x-subrip')) as f(ext, kind, ct)
     where fs.project_id = $1`,
    [project.id],
  );
  await pool.query(
    `insert into file_set_results (id, file_set_id, original, current, analysis, provider, created_at, updated_at)
     select gen_random_uuid(), fs.id, r.doc, r.doc, '{"media":{"hasAudio":false}}', 'offline', now(), now()
     from file_sets fs cross join lateral (select jsonb_build_object(
       'content', jsonb_build_object(
         'title', 'Aerial view of the "harbour", boats at dawn #' || fs.position,
         'final_description', repeat('The drone rises over the old harbour, then turns west along the cliffs; ', 4),
         'keywords', (select jsonb_agg('keyword ' || k) from generate_series(1, 30) k),
         'categories', jsonb_build_object('adobe_category', 'Travel', 'shutterstock_a_category', 'Nature', 'shutterstock_b_category', 'Transportation')),
       'metadata', jsonb_build_object('latitude', 50.2381 + fs.position / 100000.0, 'longitude', -3.37 - fs.position / 100000.0, 'city', 'Salcombe', 'country', 'United Kingdom'),
       'shot_types', jsonb_build_object('aerial', true)) as doc) r
     where fs.project_id = $1`,
    [project.id],
  );
  await pool.query('analyze');
  const seedSeconds = (performance.now() - t0) / 1000;

  // Baseline: PostgreSQL's own COPY of the same SELECT, same order.
  const copySql = `COPY (${EXPORT_ROWS_SELECT.replace('$1', `'${project.id}'`)} order by fs.position, fs.base_name) TO STDOUT WITH (FORMAT csv, HEADER)`;
  const copyOnce = async () => {
    const client = await pool.connect();
    try {
      const t = performance.now();
      let bytes = 0;
      const stream = client.query(copyTo(copySql));
      for await (const chunk of stream) bytes += chunk.length;
      return { ms: performance.now() - t, bytes };
    } finally {
      client.release();
    }
  };

  const exportOnce = async () => {
    const t = performance.now();
    const res = await fetch(`${api.url}/api/projects/csv/${project.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`export: ${res.status}`);
    let ttfb = null;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      ttfb ??= performance.now() - t;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { ms: performance.now() - t, ttfb, bytes, lines };
  };

  await copyOnce(); // warm both paths (plans, caches, JIT)
  const warm = await exportOnce();
  const pid = api.child.pid;
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // reset VmHWM to the current RSS
  const rssBefore = kb(pid, 'VmRSS');
  const copies = [];
  const exports = [];
  const rssAfter = [];
  for (let i = 0; i < RUNS; i++) {
    copies.push(await copyOnce());
    exports.push(await exportOnce());
    rssAfter.push(Math.round(kb(pid, 'VmRSS') / 1024));
  }
  const peakGrowthMb = (kb(pid, 'VmHWM') - rssBefore) / 1024;

  const copyMs = median(copies.map((c) => c.ms));
  const exportMs = median(exports.map((e) => e.ms));
  const ttfbMs = median(exports.map((e) => e.ttfb));
  const copyRps = SETS / (copyMs / 1000);
  const exportRps = SETS / (exportMs / 1000);
  console.log(`${SETS} file sets seeded in ${seedSeconds.toFixed(1)} s; CSV ${(warm.bytes / 1048576).toFixed(1)} MB; median of ${RUNS} runs\n`);
  table([
    { what: 'COPY (SELECT ...) TO STDOUT', ms: copyMs.toFixed(0), 'rows/s': Math.round(copyRps), ratio: '1.00', 'TTFB ms': '', 'peak RSS growth MB': '' },
    {
      what: 'GET /api/projects/csv/{id}',
      ms: exportMs.toFixed(0),
      'rows/s': Math.round(exportRps),
      ratio: (exportRps / copyRps).toFixed(2),
      'TTFB ms': ttfbMs.toFixed(1),
      'peak RSS growth MB': peakGrowthMb.toFixed(1),
    },
  ]);
  // Flat across runs = nothing accumulates per exported row; the peak is V8 sizing its heap to the allocation rate.
  console.log(`\nserver RSS before: ${Math.round(rssBefore / 1024)} MB; after each run: ${rssAfter.join(', ')} MB`);
  const ok = exports.every((e) => e.lines >= SETS + 1);
  console.log(
    `\naims: ratio >= 0.3 ${exportRps / copyRps >= 0.3 ? 'met' : 'MISSED'}; TTFB < 200 ms ${ttfbMs < 200 ? 'met' : 'MISSED'}; RSS growth < 50 MB ${peakGrowthMb < 50 ? 'met' : 'MISSED'}; every run had all rows: ${ok}`,
  );
} finally {
  await pool.end();
  await api?.stop();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
