#!/usr/bin/env node
// Folder-level import graph of api/src (tests excluded): which folder imports which, and which
// arrows run against the layering below. `node scripts/import-graph.mjs [--list]`.
// The layering test (api/src/app/layering.unit.spec.ts) holds the API to it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../api/src');

/**
 * Layers, lowest first: a folder may import its own layer's folders and lower ones. The tree says
 * the layer: platform/<x> is plumbing (imports no feature), adapters/<x> reach outside the process
 * (media tools, AI providers), analysis/ is the pure domain, features/<x> are the product's features,
 * and app/, startup/ and the entry points are the composition root. Within features/, the accounts
 * (used by every other feature) sit one layer below the rest.
 */
export const LAYERS = [
  ['platform/config', 'platform/logging', 'platform/errors', 'platform/validation'], // foundation
  [
    'platform/db',
    'platform/queue',
    'platform/idempotency',
    'platform/http',
    'platform/graphql',
    'platform/metrics',
    'platform/events',
    'platform/principal',
    'platform/threads',
    'platform/processes',
    'platform/memory',
  ], // plumbing
  ['adapters/media-tools'], // I/O the analysis reads through: ffprobe/ffmpeg, image decoding
  ['analysis'], // pure domain: telemetry, place, shot types, the offline metadata rules
  ['adapters/metadata-providers'], // the metadata providers (offline rules or an OpenAI-compatible model)
  ['features/settings', 'features/quotas', 'features/users', 'features/auth', 'features/api-tokens'], // accounts
  [], // every other features/<x>
  ['startup', 'app', '(root)'], // composition root
];
export const PLUMBING = new Set(LAYERS[0].concat(LAYERS[1]));
const layerOf = new Map(LAYERS.flatMap((names, i) => names.map((n) => [n, i])));
const FEATURES = LAYERS.length - 2;
const layerOfFolder = (name) => layerOf.get(name) ?? FEATURES;
/** The top folders whose sub-folders are the graph's nodes (platform/db, features/projects, ...). */
const GROUPS = new Set(['platform', 'features', 'adapters']);

function* sourceFiles(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'test-support' || e.name === 'migrations') continue;
      yield* sourceFiles(p);
    } else if (/\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name)) yield p;
  }
}

const folderOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel.length === 1) return '(root)';
  return GROUPS.has(rel[0]) && rel.length > 2 ? `${rel[0]}/${rel[1]}` : rel[0];
};

/** Every folder-to-folder arrow with the imports behind it. */
export function importGraph() {
  const arrows = new Map();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const from = folderOf(file);
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
      const to = folderOf(path.resolve(path.dirname(file), m[1]));
      if (to === from || to.startsWith('..')) continue;
      const key = `${from} -> ${to}`;
      if (!arrows.has(key)) arrows.set(key, { from, to, imports: [] });
      arrows.get(key).imports.push(`${path.relative(root, file)}: ${m[1]}`);
    }
  }
  const list = [...arrows.values()];
  const pairs = new Set(list.map((a) => `${a.from} -> ${a.to}`));
  for (const a of list) {
    const lf = layerOfFolder(a.from);
    const lt = layerOfFolder(a.to);
    if (lt > lf) a.against = 'upward';
    else if (lt === lf && pairs.has(`${a.to} -> ${a.from}`)) a.against = 'cycle';
    a.plumbingToFeature = PLUMBING.has(a.from) && !PLUMBING.has(a.to);
  }
  return list;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const list = importGraph();
  const against = list.filter((a) => a.against);
  const p2f = list.filter((a) => a.plumbingToFeature);
  console.log(`folder arrows: ${list.length}; against the layering: ${against.length}; plumbing -> feature: ${p2f.length}`);
  if (process.argv.includes('--list')) {
    for (const a of against)
      console.log(`  ${a.against.padEnd(8)} ${a.from} -> ${a.to}   (${a.imports[0]}${a.imports.length > 1 ? ` +${a.imports.length - 1}` : ''})`);
  }
}
