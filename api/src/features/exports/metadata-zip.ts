import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { Logger } from '../../platform/logging/logger.js';
import type { FileStorage } from '../files/file-storage.js';
import { imagesOfSets } from '../file-sets/file-set-rows.js';
import { exportRowBatches, type ExportRow } from './export-rows.js';
import type { ExifToolHolder } from './exiftool-holder.js';
import { jpgTags } from './jpg-metadata.js';
import { buildXmpSidecar } from './xmp-sidecar.js';

/** A ZIP entry name from a user's file name: no folders, no control characters, never empty. */
function entryName(name: string, fallback: string): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return clean || fallback;
}

function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = dot > 0 ? `${name.slice(0, dot)} (${i})${name.slice(dot)}` : `${name} (${i})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const stem = (filename: string) => filename.replace(/\.[^.]*$/, '') || filename;

/**
 * Writes the project's metadata ZIP to `out` as it goes: one XMP sidecar per processed clip
 * (`DJI_0001.xmp`) and, with `withJpgs`, a copy of each clip's JPG with IPTC/XMP/GPS written in
 * by exiftool. The copies are made in a temporary folder removed at the end; stored originals
 * are only read. Entries are added one database batch at a time and the next batch waits until
 * the archive has taken the previous one, so memory stays flat however large the project.
 */
export async function writeMetadataZip(
  deps: { pool: pg.Pool; storage: Pick<FileStorage, 'read'>; exiftool: ExifToolHolder; logger: Logger },
  projectId: string,
  opts: { withJpgs: boolean; out: Writable; signal: AbortSignal },
): Promise<void> {
  // archiver (~20 MB resident) loads with the first archive: an API process that writes none does not carry it.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const tmpDir = opts.withJpgs ? await fsp.mkdtemp(path.join(os.tmpdir(), 'shotlog-zip-')) : null;
  let pending = 0;
  let drained: (() => void) | null = null;
  archive.on('entry', () => {
    pending--;
    if (pending === 0) drained?.();
  });
  const waitForEntries = () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve)));
  const onAbort = () => archive.abort();
  opts.signal.addEventListener('abort', onAbort);
  const failed = new Promise<never>((_, reject) => archive.once('error', reject));
  failed.catch(() => undefined);
  archive.pipe(opts.out);
  const taken = new Set<string>();
  const skipped: string[] = [];
  try {
    for await (const batch of exportRowBatches(deps.pool, projectId, 200)) {
      if (opts.signal.aborted) return;
      const images = opts.withJpgs ? await imagesOf(deps.pool, batch) : new Map<string, Array<{ filename: string; storageKey: string }>>();
      for (const row of batch) {
        if (!row.hasResult) continue;
        pending++;
        archive.append(buildXmpSidecar(row), { name: uniqueName(taken, `${entryName(stem(row.filename), row.baseName)}.xmp`) });
        for (const img of images.get(row.fileSetId) ?? []) {
          const copy = path.join(tmpDir!, `${randomUUID()}.jpg`);
          try {
            // From disk or the bucket alike; a missing object fails with ENOENT like a missing file.
            await pipeline(await deps.storage.read(img.storageKey), fs.createWriteStream(copy, { flags: 'wx' }));
            await writeTags(deps, copy, row);
          } catch (err) {
            // One unreadable or damaged JPG must not break everyone else's metadata: say so in the ZIP.
            deps.logger.warn({ err, fileSetId: row.fileSetId, filename: img.filename }, 'metadata zip: JPG skipped');
            skipped.push(
              `${img.filename}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'the stored file is missing' : 'its metadata could not be written'}`,
            );
            await fsp.rm(copy, { force: true });
            continue;
          }
          pending++;
          archive.file(copy, { name: uniqueName(taken, entryName(img.filename, `${row.baseName}.jpg`)) });
        }
      }
      await Promise.race([waitForEntries(), failed]);
    }
    if (opts.signal.aborted) return;
    if (skipped.length) archive.append(`These JPGs could not be copied with metadata:\n${skipped.join('\n')}\n`, { name: uniqueName(taken, 'SKIPPED.txt') });
    await Promise.race([archive.finalize(), failed]);
    await finished(opts.out);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    if (tmpDir) await fsp.rm(tmpDir, { recursive: true, force: true });
  }
}

async function writeTags(deps: { exiftool: ExifToolHolder }, file: string, row: ExportRow): Promise<void> {
  await (await deps.exiftool.get()).write(file, jpgTags(row), { writeArgs: ['-overwrite_original'] });
}

async function imagesOf(pool: pg.Pool, batch: readonly ExportRow[]): Promise<Map<string, Array<{ filename: string; storageKey: string }>>> {
  return imagesOfSets(
    pool,
    batch.filter((r) => r.hasResult).map((r) => r.fileSetId),
  );
}
