import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig, type Config } from '../platform/config/config.js';
import { readOrCreateSecret } from '../platform/config/secret-file.js';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.js';
import { createLogger } from '../platform/logging/logger.js';
import { S3ObjectStore } from '../adapters/object-storage/s3-store.js';
import { copyFoldersToBucket } from '../adapters/object-storage/copy-to-bucket.js';
import { storedKeys } from '../features/file-sets/stored-keys.js';
import { lockOwner } from '../startup/startup-checks.js';

/**
 * `npm run storage:migrate`: copies DATA_DIR/files (and the thumbnails in DATA_DIR/derived) into
 * the bucket the S3_* variables name, verified by SHA-256 and idempotent (run it again after a cut:
 * it continues), then checks every file the database records against the bucket and reports the
 * ones missing there. Exit 0 only when every recorded file is in the bucket: then start the API
 * with S3_BUCKET set. Nothing local is removed; remove DATA_DIR/files yourself once switched.
 */
export async function migrateStorage(config: Config, databaseUrl: string | null, say: (line: string) => void): Promise<number> {
  if (!config.s3) {
    say('Set S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to the bucket to copy into');
    return 1;
  }
  const store = new S3ObjectStore(config.s3, path.join(config.dataDir, 'cache', `migrate-${process.pid}`));
  try {
    await store.init();
    say(`Copying ${config.storageDir} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`);
    const dirs = { files: config.storageDir, derived: path.join(path.dirname(config.storageDir), 'derived') };
    const totals = await copyFoldersToBucket(store, dirs, (r) => {
      if (r.outcome === 'failed') say(`FAILED ${r.key}: ${r.reason}`);
    });
    say(
      `${totals.copied} copied (${(totals.bytes / 1024 ** 2).toFixed(1)} MiB), ${totals.present} already there, ${totals.failed} failed` +
        (totals.skipped.length ? `, ${totals.skipped.length} skipped (not storage keys: ${totals.skipped.slice(0, 5).join(', ')})` : ''),
    );
    let missing = 0;
    if (databaseUrl) {
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      try {
        let recorded = 0;
        for await (const f of storedKeys(pool)) {
          recorded++;
          const there = await store.head(`files/${f.storageKey}`);
          if (there?.size === f.sizeBytes) continue;
          missing++;
          if (missing <= 50)
            say(
              `MISSING ${f.storageKey} (${f.sizeBytes} bytes): ${there ? `the bucket holds ${there.size} bytes` : 'not in the bucket'}, not in ${config.storageDir} either`,
            );
        }
        say(`${recorded} files recorded in the database; ${missing} of them missing from the bucket`);
      } finally {
        await pool.end();
      }
    } else say('The database was not checked (no DATABASE_URL and no embedded database): run again with it to check every recorded file');
    return totals.failed || missing ? 1 : 0;
  } finally {
    await store.close();
  }
}

/** The database to check against: DATABASE_URL, the running embedded one, or the embedded one started for the check. */
async function withDatabase(config: Config, run: (url: string | null) => Promise<number>): Promise<number> {
  if (config.databaseUrl) return run(config.databaseUrl);
  if (!fs.existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) return run(null);
  if (lockOwner(config.dataDir)) {
    const password = await readOrCreateSecret(path.join(config.dataDir, 'pg-password'));
    return run(`postgres://shotlog:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/shotlog`);
  }
  const db = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger: createLogger('warn') });
  try {
    return await run(db.url);
  } finally {
    await db.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const config = loadConfig();
    process.exitCode = await withDatabase(config, (url) => migrateStorage(config, url, (line) => process.stdout.write(`${line}\n`)));
  } catch (err) {
    process.stderr.write(`storage:migrate stopped: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
