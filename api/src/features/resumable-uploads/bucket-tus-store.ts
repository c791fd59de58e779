import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { Upload } from '@tus/server';
import {
  catchClipSeed,
  PART_BYTES,
  partBuffers,
  s3ClientConfig,
  unsignedPayloads,
  type ClipSeedCatcher,
  type S3Settings,
  type SeedPart,
} from '../../adapters/object-storage/index.js';
import { storageKeyOfUpload, TUS_ID } from './tus-ids.js';
import { FINISHED } from './finished-upload.js';
import { paceYoungGc } from '../files/young-gc-pacing.js';

/**
 * tus uploads in progress kept in the bucket (@tus/s3-store: each upload is a multipart upload,
 * `<id>.info` its metadata, `<id>.part` a tail shorter than a part), so any API process on any
 * machine resumes any upload: only PostgreSQL (locks, ownership) and the bucket are shared. The
 * multipart upload itself is made at `files/<the id as a UUID>` (tus-ids.ts), where stored files
 * live: onUploadFinish adopts the finished object where it is, and only the side objects go.
 *
 * Each upload is hashed (SHA-256) as its PATCHes pass through this process, so the finish need not
 * read the object back: a tus upload only grows by appends at its offset, so a hash that has seen
 * every byte from 0 in order is the object's. A PATCH at another offset than this process's hash
 * stopped at (the upload went on elsewhere), or one that stored other than what passed, drops the
 * hash, and the finish reads the object back (hashOf answers null).
 *
 * Like HashingFileStore, it answers "complete" for an upload just finished here (@tus/server reads
 * it back once more after the hook for creation-with-upload).
 */
/** A place among PARTS_IN_MEMORY (@tus/s3-store's semaphore permit). */
type Permit = { release(): Promise<void> };

/** Parts of 8 MiB held at once by this process's tus uploads, filling or on their way to the bucket (48 MiB). */
const PARTS_IN_MEMORY = 6;

/** A hash no PATCH reached in this process for so long is dropped (a finish then reads the object back). */
const IDLE_HASH_MS = 10 * 60_000;

export class BucketTusStore extends S3Store {
  readonly justFinished = new Map<string, number>();
  /** Uploads whose every byte so far passed here, in order: hashed, and a clip's start and index caught (clip-seed.ts). */
  private readonly hashing = new Map<string, { hash: Hash; seed: ClipSeedCatcher; hashedTo: number; idle: NodeJS.Timeout }>();

  constructor(settings: S3Settings, expirationPeriodInMilliseconds: number) {
    super({
      partSize: PART_BYTES,
      // Parts in memory (being filled or sent) per process: memory stays bounded however many uploads arrive.
      maxConcurrentPartUploads: PARTS_IN_MEMORY,
      expirationPeriodInMilliseconds,
      // Expiry is ours (resumable_uploads.expires_at, swept); object tags are not on every S3-compatible server.
      useTags: false,
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
    });
    unsignedPayloads(this.client);
    // @tus/s3-store names the upload's object by its id and has no key prefix: every request it
    // (and discard) makes for the bare id goes to the upload's storage key instead.
    this.client = new Proxy(this.client, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        // send(command) and destroy() take no request parameters: only the per-operation methods are re-keyed.
        if (prop === 'send' || prop === 'destroy') return (value as (...a: unknown[]) => unknown).bind(target);
        return (params: unknown, ...rest: unknown[]) => (value as (...a: unknown[]) => unknown).call(target, withUploadKeys(params), ...rest);
      },
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    const size = this.justFinished.get(id);
    if (size === undefined) return super.getUpload(id);
    this.justFinished.delete(id);
    return new Upload({ id, size, offset: size });
  }

  /**
   * S3Store's part upload, with each part gathered in memory instead of written to a temporary
   * file and read back (@tus/s3-store's way: two more passes over every byte through the disk).
   * A part holds one of the store's permits from its first byte until the bucket has it, so the
   * parts in memory never exceed PARTS_IN_MEMORY, however many uploads arrive. Same outcome as
   * S3Store's: full parts go up as parts, a tail under S3's 5 MiB minimum that does not end the
   * upload goes up as the `.part` object the next PATCH continues from, and a cut request drops
   * its unfinished part (the offset answered is what the bucket has).
   */
  protected override async uploadParts(metadata: MetadataValue, src: Readable, firstPartNumber: number, offset: number): Promise<number> {
    const size = metadata.file.size;
    const partSize = this.calcOptimalPartSize(size);
    let partNumber = firstPartNumber;
    let uploaded = 0;
    const sending: Array<Promise<void>> = [];
    let part: { buf: Buffer; filled: number; permit: Permit } | null = null;
    const send = ({ buf, filled, permit }: { buf: Buffer; filled: number; permit: Permit }) => {
      const number = partNumber++;
      offset += filled;
      const body = buf.subarray(0, filled);
      const last = size === offset;
      const sent = (async () => {
        try {
          if (filled >= this.minPartSize || last) await this.uploadPart(metadata, body, number);
          // A Buffer body (its length known), where S3Store passes its part file.
          else await this.uploadIncompletePart(metadata.file.id, body as unknown as Readable);
          uploaded += filled;
        } finally {
          partBuffers.give(buf);
          await permit.release().catch(() => undefined);
        }
      })();
      sent.catch(() => undefined); // awaited below, with the others
      sending.push(sent);
    };
    try {
      for await (const chunk of src as AsyncIterable<Buffer>) {
        // Request-body Buffers live outside the heap until a GC: a minor one every 16 MiB frees them (young-gc-pacing.ts).
        paceYoungGc(chunk.length);
        for (let at = 0; at < chunk.length; ) {
          part ??= { permit: await this.partUploadSemaphore.acquire(), buf: partSize === partBuffers.bytes ? partBuffers.take() : Buffer.allocUnsafeSlow(partSize), filled: 0 };
          const copied = chunk.copy(part.buf, part.filled, at);
          part.filled += copied;
          at += copied;
          if (part.filled === partSize) {
            send(part);
            part = null;
          }
        }
      }
      // The last part is handed on (or let go) before anything here can throw: the finally below sees it only unsent.
      const last = part;
      part = null;
      if (last?.filled) send(last);
      else if (last) {
        partBuffers.give(last.buf);
        await last.permit.release();
      }
    } catch (err) {
      sending.push(Promise.reject(err));
    } finally {
      if (part) {
        partBuffers.give(part.buf);
        await part.permit.release().catch(() => undefined);
      }
      await Promise.allSettled(sending);
    }
    await Promise.all(sending);
    return uploaded;
  }

