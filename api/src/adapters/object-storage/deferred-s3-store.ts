import type { Readable } from 'node:stream';
import type { LocalCopy, ObjectStore, PresignOptions, PutOptions, ToolInputOptions } from './object-store.js';
import type { S3Settings } from './s3-client-config.js';
import type { SeedPart } from './clip-seed.js';
import type { S3ObjectStore } from './s3-store.js';

/**
 * The bucket store, its AWS SDK (~35 MB) loaded when first used (start-up's check, with S3_BUCKET
 * set): a process on local disk never loads it.
 */
export class DeferredS3Store implements ObjectStore {
  readonly kind = 's3' as const;
  private real: Promise<S3ObjectStore> | null = null;

  constructor(
    private readonly settings: S3Settings,
    private readonly cacheDir: string,
  ) {}

  private get store(): Promise<S3ObjectStore> {
    this.real ??= import('./s3-store.js').then((m) => new m.S3ObjectStore(this.settings, this.cacheDir));
    return this.real;
  }

  async init(): Promise<void> {
    return (await this.store).init();
  }
  async putFile(key: string, filePath: string): Promise<void> {
    return (await this.store).putFile(key, filePath);
  }
  async putStream(key: string, body: Readable, opts?: PutOptions): Promise<void> {
    return (await this.store).putStream(key, body, opts);
  }
  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return (await this.store).get(key, range);
  }
  async size(key: string): Promise<number | null> {
    return (await this.store).size(key);
  }
  async remove(key: string): Promise<void> {
    return (await this.store).remove(key);
  }
  async copy(fromKey: string, toKey: string): Promise<void> {
    return (await this.store).copy(fromKey, toKey);
  }
  async localFile(key: string): Promise<LocalCopy> {
    return (await this.store).localFile(key);
  }
  async keepLocalCopy(key: string, filePath: string): Promise<void> {
    return (await this.store).keepLocalCopy(key, filePath);
  }
  async keepToolBytes(key: string, size: number, parts: readonly SeedPart[]): Promise<void> {
    return (await this.store).keepToolBytes(key, size, parts);
  }
  async presign(key: string, opts: PresignOptions): Promise<string | null> {
    return (await this.store).presign(key, opts);
  }
  async toolInput(key: string, size: number, opts?: ToolInputOptions): Promise<LocalCopy | null> {
    return (await this.store).toolInput(key, size, opts);
  }
  async close(): Promise<void> {
    if (this.real) await (await this.real).close();
  }
}
