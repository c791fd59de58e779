import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ClipRelay } from './clip-relay.js';
import { SEED_KEEP_MS, type SeedPart } from './clip-seed.js';
import { LocalCache } from './local-cache.js';
import { PresignedRangeFetch } from './presigned-range-fetch.js';
import { partBuffers } from './buffer-pool.js';
import { putInParts } from './put-in-parts.js';
import { checkKey, ObjectMissingError, type LocalCopy, type ObjectStore, type PresignOptions, type PutOptions, type ToolInputOptions } from './object-store.js';

export type { S3Settings } from './s3-client-config.js';

import { s3ClientConfig, unsignedPayloads, type S3Settings } from './s3-client-config.js';
/** 3 (4 before): with 16 MiB GC pacing, a 2 GiB multipart upload grew the API by +92-94 MB, under issue 35's 100. */
const PARTS_IN_FLIGHT = 3;
/** The largest object one CopyObject may copy (S3's limit); beyond, a multipart copy of 1 GiB parts. */
export const COPY_LIMITS = { singleCopyBytes: 5 * 1024 ** 3, copyPartBytes: 1024 ** 3 };

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2, B2, Ceph RGW, Garage), through the AWS SDK. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly signer: S3Client | null;
  readonly cache: LocalCache;
  /** The relay's ranged GETs: presigned URLs over plain HTTP (presigned-range-fetch.ts). */
  private readonly rangeFetch = new PresignedRangeFetch((key, expiresInSeconds) => this.sign(this.client, key, { expiresInSeconds }));
  /** Where ffprobe and ffmpeg read clips: started on first use (workers), never in an API that reads none. */
  readonly relay = new ClipRelay(this.rangeFetch.fetch);
  /** S3's copy limits; tests lower them to reach the multipart-copy path with small objects. */
  copyLimits = { ...COPY_LIMITS };

  constructor(
    readonly settings: S3Settings,
    cacheDir: string,
  ) {
    this.client = new S3Client(s3ClientConfig(settings));
    unsignedPayloads(this.client);
    this.signer = settings.publicEndpoint ? new S3Client(s3ClientConfig(settings, settings.publicEndpoint)) : null;
    this.cache = new LocalCache(cacheDir, settings.cacheBytes, (key) => this.get(key));
  }

  /** The bucket must exist and take a write: else one line naming the variable to fix. */
  async init(): Promise<void> {
    const where = `bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
      const probe = `.shotlog-write-test/${process.pid}-${Date.now()}`;
      await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: probe, Body: 'ok' }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: probe }));
    } catch (err) {
      throw new Error(storageFault(err, where), { cause: err });
    }
  }

  async putFile(key: string, filePath: string): Promise<void> {
    await this.putStream(key, fs.createReadStream(filePath, { highWaterMark: 1024 * 1024 }));
    await fsp.rm(filePath, { force: true });
  }

  async putStream(key: string, body: Readable, opts: PutOptions = {}): Promise<void> {
    const { keepLocalCopy } = opts;
    // A copy that cannot be kept (a full disk) costs only a download later: the object is stored.
    const whole = keepLocalCopy && ((bytes: Buffer) => (keepLocalCopy() ? this.cache.keepBytes(key, bytes).catch(() => undefined) : Promise.resolve()));
    await putInParts(this.client, { Bucket: this.settings.bucket, Key: checkKey(key), Metadata: opts.metadata }, body, partBuffers, PARTS_IN_FLIGHT, whole);
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new ObjectMissingError(key);
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Size and user metadata (e.g. the sha256 storage:migrate writes), or null when there is no such object. */
  async head(key: string): Promise<{ size: number; metadata: Record<string, string> } | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return { size: out.ContentLength ?? 0, metadata: out.Metadata ?? {} };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.cache.drop(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  /**
   * Server-side: one CopyObject up to 5 GiB, else a multipart copy (UploadPartCopy). A server
   * without UploadPartCopy (s3rver answers NotImplemented) gets each part as a ranged GET streamed
   * into UploadPart: bounded memory, the bytes pass through this process.
   */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const Bucket = this.settings.bucket;
    const CopySource = `${Bucket}/${checkKey(fromKey)}`;
    const size = await this.size(fromKey);
    if (size === null) throw new ObjectMissingError(fromKey);
    const { singleCopyBytes, copyPartBytes } = this.copyLimits;
    if (size <= singleCopyBytes) {
      await this.client.send(new CopyObjectCommand({ Bucket, Key: checkKey(toKey), CopySource }));
      return;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key: checkKey(toKey) }));
    try {
      const parts: Array<{ ETag?: string; PartNumber: number }> = [];
      let serverCopies = true;
      for (let start = 0, n = 1; start < size; start += copyPartBytes, n++) {
        const end = Math.min(start + copyPartBytes, size) - 1;
        const base = { Bucket, Key: toKey, UploadId, PartNumber: n };
        if (serverCopies) {
          try {
            const out = await this.client.send(new UploadPartCopyCommand({ ...base, CopySource, CopySourceRange: `bytes=${start}-${end}` }));
            parts.push({ ETag: out.CopyPartResult?.ETag, PartNumber: n });
            continue;
          } catch (err) {
            if ((err as { name?: string }).name !== 'NotImplemented') throw err;
            serverCopies = false;
          }
        }
        const body = await this.get(fromKey, { start, end });
        const out = await this.client.send(new UploadPartCommand({ ...base, Body: body, ContentLength: end - start + 1 }));
        parts.push({ ETag: out.ETag, PartNumber: n });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key: toKey, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key: toKey, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  localFile(key: string): Promise<LocalCopy> {
    return this.cache.get(checkKey(key));
  }

  /** Into the bounded cache of bucket objects, as if it had been downloaded (local-cache.ts `keep`). */
  keepLocalCopy(key: string, filePath: string): Promise<void> {
    return this.cache.keep(checkKey(key), filePath);
  }

  /** Into the clip relay's blocks, kept a minute (clip-seed.ts). */
  async keepToolBytes(key: string, size: number, parts: readonly SeedPart[]): Promise<void> {
    this.relay.seed(checkKey(key), size, parts, SEED_KEEP_MS);
  }

  async presign(key: string, opts: PresignOptions): Promise<string | null> {
    if (!this.signer) return null;
    return this.sign(this.signer, key, opts);
  }

  /** Through the loopback relay: ranged reads of bounded blocks, shared by the tools reading one clip (clip-relay.ts). */
  async toolInput(key: string, size: number, opts?: ToolInputOptions): Promise<LocalCopy | null> {
    return this.relay.open(checkKey(key), size, opts);
  }

  private sign(client: S3Client, key: string, opts: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: checkKey(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.contentDisposition,
    });
    return getSignedUrl(client, command, { expiresIn: opts.expiresInSeconds });
  }

  async close(): Promise<void> {
    await this.cache.close();
    await this.relay.close();
    this.rangeFetch.close();
    this.client.destroy();
    this.signer?.destroy();
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** One line for a bucket that cannot be used, naming the variable a person should look at. */
export function storageFault(err: unknown, where: string): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404 || e.name === 'NoSuchBucket' || e.name === 'NotFound')
    return `The ${where} does not exist: create it, or set S3_BUCKET to an existing bucket`;
  if (status === 403 || status === 401 || /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied/.test(e.name ?? ''))
    return `The ${where} refused these credentials (${status ?? e.name}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that they may write the bucket`;
  const code = e.code ?? (e as { cause?: { code?: string } }).cause?.code ?? e.name;
  return `The ${where} cannot be reached or written (${code ?? e.message}): check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE`;
}
