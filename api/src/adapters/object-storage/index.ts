import path from 'node:path';
import { DeferredS3Store } from './deferred-s3-store.js';
import { LocalDiskStore } from './local-disk-store.js';
import type { ObjectStore } from './object-store.js';
import type { S3Settings } from './s3-client-config.js';

// The AWS SDK is not imported from here: s3-store.ts loads only where a bucket is configured.
export { LocalDiskStore } from './local-disk-store.js';
export { partBuffers } from './buffer-pool.js';
export { catchClipSeed, type ClipSeedCatcher, type SeedPart } from './clip-seed.js';
export { PART_BYTES, s3ClientConfig, unsignedPayloads, type S3Settings } from './s3-client-config.js';
export {
  checkKey,
  isBucketFault,
  ObjectMissingError,
  type LocalCopy,
  type ObjectStore,
  type PresignOptions,
  type PutOptions,
  type ToolInputOptions,
} from './object-store.js';

/** The bucket when S3 settings are given (S3_BUCKET), else local disk under `storageDir` and its sibling `derived`. */
export function openObjectStore(opts: { storageDir: string; dataDir: string; s3?: S3Settings }): ObjectStore {
  if (opts.s3) return new DeferredS3Store(opts.s3, path.join(opts.dataDir, 'cache', `objects-${process.pid}`));
  return new LocalDiskStore({ files: opts.storageDir, derived: path.join(path.dirname(opts.storageDir), 'derived') });
}
