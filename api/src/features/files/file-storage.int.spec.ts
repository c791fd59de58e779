import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { FileHasher, HashingError } from './file-hasher.js';
import { FileStorage, FileTooLargeError } from './file-storage.js';
import { PACE_BYTES, fillYoungGeneration, paceYoungGc } from './young-gc-pacing.js';

// Real files in a temporary folder; a small inline-hash size so that a few MB reach the hashing thread.
const INLINE = 1024 * 1024;
let dir: string;
let storage: FileStorage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-storage-'));
  storage = new FileStorage(dir, INLINE);
  await storage.init();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** `data` as a stream of uneven pieces, failing after `failAfter` bytes when given. */
function pieces(data: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, i = 0; at < data.length; i++) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('connection reset');
        const n = 1 + ((i * 7919) % 200_000);
        yield data.subarray(at, at + n);
        at += n;
      }
    })(),
  );
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const contents = async () => ({
  stored: (await fs.readdir(dir)).filter((n) => n !== '.incoming').sort(),
  incoming: await fs.readdir(path.join(dir, '.incoming')),
});

describe('FileStorage', () => {
  it('stores small files (hashed inline) and large ones (hashed on the hashing thread) with their size and SHA-256', async () => {
    for (const size of [0, 1, INLINE, INLINE + 1, 6 * 1024 * 1024 + 333]) {
      const data = randomBytes(size);
      const stored = await storage.write(pieces(data), { extension: 'mp4' });
      expect(stored).toEqual({ storageKey: expect.stringMatching(/\.mp4$/), sizeBytes: size, sha256: sha(data) });
      expect((await fs.readFile(storage.absolutePath(stored.storageKey))).equals(data)).toBe(true);
    }
    expect((await contents()).incoming).toEqual([]);
  });

  it('a stream that fails, a file over maxBytes or one its check refuses leaves nothing behind', async () => {
    const before = await contents();
    const data = randomBytes(5 * 1024 * 1024);
    await expect(storage.write(pieces(data, 3 * 1024 * 1024), { extension: 'mp4' })).rejects.toThrow('connection reset');
    await expect(storage.write(pieces(data), { extension: 'mp4', maxBytes: 4 * 1024 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    const refuse = () => {
      throw new Error('not a movie');
    };
    await expect(storage.write(pieces(data), { extension: 'mp4', check: refuse })).rejects.toThrow('not a movie');
    await expect(storage.write(pieces(data.subarray(0, 100)), { extension: 'mp4', check: refuse })).rejects.toThrow('not a movie');
    expect(await contents()).toEqual(before);
  });

  it('a writer destroyed while writing (or opening) its file leaves nothing behind', async () => {
    const before = await contents();
    for (const delay of [0, 1, 5, 20]) {
      const writer = storage.open({ extension: 'mp4' });
      writer.sink.write(randomBytes(2 * 1024 * 1024)); // a whole batch: a write starts as soon as the file is open
      setTimeout(() => writer.sink.destroy(new Error('gone')), delay);
      await expect(writer.stored).rejects.toThrow('gone');
    }
    expect(await contents()).toEqual(before);
  });

  it('keeps writing at full size while other uploads fail around it', async () => {
    const data = randomBytes(4 * 1024 * 1024);
    const [ok, failed] = await Promise.allSettled([
      storage.write(pieces(data), { extension: 'mov' }),
      storage.write(pieces(data, 2 * 1024 * 1024), { extension: 'mov' }),
    ]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { sizeBytes: data.length, sha256: sha(data) } });
    expect(failed.status).toBe('rejected');
  });
});

describe('FileHasher', () => {
  it('fails the jobs of a hashing thread that dies, and the next job gets a new thread', async () => {
    const hasher = new FileHasher();
    const file = path.join(dir, 'hash-me.bin');
    const data = randomBytes(3 * 1024 * 1024);
    await fs.writeFile(file, data);
    const doomed = hasher.start(file);
    doomed.advance(1024 * 1024);
    await hasher.close();
    await expect(doomed.finish(data.length)).rejects.toBeInstanceOf(HashingError);
    const next = hasher.start(file);
    next.advance(data.length);
    await expect(next.finish(data.length)).resolves.toBe(sha(data));
    const missing = hasher.start(path.join(dir, 'no-such-file'));
    await expect(missing.finish(1)).rejects.toBeInstanceOf(HashingError);
    await hasher.close();
  });
});

describe('paceYoungGc', () => {
  /** Minor GCs that start while `run` runs (synchronous: no other code runs, or allocates, inside it). */
  async function minorGcsDuring(run: () => void): Promise<number> {
    const starts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) starts.push(e.startTime);
    });
    observer.observe({ entryTypes: ['gc'] });
    const t0 = performance.now();
    run();
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    return starts.filter((t) => t >= t0 && t <= t1).length;
  }

  it('runs a minor GC once PACE_BYTES of upload went by, and none before', async () => {
    paceYoungGc(PACE_BYTES); // whatever was counted before: start from a pace
    expect(await minorGcsDuring(() => paceYoungGc(PACE_BYTES - 1))).toBe(0);
    expect(await minorGcsDuring(() => paceYoungGc(1))).toBeGreaterThanOrEqual(1);
    // Asking V8 for it directly leaves no `gc` global behind for other code.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('falls back to filling the young generation, which makes V8 run a minor GC too', async () => {
    expect(await minorGcsDuring(fillYoungGeneration)).toBeGreaterThanOrEqual(1);
  });
});
