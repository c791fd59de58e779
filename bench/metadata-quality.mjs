#!/usr/bin/env node
// Metadata quality (issue 21): figures, not timings.
//
//   node_modules/.bin/tsc -b ledger api && node bench/metadata-quality.mjs
//
// 1. Grammar: every template rendered with every kind of slot value, and every full description,
//    on the real fixtures (api/test/fixtures/srt) and on 200 flights of the generated grid:
//    sentences checked and sentences failing the structural check (aim 0).
// 2. Telemetry fixes: 200 generated SRT flights (seeded; some with pre-lock frames, spikes, a clock
//    going back) and the real fixtures, shot types derived without the track cleaner (before) and
//    with it (after): how many sets change, with a table.
// 3. Agency checks on a generated 100-set project: rows each agency would refuse with the offline
//    provider as it was on main (built here from `git show <merge-base>:...`) and as it is now.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => join(root, 'api/dist', p);
let mods;
try {
  mods = {
    telemetry: await import(dist('analysis/telemetry/index.js')),
    derive: await import(dist('analysis/shot-types/derive.js')),
    offline: await import(dist('analysis/metadata/offline.js')),
    wording: await import(dist('analysis/metadata/wording.js')),
    grid: await import(dist('analysis/quality/flight-grid.js')),
    gen: await import(dist('analysis/quality/generated-srt.js')),
    facts: await import(dist('features/processing/pipeline/telemetry-facts.js')),
    stage: await import(dist('features/processing/pipeline/telemetry-stage.js')),
    rules: await import(dist('features/exports/agency-rules.js')),
    formats: await import(dist('features/exports/csv-formats.js')),
    titles: await import(dist('features/results/title-choice.js')),
  };
} catch (err) {
  console.error(`Cannot import the built API (${err.message}). Build first: node_modules/.bin/tsc -b ledger api`);
  process.exit(1);
}
const { parseDjiSrt, summarizeTrack } = mods.telemetry;
const { analyseShotTypes } = mods.derive;
const { offlineMetadata, slotsOf, metres, seconds } = mods.offline;
const { ALL_TEMPLATE_GROUPS, usable, structureProblems, textProblems, render } = mods.wording;
const fixtureDir = join(root, 'api/test/fixtures/srt');
const fixtures = readdirSync(fixtureDir)
  .filter((f) => /\.srt$/i.test(f))
  .sort();

/** ClipFacts of a real fixture as the pipeline builds them (no video or picture). */
function fixtureFacts(name, ordinal) {
  const t = mods.facts.factsOfText(readFileSync(join(fixtureDir, name), 'utf8'));
  const places = mods.stage.placeOf(t.summary);
  return {
    baseName: name,
    ordinal,
    ...mods.stage.clipCameraType(t.drone, 'other'),
    probe: { duration: Math.max(1, t.summary.duration), width: 3840, height: 2160, fps: 30, codec: 'h264', container: 'mp4', hasAudio: false, bitRate: null },
    summary: t.summary,
    motion: t.motion,
    shotTypes: t.shotTypes,
    light: t.light,
    sunAltitude: t.sunAltitude,
    position: places.position,
    place: places.place,
    placeSource: places.placeSource,
    image: null,
    frames: [],
    scene: null,
  };
}

