// One owner per table (issue 29 item 3): SQL in one feature folder may name only its own tables;
// another feature's rows are read through that feature's store (its functions, or the relations its
// `*-rows.ts` exports for set-based SQL to join). The migrations say who made each table. KNOWN
// lists the crossings left, file by file: none today, and it may only shrink (a new one fails here).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Features own tables; the rest of api/src (platform, adapters, analysis) may name none. */
const root = path.join(src, 'features');

/** Table -> owning folder (the feature whose migration created it and whose store writes it). */
const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  projects: 'projects',
  file_sets: 'file-sets',
  media_files: 'file-sets',
  deleted_media_files: 'file-sets',
  credit_packages: 'purchases',
  purchase_requests: 'purchases',
  settings: 'settings',
  file_set_results: 'results',
  processing_runs: 'processing',
  processing_jobs: 'processing',
  api_tokens: 'api-tokens',
  idempotency_keys: 'idempotency',
  auth_attempts: 'auth',
  password_resets: 'auth',
  resumable_uploads: 'resumable-uploads',
  upload_plan_files: 'uploads',
  project_edit_actions: 'review',
  project_edit_changes: 'review',
  project_keyword_rules: 'review',
  keyword_rule_presets: 'review',
  deliveries: 'delivery',
  delivery_connections: 'delivery',
  delivery_items: 'delivery',
  delivery_remote_files: 'delivery',
  mail_messages: 'mail',
  contact_messages: 'contact',
  notification_settings: 'notifications',
};

/** Crossings still to remove (file: tables of other features its SQL names). */
const KNOWN: Record<string, string[]> = {};

function* sourceFiles(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'migrations' && e.name !== 'test-support') yield* sourceFiles(p);
    } else if (/\.ts$/.test(e.name) && !/\.spec\.ts$/.test(e.name)) yield p;
  }
}

/** Tables each file's SQL names that another folder owns. */
function tableCrossings(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const folder = rel.split('/')[0]!;
    const text = fs.readFileSync(file, 'utf8');
    const tables = new Set<string>();
    for (const m of text.matchAll(/\b(?:from|join|update|into|table)\s+"?([a-z_]+)"?/gi)) {
      const table = m[1]!.toLowerCase();
      const owner = TABLE_OWNERS[table];
      if (owner && owner !== folder) tables.add(table);
    }
    if (tables.size) found[rel] = [...tables].sort();
  }
  return found;
}

describe('one owner per table', () => {
  it('names every table of the migrations with its owner', () => {
    const migrations = path.join(src, 'platform/db/migrations');
    const created = new Set<string>();
    for (const f of fs.readdirSync(migrations))
      for (const m of fs.readFileSync(path.join(migrations, f), 'utf8').matchAll(/create table "([a-z_]+)"/g)) created.add(m[1]!);
    expect([...created].filter((t) => !TABLE_OWNERS[t])).toEqual([]);
  });

  it("has no SQL naming another feature's table beyond the crossings still listed", () => {
    expect(tableCrossings()).toEqual(KNOWN);
  });
});
