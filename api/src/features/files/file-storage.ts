import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { FileHasher, type HashJob } from './file-hasher.js';
import { FileTooLargeError } from './file-too-large.js';
import { HEAD_BYTES, INLINE_HASH_BYTES, TempFileSink } from './temp-file-sink.js';
import { adoptBucketObject, openBucketWriter, storageUnavailable } from './bucket-writer.js';
import {
  LocalDiskStore,
  ObjectMissingError,
  type LocalCopy,
  type ObjectStore,
  type PresignOptions,
  type SeedPart,
  type ToolInputOptions,
} from '../../adapters/object-storage/index.js';

export interface StoredFile {
  /** The name the server chose; the only thing ever joined to the storage directory. */
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

export interface WriteOptions {
  extension: string;
  maxBytes?: number;
  /** Judges the first KB and the size once every byte is written; throwing refuses the file. */
  check?: (head: Buffer, sizeBytes: number) => void;
  /** Then judges the whole file where it lies (e.g. a JPG's header: its pixel count); rejecting refuses the file. */
  checkFile?: (filePath: string) => Promise<void>;
}

/** A file on its way to storage: write its bytes (or pipe into it), then await `stored`. */
export interface StorageWriter {
  sink: Writable;
  /** Resolves once the sink finished and the file is kept; rejects (nothing kept) otherwise. */
  stored: Promise<StoredFile>;
}

/**
 * Files on local disk under DATA_DIR/files. A write streams into a temporary file while hashing,
 * and is renamed into place only once the whole stream arrived: a broken or cancelled upload
 * leaves nothing behind, and memory does not grow with file size.
 */
export class FileStorage {
  private readonly tmpDir: string;
  private readonly hasher = new FileHasher();
  /** Kinds of files made from a stored one (e.g. `thumb-320.webp`), removed with it. */
  private readonly derivedVariants = new Set<string>();

  constructor(
    private readonly rootDir: string,
    /** Files up to this size are hashed as they stream; larger ones on the hashing thread. */
    private readonly inlineHashBytes = INLINE_HASH_BYTES,
    /** Where files made from stored ones live (thumbnails), beside the stored files, never among them. */
    private readonly derivedDir = path.join(path.dirname(rootDir), 'derived'),
    /** Where the bytes live: these folders on local disk, or a bucket (S3_BUCKET). */
    readonly objects: ObjectStore = new LocalDiskStore({ files: rootDir, derived: derivedDir }),
    /**
     * `keepUploads`: this process also processes the sets it takes in (RUN_WORKER), so an uploaded
     * SRT or JPG is kept in its cache of bucket objects as it is sent (up to one 8 MiB part): the
     * upload's own check and the processing read it there, not back from the bucket.
     */
    private readonly opts: { keepUploads?: boolean } = {},
  ) {
    this.tmpDir = path.join(rootDir, '.incoming');
  }

  /** True when stored bytes live in a bucket rather than on this machine's disk. */
  get inBucket(): boolean {
    return this.objects.kind === 's3';
  }

  async init(): Promise<void> {
    await this.objects.init();
    await fsp.mkdir(this.tmpDir, { recursive: true });
    if (!this.inBucket) await fsp.mkdir(this.derivedDir, { recursive: true });
    // Leftovers of a process that died mid-upload are never recorded anywhere: clear them.
    for (const name of await fsp.readdir(this.tmpDir)) await fsp.rm(path.join(this.tmpDir, name), { force: true });
    this.hasher.prepare();
  }

  /**
   * A hashing-thread job over a file that grows by appends (a resumable upload): `advance` as bytes
   * are confirmed on disk, then hand it to `adopt`, which only waits for the bytes not yet hashed.
   */
  startHash(filePath: string): HashJob {
    return this.hasher.start(filePath);
  }

  /** Stops the hashing thread (after the HTTP server drained, so no upload is still writing). */
  async close(): Promise<void> {
    await this.hasher.close();
    await this.objects.close();
  }

