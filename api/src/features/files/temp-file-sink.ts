import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { FileHasher, HashJob } from './file-hasher.js';
import { FileTooLargeError } from './file-too-large.js';
import { paceYoungGc } from './young-gc-pacing.js';

/** The first bytes of a file kept for its type checks. */
export const HEAD_BYTES = 1024;

/** Bytes gathered before one write to disk: a few large writes rather than one per network read. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** Files up to this size are hashed as they pass; larger ones by the hashing thread. */
export const INLINE_HASH_BYTES = 8 * 1024 * 1024;

/**
 * Writes a stream to a new temporary file in batches (one write in flight, the next batch
 * gathering meanwhile), keeping its size, its first KB and its SHA-256. The hash is computed
 * inline for small files; once a file outgrows `inlineHashBytes` the hashing thread takes over
 * from byte 0, reading back what is written, so a large upload is parsed and hashed in parallel.
 */
export class TempFileSink extends Writable {
  sizeBytes = 0;
  private fd: number | null = null;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private inlineHash: Hash | null = createHash('sha256');
  private hashJob: HashJob | null = null;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private written = 0;
  private writing = false;
  /** What waits for the write in flight to end (closing the file). */
  private afterWrite: (() => void) | null = null;
  /** Settles once the file descriptor is closed (after finishing or failing). */
  readonly fdClosed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    private readonly tmpPath: string,
    private readonly maxBytes: number | undefined,
    private readonly inlineHashBytes: number,
    private readonly hasher: FileHasher,
  ) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
    this.fdClosed = new Promise((resolve) => (this.markClosed = resolve));
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }

  sha256(): Promise<string> {
    if (this.inlineHash) return Promise.resolve(this.inlineHash.digest('hex'));
    return this.hashJob!.finish(this.written);
  }

  cancelHash(): void {
    this.hashJob?.cancel();
  }

  override _construct(done: (err?: Error | null) => void): void {
    fs.open(this.tmpPath, 'wx', (err, fd) => {
      if (err) return done(err);
      this.fd = fd;
      done();
    });
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.sizeBytes += chunk.length;
    if (this.maxBytes !== undefined && this.sizeBytes > this.maxBytes) return done(new FileTooLargeError(this.maxBytes));
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    if (this.inlineHash) {
      if (this.sizeBytes <= this.inlineHashBytes) this.inlineHash.update(chunk);
      else {
        // Too large to hash here without slowing the upload: the hashing thread starts over from byte 0.
        this.inlineHash = null;
        this.hashJob = this.hasher.start(this.tmpPath);
      }
    }
    paceYoungGc(chunk.length);
    this.batch.push(chunk);
    this.batchBytes += chunk.length;
    if (this.batchBytes < WRITE_BATCH_BYTES) return done();
    this.flush(done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flush((err) => {
      if (err) return done(err);
      fs.close(this.fd!, (closeErr) => {
        this.fd = null;
        this.markClosed();
        done(closeErr);
      });
    });
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    // After a finish the hash is still wanted: `stored` asks for it.
    if (!this.writableFinished) this.hashJob?.cancel();
    // A write still running holds the descriptor: closing it now could send those bytes to
    // whichever file reuses the number.
    if (this.writing) return void (this.afterWrite = () => this._destroy(err, done));
    if (this.fd === null) {
      this.markClosed();
      return done(err);
    }
    const fd = this.fd;
    this.fd = null;
    fs.close(fd, () => {
      this.markClosed();
      done(err);
    });
  }

  /** Writes the gathered batch; `done` once it is on disk (and the hashing thread is told). */
  private flush(done: (err?: Error | null) => void): void {
    if (!this.batchBytes) return done();
    const buffers = this.batch;
    const bytes = this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    this.writing = true;
    fs.writev(this.fd!, buffers, (err, n) => {
      this.writing = false;
      const after = this.afterWrite;
      this.afterWrite = null;
      after?.();
      if (err) return done(err);
      if (n !== bytes) return done(new Error(`Short write to ${this.tmpPath}: ${n} of ${bytes} bytes`));
      this.written += bytes;
      this.hashJob?.advance(this.written);
      done();
    });
  }
}
