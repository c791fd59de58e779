import type { Readable } from 'node:stream';
import type { SeedPart } from './clip-seed.js';

/**
 * Where stored bytes live: local disk (the embedded default) or an S3-compatible bucket. Keys are
 * made by the server only (`files/<uuid>.<ext>`, `derived/<uuid>.<ext>.<variant>`): a user's file
 * name never reaches a key; names live in the database.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Checks the store can be written (start-up); a fault is one line naming the variable to fix. */
  init(): Promise<void>;
  /** Takes a complete local file into the store under `key` (a rename on disk, an upload to a bucket); the local file is gone after. */
  putFile(key: string, filePath: string): Promise<void>;
  /** Streams `body` into the store under `key` with bounded memory; resolves once the object is kept whole. */
  putStream(key: string, body: Readable, opts?: PutOptions): Promise<void>;
  /** The object's bytes (or `range`, inclusive ends); ObjectMissingError when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The object's size, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Copies an object inside the store (server-side in a bucket: no byte passes through this process). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /**
   * A local file holding the object's bytes, for tools that need a path (ffmpeg frames, sharp,
   * exiftool): the object itself on disk, or a copy in a bounded cache. Call `release` when done.
   */
  localFile(key: string): Promise<LocalCopy>;
  /**
   * Lets a local copy of the object just stored under `key` (a file at `filePath`, left where it is)
   * serve this process's next `localFile(key)` instead of a download: nothing on local disk, where
   * the object is the file itself.
   */
  keepLocalCopy(key: string, filePath: string): Promise<void>;
  /**
   * Lets what tools read first of a clip just stored under `key` (its start and index, caught as it
   * passed: clip-seed.ts) serve this process's next `toolInput(key)` for a while: nothing where the
   * tools read the object on local disk itself.
   */
  keepToolBytes(key: string, size: number, parts: readonly SeedPart[]): Promise<void>;
  /** A URL browsers may fetch the object from directly, or null (local disk, or no S3_PUBLIC_ENDPOINT). */
  presign(key: string, opts: PresignOptions): Promise<string | null>;
  /**
   * A URL a tool on this machine (ffprobe, ffmpeg) reads the object of `size` bytes from by ranged
   * reads, or null where a path is better. Call `release` when the tool is done.
   */
  toolInput(key: string, size: number, opts?: ToolInputOptions): Promise<LocalCopy | null>;
  close(): Promise<void>;
}

export interface LocalCopy {
  path: string;
  release(): void;
  /**
   * For a clip read from a bucket by URL: the bucket fault a tool met meanwhile, if any, an
   * ObjectMissingError when the clip is gone. The tool says only that it could not read the clip;
   * with this the caller retries (or says the clip is missing) instead of calling the clip broken.
   */
  fault?(): Error | null;
}

export interface ToolInputOptions {
  /** The moments (fractions of a clip's length) frames will be taken at: their bytes are fetched ahead. */
  framesAt?: readonly number[];
  /** Keep what was read this long once the tool is done: the clip is read again soon (a still taken where its set is processed next). */
  keepAfterMs?: number;
}

export interface PutOptions {
  /** User metadata kept with the object (storage:migrate's sha256). */
  metadata?: Record<string, string>;
  /**
   * Asked once the object is stored: whether its bytes, where they were in hand whole (an object of
   * one part), also serve this process's next `localFile(key)`, as `keepLocalCopy` does for a file.
   */
  keepLocalCopy?: () => boolean;
}

export interface PresignOptions {
  expiresInSeconds: number;
  contentType?: string;
  contentDisposition?: string;
}

/** The object a database row names is not in the store: reported, never served as empty bytes. */
export class ObjectMissingError extends Error {
  override readonly name = 'ObjectMissingError';
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`The stored object ${key} is missing`);
  }
}

const KEY = /^(files|derived)\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?(\.[a-z0-9-]{1,32}\.[a-z0-9]{1,8})?$/;

/** Refuses any key the server did not make (no folders beyond the two, no dots, no names). tus keeps its own keys (bucket-tus-store.ts). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid object key: ${key}`);
  return key;
}

/** An error from the bucket or the way to it (after the SDK's retries), as opposed to one of ours. */
export function isBucketFault(err: unknown): boolean {
  const e = err as { $metadata?: unknown; name?: string; code?: string; message?: string };
  return Boolean(e && (e.$metadata !== undefined || /^AWS SDK error wrapper/.test(e.message ?? '') || e.name === 'TimeoutError'));
}
