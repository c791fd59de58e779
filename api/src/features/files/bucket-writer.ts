import { createHash } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { catchClipSeed, type ObjectStore } from '../../adapters/object-storage/index.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { FileStorage, StorageWriter, StoredFile, WriteOptions } from './file-storage.js';
import { FileTooLargeError } from './file-too-large.js';
import { paceYoungGc } from './young-gc-pacing.js';

const HEAD_BYTES = 1024;

/**
 * A new file streamed straight into the bucket (a multipart upload of 8 MiB parts, 3 in flight:
 * memory stays bounded whatever the size), hashed and measured on the way. Checks run once every
 * byte arrived; a refused, cut or failed file leaves no object behind (an unfinished multipart
 * upload is aborted) and is never recorded.
 */
export function openBucketWriter(objects: ObjectStore, storageKey: string, opts: WriteOptions, keepCopy = false): StorageWriter {
  const key = `files/${storageKey}`;
  // A megabyte between the request and the part being filled (putInParts gathers each 8 MiB part itself).
  const body = new PassThrough({ highWaterMark: 1024 * 1024 });
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let sizeBytes = 0;
  // A clip's start and index, as they pass: its still, taken here next, reads them from the relay.
  const seed = catchClipSeed();
  const sink = new Writable({
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _enc, done) {
      sizeBytes += chunk.length;
      if (opts.maxBytes !== undefined && sizeBytes > opts.maxBytes) return done(new FileTooLargeError(opts.maxBytes));
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(part));
        headLength += part.length;
      }
      hash.update(chunk);
      seed.take(chunk);
      // Request-body Buffers live outside the heap until a GC: a minor one every 16 MiB frees them (young-gc-pacing.ts).
      paceYoungGc(chunk.length);
      if (body.write(chunk)) return done();
      body.once('drain', () => done());
    },
    final(done) {
      body.end();
      done();
    },
    destroy(err, done) {
      if (err) body.destroy(err);
      done(err);
    },
  });
  // `keepCopy`: an SRT or a JPG (a clip is read through the relay, never as a file) stays in this
  // process's cache of bucket objects too, from the bytes sent: its check below and its processing
  // here read it there, not back from the bucket.
  const upload = objects.putStream(key, body, keepCopy ? { keepLocalCopy: () => !seed.isClip } : {}).catch((err: unknown) => {
    throw err instanceof FileTooLargeError || sink.errored ? (sink.errored ?? err) : storageUnavailable(err);
  });
  // The bucket failing stops the reading of `body`: a write waiting for room there must fail too, not wait forever.
  upload.catch((err: unknown) => {
    if (!sink.writableFinished && !sink.destroyed) sink.destroy(err as Error);
  });
  const stored = (async (): Promise<StoredFile> => {
    try {
      await finished(sink);
    } catch (err) {
      await upload.catch(() => undefined);
      throw err;
    }
    await upload;
    try {
      opts.check?.(Buffer.concat(headChunks, headLength), sizeBytes);
      if (opts.checkFile) {
        const copy = await objects.localFile(key);
        try {
          await opts.checkFile(copy.path);
        } finally {
          copy.release();
        }
      }
    } catch (err) {
      await objects.remove(key).catch(() => undefined);
      throw err;
    }
    const parts = seed.parts(sizeBytes);
    if (parts) await objects.keepToolBytes(key, sizeBytes, parts);
    return { storageKey, sizeBytes, sha256: hash.digest('hex') };
  })();
  return { sink, stored };
}

/** The bucket failed (after the SDK's retries): 503, the client may send the file again. */
export function storageUnavailable(err: unknown): AppError {
  return Object.assign(new AppError('SERVICE_UNAVAILABLE', 'File storage is temporarily unavailable. Please retry shortly.'), { cause: err });
}

/**
 * Takes a finished upload object already at `files/<storageKey>` (a tus upload, @tus/s3-store) into
 * storage: its first KB and size checked, its bytes hashed by reading them back unless the caller's
 * process saw every byte (`knownSha256`; a resumed upload may have been written by any process),
 * then the whole-file check. Nothing is copied: on failure the object stays its owner's to remove.
 */
export async function adoptBucketObject(
  storage: Pick<FileStorage, 'objects' | 'localFile'>,
  storageKey: string,
  size: number,
  opts: Omit<WriteOptions, 'maxBytes'>,
  knownSha256: string | null = null,
): Promise<StoredFile> {
  const objects = storage.objects;
  const key = `files/${storageKey}`;
  const headChunks: Buffer[] = [];
  if (size > 0) for await (const chunk of await objects.get(key, { start: 0, end: Math.min(HEAD_BYTES, size) - 1 })) headChunks.push(chunk as Buffer);
  opts.check?.(Buffer.concat(headChunks), size);
  let sha256 = knownSha256;
  if (!sha256) {
    const hash = createHash('sha256');
    for await (const chunk of await objects.get(key)) hash.update(chunk as Buffer);
    sha256 = hash.digest('hex');
  }
  if (opts.checkFile) {
    const copy = await storage.localFile(storageKey);
    try {
      await opts.checkFile(copy.path);
    } finally {
      copy.release();
    }
  }
  return { storageKey, sizeBytes: size, sha256 };
}