  /** Streams `source` to storage; rejects (and removes the partial file) if the stream fails or exceeds `maxBytes`. */
  async write(source: Readable, opts: WriteOptions): Promise<StoredFile> {
    const writer = this.open(opts);
    try {
      await pipeline(source, writer.sink);
      // busboy marks a file cut at its size limit as truncated instead of failing the stream.
      if ((source as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError(opts.maxBytes ?? 0);
    } catch (err) {
      writer.sink.destroy(err as Error);
      await writer.stored.then(
        (s) => this.remove(s.storageKey),
        () => undefined,
      );
      throw err;
    }
    return writer.stored;
  }

  /** A writer for one new file (see StorageWriter): the upload path pipes multipart parts into it. */
  open(opts: WriteOptions): StorageWriter {
    const ext = safeExtension(opts.extension);
    const storageKey = `${randomUUID()}${ext ? `.${ext}` : ''}`;
    if (this.inBucket) return openBucketWriter(this.objects, storageKey, opts, this.opts.keepUploads);
    const tmp = path.join(this.tmpDir, storageKey);
    const sink = new TempFileSink(tmp, opts.maxBytes, this.inlineHashBytes, this.hasher);
    const stored = finished(sink).then(
      async () => {
        try {
          opts.check?.(sink.head(), sink.sizeBytes);
          await opts.checkFile?.(tmp);
          const sha256 = await sink.sha256();
          await fsp.rename(tmp, this.absolutePath(storageKey));
          return { storageKey, sizeBytes: sink.sizeBytes, sha256 };
        } catch (err) {
          sink.cancelHash();
          await fsp.rm(tmp, { force: true });
          throw err;
        }
      },
      async (err: unknown) => {
        await sink.fdClosed;
        await fsp.rm(tmp, { force: true });
        throw err;
      },
    );
    return { sink, stored };
  }

  /**
   * Takes a file already complete on disk (a finished resumable upload, on the same volume) into
   * storage: checks its first KB and size, hashes it on the hashing thread (or finishes `hash`, a
   * job that followed the file while it was written), then renames it under a new server-made key. On any failure the file is left where it was, for its owner to remove.
   */
  async adopt(filePath: string, opts: Omit<WriteOptions, 'maxBytes'> & { hash?: HashJob }): Promise<StoredFile> {
    let size: number;
    try {
      size = (await fsp.stat(filePath)).size;
      const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
      const fd = await fsp.open(filePath, 'r');
      try {
        await fd.read(head, 0, head.length, 0);
      } finally {
        await fd.close();
      }
      opts.check?.(head, size);
      await opts.checkFile?.(filePath);
    } catch (err) {
      opts.hash?.cancel();
      throw err;
    }
    const sha256 = await (opts.hash ?? this.hasher.start(filePath)).finish(size);
    const ext = safeExtension(opts.extension);
    const storageKey = `${randomUUID()}${ext ? `.${ext}` : ''}`;
    if (this.inBucket) await this.objects.putFile(`files/${storageKey}`, filePath).catch((err: unknown) => Promise.reject(storageUnavailable(err)));
    else await fsp.rename(filePath, this.absolutePath(storageKey));
    return { storageKey, sizeBytes: size, sha256 };
  }

  /**
   * Takes a finished upload object already at its storage key in the bucket (a tus upload,
   * @tus/s3-store, assembled where stored files live): its first KB and size checked, its bytes
   * hashed by reading them back unless `knownSha256` (a resumed upload may have been written by
   * any process). Nothing is copied; on failure the object stays its owner's to remove.
   */
  adoptObject(storageKey: string, size: number, opts: Omit<WriteOptions, 'maxBytes'>, knownSha256: string | null = null): Promise<StoredFile> {
    return adoptBucketObject(this, storageKey, size, opts, knownSha256);
  }

  /** What tools read first of a clip just stored (its start and index, caught as it passed), kept for this process's next `clipInput` (clip-seed.ts). */
  keepToolBytes(storageKey: string, size: number, parts: readonly SeedPart[]): Promise<void> {
    return this.objects.keepToolBytes(`files/${storageKey}`, size, parts);
  }

  /** Absolute path of a stored file on local disk (not with a bucket: use `localFile`). Keys are server-made; anything else is refused. */
  absolutePath(storageKey: string): string {
    if (!/^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/.test(storageKey)) throw new Error(`Invalid storage key: ${storageKey}`);
    if (this.inBucket) throw new Error('Stored files live in the bucket: read them through localFile or read');
    return path.join(this.rootDir, storageKey);
  }

  /** A local path with a stored file's bytes (the file itself on disk, or a bounded cache copy of the object); `release` when done. */
  localFile(storageKey: string): Promise<LocalCopy> {
    return this.objects.localFile(`files/${storageKey}`);
  }

  /**
   * A local file with the bytes just stored under `storageKey` serves this process's next
   * `localFile(storageKey)` from the bucket cache, not a download (a still processed here next).
   */
  keepLocalCopy(storageKey: string, filePath: string): Promise<void> {
    return this.objects.keepLocalCopy(`files/${storageKey}`, filePath);
  }

  /** A stored file's bytes (or an inclusive byte range); ObjectMissingError when it is gone. */
  read(storageKey: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.objects.get(`files/${storageKey}`, range);
  }

  /** A stored file's size, or null when its bytes are missing. */
  sizeOf(storageKey: string): Promise<number | null> {
    return this.objects.size(`files/${storageKey}`);
  }

  /** A URL browsers may download a stored file from directly, or null (served through the API). */
  presign(storageKey: string, opts: PresignOptions): Promise<string | null> {
    return this.objects.presign(`files/${storageKey}`, opts);
  }

  /**
   * Where ffprobe and ffmpeg read a stored clip: on disk the file itself; in a bucket a loopback
   * URL they read the header and seek by byte range through, never the whole clip (a card's 4 GB
   * clip is not copied to this machine for a probe or a few frames). `sizeBytes`, the size recorded
   * with the file, spares asking the bucket for it (a HEAD); a clip gone from the bucket is then
   * known by the tools' first read, as the copy's `fault()` (an ObjectMissingError). Without it,
   * ObjectMissingError at once when the bytes are gone. `framesAt`: the moments (fractions of the
   * clip's length) frames will be taken at, their keyframes fetched while the clip is probed. Call
   * `release` when the tools are done.
   */
  async clipInput(storageKey: string, sizeBytes?: number, opts?: ToolInputOptions): Promise<LocalCopy> {
    if (!this.inBucket) return this.localFile(storageKey);
    const key = `files/${storageKey}`;
    const size = sizeBytes ?? (await this.objects.size(key));
    const input = size === null ? null : await this.objects.toolInput(key, size, opts);
    if (!input) throw new ObjectMissingError(storageKey);
    return input;
  }

  /** A derived file as a local path, or null when it was not made yet. */
  async derivedCopy(storageKey: string, variant: string): Promise<LocalCopy | null> {
    if (!this.inBucket) {
      const file = this.derivedPath(storageKey, variant);
      return (await fsp.access(file).then(
        () => true,
        () => false,
      ))
        ? { path: file, release: () => undefined }
        : null;
    }
    try {
      return await this.objects.localFile(this.derivedKey(storageKey, variant));
    } catch (err) {
      if (err instanceof ObjectMissingError) return null;
      throw err;
    }
  }

  /** Keeps a derived file made at `filePath` (moved: the path is gone after). */
  async putDerived(storageKey: string, variant: string, filePath: string): Promise<void> {
    if (this.inBucket) await this.objects.putFile(this.derivedKey(storageKey, variant), filePath);
    else await fsp.rename(filePath, this.derivedPath(storageKey, variant));
  }

  /** Where a derived file is made before `putDerived`: beside its final place on disk, else the temporary folder. */
  derivedScratch(storageKey: string, variant: string): string {
    const base = this.inBucket ? path.join(this.tmpDir, `${storageKey}.${variant}`) : this.derivedPath(storageKey, variant);
    return `${base}.${randomUUID()}.tmp`;
  }

  private derivedKey(storageKey: string, variant: string): string {
    if (!this.derivedVariants.has(variant)) throw new Error(`Unregistered derived variant: ${variant}`);
    return `derived/${storageKey}.${variant}`;
  }

  /** Declares a kind of derived file, so `remove` takes it away with its stored file. */
  registerDerived(variant: string): void {
    if (!/^[a-z0-9-]{1,32}\.[a-z0-9]{1,8}$/.test(variant)) throw new Error(`Invalid derived variant: ${variant}`);
    this.derivedVariants.add(variant);
  }

  /** Absolute path of a file made from a stored one (it may not exist yet). */
  derivedPath(storageKey: string, variant: string): string {
    this.absolutePath(storageKey); // the key's check (and local disk only)
    if (!this.derivedVariants.has(variant)) throw new Error(`Unregistered derived variant: ${variant}`);
    return path.join(this.derivedDir, `${storageKey}.${variant}`);
  }

  /** Removes a stored file and every file made from it. */
  async remove(storageKey: string): Promise<void> {
    if (this.inBucket) {
      await this.objects.remove(`files/${storageKey}`);
      await Promise.all([...this.derivedVariants].map((v) => this.objects.remove(this.derivedKey(storageKey, v))));
      return;
    }
    await fsp.rm(this.absolutePath(storageKey), { force: true });
    await Promise.all([...this.derivedVariants].map((v) => fsp.rm(this.derivedPath(storageKey, v), { force: true })));
  }
}

/** The extension a storage key may carry: lower-case letters and digits only. */
const safeExtension = (extension: string) =>
  extension
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8);
export { FileTooLargeError } from './file-too-large.js';
