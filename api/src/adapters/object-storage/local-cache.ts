import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LocalCopy } from './object-store.js';

interface Entry {
  path: string;
  size: number;
  refs: number;
  lastUsed: number;
}

/**
 * Bucket objects copied to local disk for tools that need a path, at most `maxBytes` of them not in
 * use (least recently used go first; a copy in use is never removed under its reader). One download
 * per key however many ask at once. The folder is emptied at start: it is only ever a cache.
 */
export class LocalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private total = 0;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly fetch: (key: string) => Promise<Readable>,
  ) {}

  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      await fsp.rm(this.dir, { recursive: true, force: true });
      await fsp.mkdir(this.dir, { recursive: true });
      await removeOrphans(path.dirname(this.dir));
    })();
    return this.ready;
  }

  async get(key: string): Promise<LocalCopy> {
    await this.prepare();
    let entry = this.entries.get(key);
    if (!entry) {
      entry = await (this.loading.get(key) ?? this.enter(key, async (file) => pipeline(await this.fetch(key), fs.createWriteStream(file, { flags: 'wx' }))));
    }
    entry.refs++;
    entry.lastUsed = Date.now();
    let released = false;
    const held = entry;
    return {
      path: held.path,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        void this.evict();
      },
    };
  }

  /** Bytes held now (tests, metrics). */
  get bytes(): number {
    return this.total;
  }

  /**
   * Takes a copy of a file just stored under `key` (a hard link where both are on one volume, else a
   * copy), so a reader here soon after does not fetch the object back: processing the still this
   * process has just taken from a clip. Nothing when the key is held or being fetched already.
   */
  async keep(key: string, filePath: string): Promise<void> {
    await this.keepMade(key, (file) => fsp.link(filePath, file).catch(() => fsp.copyFile(filePath, file, fs.constants.COPYFILE_EXCL)));
  }

  /** As `keep`, from the bytes just stored (an upload's SRT or JPG, in hand whole as it was sent). */
  async keepBytes(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.maxBytes) return;
    await this.keepMade(key, (file) => fsp.writeFile(file, bytes, { flag: 'wx' }));
  }

  private async keepMade(key: string, fill: (file: string) => Promise<unknown>): Promise<void> {
    await this.prepare();
    if (this.entries.has(key) || this.loading.has(key)) return;
    await this.enter(key, fill);
  }

  /** A new entry for `key`, its file made by `fill`; readers asking meanwhile wait for it. */
  private enter(key: string, fill: (file: string) => Promise<unknown>): Promise<Entry> {
    const job = (async () => {
      const file = path.join(this.dir, `${randomUUID()}${path.extname(key)}`);
      try {
        await fill(file);
      } catch (err) {
        await fsp.rm(file, { force: true });
        throw err;
      }
      const size = (await fsp.stat(file)).size;
      const entry: Entry = { path: file, size, refs: 0, lastUsed: Date.now() };
      this.entries.set(key, entry);
      this.total += size;
      // Not the new entry itself, not yet held by the reader it was fetched for (a copy larger than the
      // budget was removed before that reader opened it); it goes once released, if still over.
      await this.evict(key);
      return entry;
    })().finally(() => this.loading.delete(key));
    this.loading.set(key, job);
    return job;
  }

  /** Forgets a key (its object was removed or replaced). */
  async drop(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry || entry.refs > 0) return;
    this.entries.delete(key);
    this.total -= entry.size;
    await fsp.rm(entry.path, { force: true });
  }

  private async evict(entering?: string): Promise<void> {
    if (this.total <= this.maxBytes) return;
    const idle = [...this.entries].filter(([k, e]) => e.refs === 0 && k !== entering).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key, e] of idle) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= e.size;
      await fsp.rm(e.path, { force: true });
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.loading.values()]);
    if (this.ready) await fsp.rm(this.dir, { recursive: true, force: true });
    this.entries.clear();
    this.total = 0;
  }
}

/** Caches of processes that died without closing theirs (`*-<pid>` folders whose process is gone). */
async function removeOrphans(parent: string): Promise<void> {
  for (const name of await fsp.readdir(parent).catch(() => [] as string[])) {
    const pid = Number(/^(?:objects|migrate|doctor)-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await fsp.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
