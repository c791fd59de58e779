import path from 'node:path';
import { LocalDiskStore } from './local-disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3ObjectStore, type S3Settings } from './s3-store.js';

export { LocalDiskStore } from './local-disk-store.js';
export { S3ObjectStore, s3ClientConfig, storageFault, type S3Settings } from './s3-store.js';
export { checkKey, isBucketFault, ObjectMissingError, type LocalCopy, type ObjectStore, type PresignOptions } from './object-store.js';

/** The bucket when S3 settings are given (S3_BUCKET), else local disk under `storageDir` and its sibling `derived`. */
export function openObjectStore(opts: { storageDir: string; dataDir: string; s3?: S3Settings }): ObjectStore {
  if (opts.s3) return new S3ObjectStore(opts.s3, path.join(opts.dataDir, 'cache', `objects-${process.pid}`));
  return new LocalDiskStore({ files: opts.storageDir, derived: path.join(path.dirname(opts.storageDir), 'derived') });
}
