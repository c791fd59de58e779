// `npm run bench`: runs every benchmark in this folder, one after another.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const f of fs.readdirSync(here).filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f)).sort()) {
  console.log(`\n### ${f}`);
  spawnSync(process.execPath, [path.join(here, f)], { stdio: 'inherit' });
}