  /** S3Store's write (append at `offset`, answer the new offset), hashing what passes when it continues this process's hash. */
  override async write(src: Readable, id: string, offset: number): Promise<number> {
    let run = this.hashing.get(id);
    if (run && run.hashedTo !== offset) {
      this.forget(id);
      run = undefined;
    }
    if (!run && offset !== 0) return super.write(src, id, offset);
    if (!run) {
      run = { hash: createHash('sha256'), seed: catchClipSeed(), hashedTo: 0, idle: setTimeout(() => this.forget(id), IDLE_HASH_MS).unref() };
      this.hashing.set(id, run);
    }
    const { hash, seed } = run;
    let passed = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        hash.update(chunk);
        seed.take(chunk);
        passed += chunk.length;
        callback(null, chunk);
      },
    });
    let stored: number;
    try {
      stored = await super.write(
        pipeline(src, tap, () => undefined),
        id,
        offset,
      );
    } catch (err) {
      this.forget(id);
      throw err;
    }
    if (stored !== offset + passed) this.forget(id);
    else {
      run.hashedTo = stored;
      run.idle.refresh();
    }
    return stored;
  }

  /** A finished clip's start and index when every byte of it passed here (ask before `hashOf`, which forgets the upload). */
  seedOf(id: string, size: number): SeedPart[] | null {
    const run = this.hashing.get(id);
    return run?.hashedTo === size ? run.seed.parts(size) : null;
  }

  /** The finished upload's SHA-256 when this process hashed every byte of it, else null (read it back). */
  hashOf(id: string, size: number): string | null {
    const run = this.hashing.get(id);
    this.forget(id);
    return run?.hashedTo === size ? run.hash.digest('hex') : null;
  }

  /**
   * Told of a termination (tus DELETE) under the upload's lock, before its bytes go: false when the
   * upload is no longer in progress (it finished while the DELETE waited for the lock), which is refused.
   */
  beforeRemove: (id: string) => Promise<boolean> = async () => true;

  override async remove(id: string): Promise<void> {
    if (!(await this.beforeRemove(id))) throw FINISHED;
    return super.remove(id);
  }

  /** A finished upload adopted as a stored file: its side objects (`.info`, `.part`) go, its object stays. */
  async release(id: string): Promise<void> {
    this.forget(id);
    await this.client
      .deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] } })
      .catch(() => undefined);
    await this.clearCache(id);
  }

  /** The upload's objects go (its multipart upload aborted), whatever state it was left in. */
  async discard(id: string): Promise<void> {
    this.forget(id);
    // Aborts an unfinished multipart upload (a finished one has none: its abort fails, harmlessly).
    await super.remove(id).catch(() => undefined);
    await this.client
      .deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] } })
      .catch(() => undefined);
    await this.clearCache(id);
  }

  /** Drops an upload's hash (finished, terminated, expired, refused, or its writes went astray). */
  forget(id: string): void {
    const run = this.hashing.get(id);
    if (!run) return;
    clearTimeout(run.idle);
    this.hashing.delete(id);
  }

  /** Uploads with a hash in this process (tests). */
  get hashingCount(): number {
    return this.hashing.size;
  }
}

/** A request's `Key`s (and `Delete.Objects[].Key`s) with each bare upload id made its object's key. */
function withUploadKeys(params: unknown): unknown {
  if (!params || typeof params !== 'object') return params;
  const keyOf = (key: unknown) => (typeof key === 'string' && TUS_ID.test(key) ? `files/${storageKeyOfUpload(key)}` : key);
  const p = params as { Key?: unknown; Delete?: { Objects?: Array<{ Key?: unknown }> } };
  let out: Record<string, unknown> = { ...p };
  if ('Key' in p) out.Key = keyOf(p.Key);
  if (p.Delete?.Objects) out = { ...out, Delete: { ...p.Delete, Objects: p.Delete.Objects.map((o) => ({ ...o, Key: keyOf(o.Key) })) } };
  return out;
}
