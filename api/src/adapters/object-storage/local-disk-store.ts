import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, ObjectMissingError, type LocalCopy, type ObjectStore } from './object-store.js';

/** Objects as files: `files/K` in DATA_DIR/files, `derived/K` in DATA_DIR/derived (the layout before buckets). */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(private readonly dirs: { files: string; derived: string }) {}

  async init(): Promise<void> {
    await fsp.mkdir(this.dirs.files, { recursive: true });
    await fsp.mkdir(this.dirs.derived, { recursive: true });
  }

  /** The file behind a key (local disk only; callers on both backends use `localFile`). */
  pathOf(key: string): string {
    checkKey(key);
    const slash = key.indexOf('/');
    if (slash < 0) throw new Error(`Not a key of local storage: ${key}`);
    const dir = key.slice(0, slash) === 'files' ? this.dirs.files : this.dirs.derived;
    return path.join(dir, key.slice(slash + 1));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    await fsp.rename(filePath, this.pathOf(key));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    const tmp = `${target}.${process.pid}.part`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.pathOf(key);
    const fd = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new ObjectMissingError(key) : err;
    });
    return fd.createReadStream({ start: range?.start, end: range?.end, highWaterMark: 256 * 1024 });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await fsp.copyFile(this.pathOf(fromKey), this.pathOf(toKey));
  }

  async localFile(key: string): Promise<LocalCopy> {
    return { path: this.pathOf(key), release: () => undefined };
  }

  async keepLocalCopy(): Promise<void> {
    // The object is the file itself.
  }

  async presign(): Promise<string | null> {
    return null;
  }

  async keepToolBytes(): Promise<void> {}

  async toolInput(): Promise<LocalCopy | null> {
    return null;
  }

  async close(): Promise<void> {}
}
