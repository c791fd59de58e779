#!/usr/bin/env node
// Telemetry parsing throughput, as MB/s and as a ratio to reading the same file into memory
// (readFileSync + UTF-8 decode) in the same run.
//
//   node_modules/.bin/tsc -p api && node_modules/.bin/node bench/telemetry-parse.mjs [--rounds N]
//
// Files: every fixture in api/test/fixtures/srt, plus three ~8 MB files built from fixtures (a modern
// bracket, the legacy 3-line and the compact layout) with the entries renumbered, so the figures are
// not dominated by timer resolution and warm-up. Each figure is the median of N timed rounds after
// warm-up. "parse" is parseDjiSrt only; "parse+sum" adds summarizeTrack.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distEntry = join(root, 'api/dist/analysis/index.js');
let analysis;
try {
  analysis = await import(distEntry);
} catch (err) {
  console.error(`Cannot import ${distEntry} (${err.message}). Build first: node_modules/.bin/tsc -p api`);
  process.exit(1);
}
const { parseDjiSrt, summarizeTrack } = analysis;

const argRounds = process.argv.indexOf('--rounds');
const ROUNDS = argRounds > 0 ? Number(process.argv[argRounds + 1]) : 15;
const TARGET_BYTES = 8 * 1024 * 1024;
const fixtureDir = join(root, 'api/test/fixtures/srt');

/** Repeats a fixture's entries until ~TARGET_BYTES, renumbering indexes and shifting timecodes. */
function enlarge(text) {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r?\n/);
  const tc = /^(\d+):(\d\d):(\d\d),(\d{3}) --> (\d+):(\d\d):(\d\d),(\d{3})/;
  let entries = 0;
  let lastEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = tc.exec(lines[i]);
    if (m) {
      entries++;
      lastEnd = +m[5] * 3600 + +m[6] * 60 + +m[7] + +m[8] / 1000;
    }
  }
  const fmt = (s) => {
    const ms = Math.round(s * 1000);
    const h = Math.floor(ms / 3_600_000);
    const mi = Math.floor((ms % 3_600_000) / 60_000);
    const se = Math.floor((ms % 60_000) / 1000);
    return `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(se).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
  };
  const out = [];
  let size = 0;
  for (let copy = 0; size < TARGET_BYTES; copy++) {
    const shift = copy * Math.ceil(lastEnd);
    const chunk = [];
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i];
      const m = tc.exec(line);
      if (m) {
        const a = +m[1] * 3600 + +m[2] * 60 + +m[3] + +m[4] / 1000 + shift;
        const b = +m[5] * 3600 + +m[6] * 60 + +m[7] + +m[8] / 1000 + shift;
        line = `${fmt(a)} --> ${fmt(b)}`;
        // the index is the previous line
        if (/^\d+$/.test(chunk.at(-1) ?? '')) chunk[chunk.length - 1] = String(+chunk.at(-1) + copy * entries);
      }
      chunk.push(line);
    }
    const s = chunk.join(eol);
    out.push(s.endsWith(eol) ? s : s + eol);
    size += Buffer.byteLength(out.at(-1));
  }
  return out.join('');
}

function median(xs) {
  const v = [...xs].sort((a, b) => a - b);
  return v[v.length >> 1];
}

function time(fn) {
  const t0 = process.hrtime.bigint();
  const r = fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

const tmp = mkdtempSync(join(tmpdir(), 'shotlog-bench-'));
const files = readdirSync(fixtureDir)
  .filter((f) => /\.srt$/i.test(f))
  .sort()
  .map((f) => ({ label: f.replace(/^.*?__.*?__/, '').replace(/^samples_/, ''), path: join(fixtureDir, f) }));
for (const [label, src] of [
  ['big-bracket (DJI_0023 x N)', 'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT'],
  ['big-legacy (mavic_pro x N)', 'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT'],
  ['big-compact (p4_rtk x N)', 'JuanIrache__DJI_SRT_Parser__p4_rtk.SRT'],
]) {
  const path = join(tmp, label.split(' ')[0] + '.SRT');
  writeFileSync(path, enlarge(readFileSync(join(fixtureDir, src), 'utf8')));
  files.push({ label, path });
}

// Warm-up: JIT the parser on every layout.
for (const f of files) {
  const text = readFileSync(f.path, 'utf8');
  for (let i = 0; i < (statSync(f.path).size > 1e6 ? 2 : 30); i++) summarizeTrack(parseDjiSrt(text));
}

const rows = [];
let totBytes = 0;
let totRead = 0;
let totParse = 0;
for (const f of files) {
  const bytes = statSync(f.path).size;
  const reps = Math.max(1, Math.ceil(2e6 / bytes)); // small files: repeat inside a round for timer resolution
  const readMs = [];
  const parseMs = [];
  const fullMs = [];
  let text = '';
  let entries = 0;
  let samplesWithFix = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const rd = time(() => {
      for (let k = 0; k < reps; k++) text = readFileSync(f.path, 'utf8');
    });
    readMs.push(rd.ms / reps);
    const ps = time(() => {
      let t;
      for (let k = 0; k < reps; k++) t = parseDjiSrt(text);
      return t;
    });
    parseMs.push(ps.ms / reps);
    entries = ps.r.samples.length;
    samplesWithFix = ps.r.samples.filter((s) => s.lat !== null).length;
    const fl = time(() => {
      for (let k = 0; k < reps; k++) summarizeTrack(parseDjiSrt(text));
    });
    fullMs.push(fl.ms / reps);
  }
  const mb = bytes / 1e6;
  const read = median(readMs);
  const parse = median(parseMs);
  const full = median(fullMs);
  totBytes += bytes;
  totRead += read;
  totParse += parse;
  rows.push({
    file: f.label,
    KB: (bytes / 1024).toFixed(1),
    entries,
    fixes: samplesWithFix,
    'read MB/s': (mb / (read / 1000)).toFixed(0),
    'parse MB/s': (mb / (parse / 1000)).toFixed(1),
    'parse+sum MB/s': (mb / (full / 1000)).toFixed(1),
    'parse/read': (read / parse).toFixed(3),
    'parse µs/entry': ((parse * 1000) / Math.max(1, entries)).toFixed(2),
  });
}
rmSync(tmp, { recursive: true, force: true });

console.log(`Telemetry parse benchmark - node ${process.version}, median of ${ROUNDS} rounds`);
console.table(rows);
console.log(
  `All files: ${(totBytes / 1e6).toFixed(1)} MB; read ${(totBytes / 1e6 / (totRead / 1000)).toFixed(0)} MB/s, ` +
    `parse ${(totBytes / 1e6 / (totParse / 1000)).toFixed(1)} MB/s, ratio parse/read = ${(totRead / totParse).toFixed(3)} ` +
    `(parsing runs at that fraction of the speed of reading the file into memory).`,
);
