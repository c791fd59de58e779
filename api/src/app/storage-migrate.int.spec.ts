/**
 * `npm run storage:migrate` (issue 35 item 4): a local installation's files copied into a bucket
 * (s3rver on loopback), verified by SHA-256, a second run copying nothing (idempotent, so a cut
 * run resumes), and a recorded file whose bytes are nowhere reported as missing with a failing exit.
 */
import { QUOTA_COUNTS } from './quota-counts.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startTestBucket, type TestBucket } from '../../test/support/s3-test-server.js';
import { openServiceDatabase, type ServiceDatabase } from '../../test/support/service-tier.js';
import { loadConfig } from '../platform/config/config.js';
import { FileStorage } from '../features/files/file-storage.js';
import { ProjectsService } from '../features/projects/projects.service.js';
import { AccountQuotas } from '../features/quotas/account-quotas.js';
import { seedFileSets } from '../features/processing/test-support/seed-file-sets.js';
import { S3ObjectStore } from '../adapters/object-storage/s3-store.js';
import { migrateStorage } from './storage-migrate.js';

let db: ServiceDatabase;
let bucket: TestBucket;

beforeAll(async () => {
  [db, bucket] = await Promise.all([openServiceDatabase(), startTestBucket()]);
});
afterAll(async () => {
  await db?.close();
  await bucket?.close();
});

it('copies every stored file, verified; runs again copying nothing; reports a recorded file missing everywhere', async () => {
  const storage = new FileStorage(db.config.storageDir);
  await storage.init();
  const user = await db.signUp();
  const projects = new ProjectsService(db.orm, new AccountQuotas(db.config.quotas, QUOTA_COUNTS), { emit: async () => undefined });
  const project = await projects.create(user, { name: 'Local', cameraType: 'dji-mavic-3-pro-series' });
  await seedFileSets({ orm: db.orm, storage }, project.id, [{ baseName: 'DJI_0001' }, { baseName: 'DJI_0002', omit: ['video'] }]);
  await storage.close();
  const local = (await fs.readdir(db.config.storageDir)).filter((n) => !n.startsWith('.')).sort();
  expect(local).toHaveLength(5);
  const sizes = new Map(await Promise.all(local.map(async (n) => [n, (await fs.stat(path.join(db.config.storageDir, n))).size] as const)));

  const config = loadConfig({ DATA_DIR: db.dataDir, ...bucket.env });
  const first: string[] = [];
  expect(await migrateStorage(config, db.databaseUrl, (l) => first.push(l))).toBe(0);
  expect(first).toContain('5 files recorded in the database; 0 of them missing from the bucket');
  expect(first.some((l) => l.startsWith('5 copied'))).toBe(true);
  expect(await bucket.keys()).toEqual(local.map((n) => `files/${n}`));
  // The copies hold the same bytes (the command compared their SHA-256; so does the test).
  const store = new S3ObjectStore(config.s3!, path.join(db.dataDir, 'check-cache'));
  for (const name of local) {
    const copy = await store.localFile(`files/${name}`);
    expect(await fs.readFile(copy.path)).toEqual(await fs.readFile(path.join(db.config.storageDir, name)));
    copy.release();
  }
  await store.close();

  const second: string[] = [];
  expect(await migrateStorage(config, db.databaseUrl, (l) => second.push(l))).toBe(0);
  expect(second.some((l) => l.startsWith('0 copied (0.0 MiB), 5 already there, 0 failed'))).toBe(true);

  // A recorded file whose bytes were lost before the move: named, and the exit says so.
  const lost = local.find((n) => n.endsWith('.srt'))!;
  await fs.rm(path.join(db.config.storageDir, lost));
  const again = new S3ObjectStore(config.s3!, path.join(db.dataDir, 'check-cache-2'));
  await again.remove(`files/${lost}`);
  await again.close();
  const third: string[] = [];
  expect(await migrateStorage(config, db.databaseUrl, (l) => third.push(l))).toBe(1);
  expect(third.filter((l) => l.startsWith('MISSING'))).toEqual([
    `MISSING ${lost} (${sizes.get(lost)} bytes): not in the bucket, not in ${db.config.storageDir} either`,
  ]);
  expect(third).toContain('5 files recorded in the database; 1 of them missing from the bucket');
});

it('says which variable to set when no bucket is configured', async () => {
  const lines: string[] = [];
  expect(await migrateStorage(loadConfig({ DATA_DIR: db.dataDir }), null, (l) => lines.push(l))).toBe(1);
  expect(lines[0]).toMatch(/^Set S3_BUCKET/);
});
