import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey } from './object-store.js';
import type { S3ObjectStore } from './s3-store.js';

export type CopyOutcome = { key: string; bytes: number; outcome: 'copied' | 'present' } | { key: string; bytes: number; outcome: 'failed'; reason: string };

/** How many files are copied at once (each a multipart upload of bounded memory). */
const AT_ONCE = 4;

async function sha256Of(source: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies the local storage folders (`files/`, `derived/`) into the bucket under the same keys.
 * Idempotent and resumable: an object already there with the same size and the same SHA-256 (kept
 * in its metadata by an earlier run) is left alone, so a run cut short continues where it stopped.
 * Every copy is verified by reading it back and comparing its SHA-256 with the local file's; a
 * mismatch removes the object and is reported. Names that are not storage keys are skipped.
 */
export async function copyFoldersToBucket(
  store: S3ObjectStore,
  dirs: { files: string; derived: string },
  onFile: (r: CopyOutcome) => void,
): Promise<{ copied: number; present: number; failed: number; skipped: string[]; bytes: number }> {
  const todo: Array<{ key: string; file: string }> = [];
  const skipped: string[] = [];
  for (const [prefix, dir] of [
    ['files', dirs.files],
    ['derived', dirs.derived],
  ] as const) {
    for (const e of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!e.isFile() || e.name.startsWith('.')) continue;
      const key = `${prefix}/${e.name}`;
      try {
        todo.push({ key: checkKey(key), file: path.join(dir, e.name) });
      } catch {
        skipped.push(key);
      }
    }
  }
  const totals = { copied: 0, present: 0, failed: 0, skipped, bytes: 0 };
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const { key, file } = todo[next++]!;
      const r = await copyOne(store, key, file).catch((err: unknown): CopyOutcome => ({ key, bytes: 0, outcome: 'failed', reason: (err as Error).message }));
      totals[r.outcome]++;
      if (r.outcome === 'copied') totals.bytes += r.bytes;
      onFile(r);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return totals;
}

async function copyOne(store: S3ObjectStore, key: string, file: string): Promise<CopyOutcome> {
  const { size } = await fsp.stat(file);
  const sha256 = await sha256Of(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }));
  const there = await store.head(key);
  if (there && there.size === size && there.metadata.sha256 === sha256) return { key, bytes: size, outcome: 'present' };
  await store.putStream(key, fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), { metadata: { sha256 } });
  const back = await sha256Of(await store.get(key));
  if (back !== sha256) {
    await store.remove(key).catch(() => undefined);
    return { key, bytes: size, outcome: 'failed', reason: `the copy's SHA-256 ${back} is not the file's ${sha256}` };
  }
  return { key, bytes: size, outcome: 'copied' };
}
