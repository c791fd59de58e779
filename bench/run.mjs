// `npm run bench`: runs every benchmark in this folder, one after another.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// `npm run bench -- platform ledger-appends` runs only the benchmarks whose file names start with those words.
// Arguments after a second `--` go to each benchmark: `npm run bench -- platform -- --rounds 5`.
const argv = process.argv.slice(2);
const cut = argv.indexOf('--');
const only = cut < 0 ? argv : argv.slice(0, cut);
const passOn = cut < 0 ? [] : argv.slice(cut + 1);
const picked = (f) => only.length === 0 || only.some((w) => f.startsWith(w));
for (const f of fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f) && picked(f))
  .sort()) {
  console.log(`\n### ${f}`);
  spawnSync(process.execPath, [path.join(here, f), ...passOn], { stdio: 'inherit' });
}
