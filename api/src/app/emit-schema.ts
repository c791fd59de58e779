/**
 * Writes schema/schema.graphql from the type-graphql classes (`npm run schema:emit`), or with
 * `--check` fails when the committed file differs from what the code emits (`npm run schema:check`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../platform/config/config.js';
import { printAppSchema } from './print-schema.js';

const target = path.join(repoRoot, 'schema', 'schema.graphql');
const emitted = await printAppSchema();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== emitted) {
    console.error('schema/schema.graphql is stale: run `npm run schema:emit` and commit the result.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, emitted);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
