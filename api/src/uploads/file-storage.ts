import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  /** The name the server chose; the only thing ever joined to the storage directory. */
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Files on local disk under DATA_DIR/files. A write streams into a temporary file while hashing,
 * and is renamed into place only once the whole stream arrived: a broken or cancelled upload
 * leaves nothing behind, and memory does not grow with file size.
 */
export class FileStorage {
  private readonly tmpDir: string;

  constructor(private readonly rootDir: string) {
    this.tmpDir = path.join(rootDir, '.incoming');
  }

  async init(): Promise<void> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    // Leftovers of a process that died mid-upload are never recorded anywhere: clear them.
    for (const name of await fsp.readdir(this.tmpDir)) await fsp.rm(path.join(this.tmpDir, name), { force: true });
  }

  /** Streams `source` to storage; rejects (and removes the partial file) if the stream fails or exceeds `maxBytes`. */
  async write(source: Readable, opts: { extension: string; maxBytes?: number; check?: (head: Buffer, sizeBytes: number) => void }): Promise<StoredFile> {
    const ext = opts.extension
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase()
      .slice(0, 8);
    const storageKey = `${randomUUID()}${ext ? `.${ext}` : ''}`;
    const tmp = path.join(this.tmpDir, storageKey);
    const hash = createHash('sha256');
    let sizeBytes = 0;
    // The first KB, for `check` (is an .srt text, is a .jpg a JPEG) before the file is kept.
    const headChunks: Buffer[] = [];
    let headLength = 0;
    const meter = new Transform({
      // Larger buffers than the 16 KiB default: fewer, bigger writes for multi-gigabyte videos.
      highWaterMark: STREAM_BUFFER_BYTES,
      transform(chunk: Buffer, _enc, done) {
        sizeBytes += chunk.length;
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          headChunks.push(Buffer.from(part));
          headLength += part.length;
        }
        if (opts.maxBytes !== undefined && sizeBytes > opts.maxBytes) return done(new FileTooLargeError(opts.maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, fs.createWriteStream(tmp, { flags: 'wx', highWaterMark: STREAM_BUFFER_BYTES }));
      // busboy marks a file cut at its size limit as truncated instead of failing the stream.
      if ((source as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError(opts.maxBytes ?? sizeBytes);
      opts.check?.(Buffer.concat(headChunks, headLength), sizeBytes);
      await fsp.rename(tmp, this.absolutePath(storageKey));
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return { storageKey, sizeBytes, sha256: hash.digest('hex') };
  }

  /** Absolute path of a stored file. Keys are server-made; anything else is refused. */
  absolutePath(storageKey: string): string {
    if (!/^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/.test(storageKey)) throw new Error(`Invalid storage key: ${storageKey}`);
    return path.join(this.rootDir, storageKey);
  }

  async remove(storageKey: string): Promise<void> {
    await fsp.rm(this.absolutePath(storageKey), { force: true });
  }
}

const HEAD_BYTES = 1024;
const STREAM_BUFFER_BYTES = 1024 * 1024;

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than the ${maxBytes}-byte limit`);
  }
}
