import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import { s3ClientConfig, type S3Settings } from '../../adapters/object-storage/index.js';

/**
 * tus uploads in progress kept in the bucket (@tus/s3-store: each upload is a multipart upload,
 * `<id>.info` its metadata, `<id>.part` a tail shorter than a part), so any API process on any
 * machine resumes any upload: only PostgreSQL (locks, ownership) and the bucket are shared. The
 * finished object `<id>` is hashed and copied into storage by onUploadFinish, then removed.
 *
 * Like HashingFileStore, it answers "complete" for an upload just finished here (@tus/server reads
 * it back once more after the hook for creation-with-upload).
 */
export class BucketTusStore extends S3Store {
  readonly justFinished = new Map<string, number>();

  constructor(settings: S3Settings, expirationPeriodInMilliseconds: number) {
    super({
      partSize: 8 * 1024 * 1024,
      // A few parts in flight per process: memory stays bounded however many uploads arrive.
      maxConcurrentPartUploads: 8,
      expirationPeriodInMilliseconds,
      // Expiry is ours (resumable_uploads.expires_at, swept); object tags are not on every S3-compatible server.
      useTags: false,
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    const size = this.justFinished.get(id);
    if (size === undefined) return super.getUpload(id);
    this.justFinished.delete(id);
    return new Upload({ id, size, offset: size });
  }

  /** Told of a termination (tus DELETE) under the upload's lock, before its bytes go. */
  beforeRemove: (id: string) => Promise<void> = async () => undefined;

  override async remove(id: string): Promise<void> {
    await this.beforeRemove(id);
    return super.remove(id);
  }

  /** The upload's objects go (its multipart upload aborted), whatever state it was left in. */
  async discard(id: string): Promise<void> {
    // Aborts an unfinished multipart upload (a finished one has none: its abort fails, harmlessly).
    await super.remove(id).catch(() => undefined);
    await this.client
      .deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] } })
      .catch(() => undefined);
    await this.clearCache(id);
  }

  /** No hashing job follows a bucket upload (see FileStorage.adoptObject). */
  forget(): void {}

  get hashingCount(): number {
    return 0;
  }
}