/** Seeded PRNG (mulberry32), so every run measures the same flights. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- 1. grammar
const grid = mods.grid.flightGrid();
const step = grid.length / 200;
const grid200 = Array.from({ length: 200 }, (_, i) => ({ ...grid[Math.floor(i * step)], facts: { ...grid[Math.floor(i * step)].facts, ordinal: i + 1 } }));
const templates = Object.values(ALL_TEMPLATE_GROUPS).flat();
const extras = [
  { amount: { kind: 'qty', text: metres(7.6) }, span: { kind: 'qty', text: seconds(1) } },
  { amount: { kind: 'qty', text: metres(84) }, span: { kind: 'qty', text: seconds(20) }, heading: { kind: 'pp', text: 'toward the north-east' } },
  { amount: { kind: 'qty', text: metres(1240) }, span: { kind: 'qty', text: seconds(95) } },
];
function grammar(flights) {
  let checked = 0;
  const failing = [];
  for (const f of flights) {
    const base = slotsOf(f).slots;
    for (const extra of extras) {
      const slots = { ...base, ...extra };
      for (const t of templates) {
        if (!usable(t, slots)) continue;
        checked++;
        const p = structureProblems(t, slots);
        if (p.length) failing.push(`${render(t, slots)} -> ${p.join('; ')}`);
      }
    }
    for (const sentence of offlineMetadata(f).result.content.final_description.split(/(?<=\.) (?=[A-Z])/)) {
      checked++;
      const p = textProblems(sentence);
      if (p.length) failing.push(`${sentence} -> ${p.join('; ')}`);
    }
  }
  return { checked, failing };
}
const gFix = grammar(fixtures.map((n, i) => fixtureFacts(n, i + 1)));
const gGrid = grammar(grid200.map((g) => g.facts));
console.log('\n1. Grammar (every template x every slot kind, plus every full description)');
console.table([
  { flights: `real fixtures (${fixtures.length})`, 'sentences checked': gFix.checked, failing: gFix.failing.length },
  { flights: 'generated grid (200)', 'sentences checked': gGrid.checked, failing: gGrid.failing.length },
]);
for (const f of [...gFix.failing, ...gGrid.failing].slice(0, 5)) console.log(`  failing: ${f}`);

// ---------------------------------------------------------------- 2. telemetry fixes
const MOTIONS = {
  hover: () => ({ x: 0, y: 0, h: 50 }),
  rising: (t) => ({ x: 0, y: 0, h: 10 + 3 * t }),
  descending: (t) => ({ x: 0, y: 0, h: 90 - 3 * t }),
  tracking: (t) => ({ x: 0, y: 4 * t, h: 30 }),
  flyover: (t) => ({ x: 10 * t, y: 0, h: 70 }),
  orbit: (t) => ({ x: 40 * Math.cos(t / 4), y: 40 * Math.sin(t / 4), h: 50 }),
};
const rand = rng(21);
const flights = [];
for (let i = 0; i < 200; i++) {
  const motion = Object.keys(MOTIONS)[i % 6];
  let entries = mods.gen.track(15 + Math.floor(rand() * 20), MOTIONS[motion], { dt: 0.1 });
  const faults = [];
  if (rand() < 0.4) {
    entries = mods.gen.withPreLock(entries, 5 + Math.floor(rand() * 60));
    faults.push('pre-lock');
  }
  if (rand() < 0.3) {
    const k = 10 + Math.floor(rand() * (entries.length - 20));
    if (entries[k].lat !== 0) entries[k] = { ...entries[k], lat: entries[k].lat + 0.003 + rand() * 0.01 };
    faults.push('spike');
  }
  if (rand() < 0.2) {
    const k = 10 + Math.floor(rand() * (entries.length - 20));
    if (entries[k].lat !== 0) entries[k] = { ...entries[k], relAlt: entries[k].relAlt + 60 + rand() * 100 };
    faults.push('altitude spike');
  }
  if (rand() < 0.15) {
    const k = Math.floor(entries.length * 0.7);
    entries = [...entries.slice(0, k), ...entries.slice(k).map((e) => ({ ...e, t: e.t - entries[k].t }))];
    faults.push('clock reset');
  }
  flights.push({ name: `gen-${String(i + 1).padStart(3, '0')} ${motion}${faults.length ? ` (${faults.join(', ')})` : ''}`, text: mods.gen.srtText(entries) });
}
for (const n of fixtures) flights.push({ name: n, text: readFileSync(join(fixtureDir, n), 'utf8') });
const on = (types) =>
  Object.entries(types)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .filter((k) => !['aerial', 'daylight', 'golden_hour', 'blue_hour', 'night', 'sunrise', 'sunset'].includes(k))
    .join(' ') || '-';
const changed = [];
for (const f of flights) {
  const t = parseDjiSrt(f.text);
  const before = analyseShotTypes(summarizeTrack(t, { raw: true }), t.samples, { raw: true }).types;
  const after = analyseShotTypes(summarizeTrack(t), t.samples).types;
  if (on(before) !== on(after)) changed.push({ flight: f.name, before: on(before), after: on(after) });
}
console.log(
  `\n2. Shot types changed by the telemetry fixes: ${changed.length} of ${flights.length} flights (200 generated + ${fixtures.length} real fixtures)`,
);
const real = changed.filter((c) => !c.flight.startsWith('gen-'));
console.log(`   real fixtures changed: ${real.length} of ${fixtures.length}`);
console.table([...real, ...changed.filter((c) => c.flight.startsWith('gen-')).slice(0, 30)]);
if (changed.length - real.length > 30) console.log(`  ... and ${changed.length - real.length - 30} more generated flights`);

// ---------------------------------------------------------------- 3. agency checks, before / after
/** The offline provider as it was at the merge base with main, transpiled next to dist so its imports resolve. */
async function providerBefore() {
  let base;
  try {
    base = execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  const dir = dist('analysis/metadata/__before__');
  mkdirSync(dir, { recursive: true });
  // The files that write the words, as the base had them (the later ones split out of offline.ts
  // are taken where the base has them); their other siblings (categories, camera types, types) are the current ones.
  const atBase = new Set(
    execFileSync('git', ['ls-tree', '--name-only', base, 'api/src/analysis/metadata/'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .map((p) => p.replace(/^.*\//, '').replace(/\.ts$/, '')),
  );
  const taken = ['offline', 'scene', 'titles', 'subject-move-words', 'land-cover', 'category-choice', 'wording'].filter((f) => atBase.has(f));
  const sibling = new RegExp(`from '\\./(?!(?:${taken.join('|')})\\.js')([^']+)'`, 'g');
  for (const f of taken) {
    const src = execFileSync('git', ['show', `${base}:api/src/analysis/metadata/${f}.ts`], { cwd: root, encoding: 'utf8' });
    const js = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(join(dir, `${f}.js`), js.replace(/from '\.\.\//g, "from '../../").replace(sibling, "from '../$1'"));
  }
  // The title choice of the base too (it had the file-name fallback); it imports nothing.
  const choice = execFileSync('git', ['show', `${base}:api/src/features/results/title-choice.ts`], { cwd: root, encoding: 'utf8' });
  writeFileSync(
    join(dir, 'title-choice.js'),
    ts.transpileModule(choice, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText,
  );
  const mod = await import(join(dir, 'offline.js'));
  const titles = await import(join(dir, 'title-choice.js'));
  return { offlineMetadata: mod.offlineMetadata, chooseTitle: titles.chooseTitle, base, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
const withPlace = grid.filter((g) => g.facts.position !== null);
const project = Array.from({ length: 100 }, (_, i) => withPlace[Math.floor((i * withPlace.length) / 100)].facts).map((f, i) => ({
  ...f,
  ordinal: i + 1,
  baseName: `DJI_${String(i + 1).padStart(4, '0')}`,
}));
/** A second 100-set project where nothing differs between the clips (one flight a hundred times): titles need the fallback. */
const sameProject = project.map((f) => ({ ...project[0], ordinal: f.ordinal, baseName: f.baseName }));
function rowsOf(generate, chooseTitle = mods.titles.chooseTitle, sets = project) {
  const used = new Set();
  return sets.map((f) => {
    const g = generate(f);
    const title = chooseTitle(g.titleCandidates, used, f.baseName, f.baseName);
    used.add(title.toLowerCase());
    const c = g.result.content;
    return {
      fileSetId: f.baseName,
      position: f.ordinal,
      baseName: f.baseName,
      filename: `${f.baseName}.MP4`,
      hasResult: true,
      title,
      description: c.final_description,
      keywords: c.keywords,
      adobeCategory: c.categories.adobe_category,
      shutterstockA: c.categories.shutterstock_a_category,
      shutterstockB: c.categories.shutterstock_b_category,
      latitude: g.result.metadata.latitude,
      longitude: g.result.metadata.longitude,
      city: g.result.metadata.city,
      country: g.result.metadata.country,
      durationSeconds: f.probe.duration,
      videoBytes: 300_000_000,
    };
  });
}
function refusals(rows) {
  const out = {};
  for (const rules of Object.values(mods.rules.AGENCY_RULES)) out[rules.agency] = rows.filter((r) => rules.checkRow(r).problems.length > 0).length;
  // What the Adobe CSV itself carries: commas in its title cells (Adobe asks for none).
  out['Adobe title cells with commas'] = rows.filter((r) => mods.formats.CSV_FORMAT_SPECS.adobe.cells(r)[1].includes(',')).length;
  out['titles over 70 chars'] = rows.filter((r) => [...r.title].length > 70).length;
  out['distinct description openings'] = new Set(rows.map((r) => r.description.split(' ').slice(0, 3).join(' '))).size;
  out['titles carrying the file name'] = rows.filter((r) => r.title.includes(r.baseName)).length;
  return out;
}
/** The project where nothing differs: refusals, titles with the file name, and titles told apart by a take. */
function sameFigures(rows) {
  return {
    'identical clips: refused by any agency': rows.filter((r) => Object.values(mods.rules.AGENCY_RULES).some((rules) => rules.checkRow(r).problems.length > 0))
      .length,
    'identical clips: titles carrying the file name': rows.filter((r) => r.title.includes(r.baseName)).length,
    'identical clips: titles told apart by a take': rows.filter((r) => / take$/.test(r.title)).length,
    'identical clips: distinct titles': new Set(rows.map((r) => r.title.toLowerCase())).size,
  };
}
const before = await providerBefore();
const after = { ...refusals(rowsOf(offlineMetadata)), ...sameFigures(rowsOf(offlineMetadata, undefined, sameProject)) };
console.log('\n3. Agency checks on a generated 100-set project (rows refused; unedited offline output)');
if (before) {
  // The old output through today's Adobe export would lose its commas too; count them as the old export wrote them.
  const oldRows = rowsOf(before.offlineMetadata, before.chooseTitle);
  const b = {
    ...refusals(rowsOf(before.offlineMetadata, before.chooseTitle)),
    ...sameFigures(rowsOf(before.offlineMetadata, before.chooseTitle, sameProject)),
  };
  b['Adobe title cells with commas'] = oldRows.filter((r) => r.title.includes(',')).length;
  before.cleanup();
  console.table(Object.keys(after).map((k) => ({ figure: k, [`before (main @ ${before.base.slice(0, 8)})`]: b[k], after: after[k] })));
} else {
  console.log('(git merge-base with main not available: the "before" column is skipped)');
  console.table(Object.entries(after).map(([figure, n]) => ({ figure, after: n })));
}
