import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Upload } from '@tus/server';
import type { FileStorage } from '../files/file-storage.js';
import type { HashJob } from '../files/file-hasher.js';
import { paceYoungGc } from '../files/young-gc-pacing.js';
import { FINISHED } from './finished-upload.js';

/** How far the bytes on disk run ahead of the hashing thread before it is told (a few reads' worth). */
const ADVANCE_EVERY_BYTES = 8 * 1024 * 1024;
/** Bytes gathered before they go to the file stream (see write). */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** An upload no PATCH reached in this process for so long lets go of its hashing job (a resume starts a new one). */
const IDLE_HASH_MS = 10 * 60_000;

/** A hashing job following one upload in this process: it has been told the file's first `hashedTo` bytes. */
interface RunningHash {
  job: HashJob;
  hashedTo: number;
  idle: NodeJS.Timeout;
}

/**
 * The tus FileStore, hashing each upload (SHA-256) while its bytes arrive instead of reading the
 * finished file again: each PATCH this process writes tells the hashing thread how far the file is
 * on disk, and the thread reads those bytes back (from the page cache) and hashes them. The hash
 * is always of the stored bytes, because a tus upload only ever grows by appends at its offset
 * (a PATCH at another offset is refused under the lock) and the thread reads what is on disk, only
 * up to bytes whose write completed. A write that starts where this process's job did not stop
 * (the upload moved to another process and back, or this process restarted) drops the job and
 * starts a new one from byte 0, which reads the earlier bytes back while the new ones arrive; a
 * finish without a matching job hashes the whole file (hashOf).
 *
 * It also answers for uploads just finished: their bytes moved to storage in onUploadFinish, but
 * @tus/server's creation-with-upload reads the upload back once more, after the hook, for its
 * Upload-Expires header. That read answers "complete" instead of "not found".
 */
export class HashingFileStore extends FileStore {
  readonly justFinished = new Map<string, number>();
  private readonly hashing = new Map<string, RunningHash>();

  constructor(
    private readonly dir: string,
    private readonly storage: FileStorage,
    expirationPeriodInMilliseconds: number,
  ) {
    super({ directory: dir, expirationPeriodInMilliseconds });
  }

  override async getUpload(id: string): Promise<Upload> {
    const size = this.justFinished.get(id);
    if (size === undefined) return super.getUpload(id);
    this.justFinished.delete(id);
    return new Upload({ id, size, offset: size });
  }

  /** FileStore's write (append at `offset`, answer the new offset), telling the hashing job as bytes land. */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const filePath = this.pathOf(id);
    const run = this.runFor(id, filePath, offset);
    const out = fs.createWriteStream(filePath, { flags: 'r+', start: offset });
    let received = 0;
    let told = offset;
    const tell = (upTo: number) => {
      told = upTo;
      run.hashedTo = upTo;
      run.job.advance(upTo);
    };
    // Network reads (tens of KB) are passed on a batch at a time: the file stream writes the first
    // and the rest, queued meanwhile, in one writev: a few large writes rather than one per read.
    let batch: Buffer[] = [];
    let batchBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        received += chunk.length;
        // Each network read is a Buffer outside the heap, freed only by a GC: pace minor ones (young-gc-pacing.ts).
        paceYoungGc(chunk.length);
        // bytesWritten counts only writes that completed: the thread never reads past the file's end.
        if (offset + out.bytesWritten - told >= ADVANCE_EVERY_BYTES) tell(offset + out.bytesWritten);
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH_BYTES) {
          for (const b of batch) this.push(b);
          batch = [];
          batchBytes = 0;
        }
        callback();
      },
      // The request ended (or was cut: tus ends the stream gracefully then): what arrived is written.
      flush(callback) {
        for (const b of batch) this.push(b);
        batch = [];
        callback();
      },
    });
    try {
      await pipeline(readable, counter, out);
    } catch {
      // A cut mid-chunk: what was written stays (the next PATCH starts there). The job stays good
      // only if the file ends exactly where the completed writes did; otherwise the next write starts over.
      const size = await fsp
        .stat(filePath)
        .then((st) => st.size)
        .catch(() => -1);
      if (size === offset + out.bytesWritten) tell(size);
      else this.forget(id);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    tell(offset + out.bytesWritten);
    return offset + received;
  }

  /**
   * Told of a termination (tus DELETE) under the upload's lock, before its bytes go: false when the
   * upload is no longer in progress (it finished while the DELETE waited for the lock), which is refused.
   */
  beforeRemove: (id: string) => Promise<boolean> = async () => true;

  override async remove(id: string): Promise<void> {
    if (!(await this.beforeRemove(id))) throw FINISHED;
    this.forget(id);
    return super.remove(id);
  }

  /**
   * The finished upload's hashing job, for FileStorage.adopt: the one that followed its writes when
   * it covers every byte, else a new one over the whole file (a re-read).
   */
  hashOf(id: string, size: number): HashJob {
    const run = this.hashing.get(id);
    this.hashing.delete(id);
    if (run) clearTimeout(run.idle);
    if (run?.hashedTo === size) return run.job;
    run?.job.cancel();
    const job = this.storage.startHash(this.pathOf(id));
    job.advance(size);
    return job;
  }

  /** Drops an upload's hashing job (terminated, expired, refused, or its writes went astray). */
  forget(id: string): void {
    const run = this.hashing.get(id);
    if (!run) return;
    this.hashing.delete(id);
    clearTimeout(run.idle);
    run.job.cancel();
  }

  /** Uploads with a hashing job in this process (tests). */
  get hashingCount(): number {
    return this.hashing.size;
  }

  private runFor(id: string, filePath: string, offset: number): RunningHash {
    let run = this.hashing.get(id);
    if (run && run.hashedTo !== offset) {
      // Someone else wrote (or this process lost track): start over from byte 0.
      this.forget(id);
      run = undefined;
    }
    const idle = setTimeout(() => this.forget(id), IDLE_HASH_MS).unref();
    if (run) {
      clearTimeout(run.idle);
      run.idle = idle;
      return run;
    }
    const job = this.storage.startHash(filePath);
    // The bytes before `offset` are on disk already (written here before, or by another process).
    if (offset > 0) job.advance(offset);
    run = { job, hashedTo: offset, idle };
    this.hashing.set(id, run);
    return run;
  }

  private pathOf(id: string): string {
    return path.join(this.dir, id);
  }
}
