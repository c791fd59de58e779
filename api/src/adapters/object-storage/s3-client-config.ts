import type { S3ClientConfig } from '@aws-sdk/client-s3';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  publicEndpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  cacheBytes: number;
}

/** Parts of a multipart upload, and how many are in flight: memory per upload stays near 4 x 8 MiB. */
export const PART_BYTES = 8 * 1024 * 1024;
/** A 5xx, a throttle or a cut connection is retried (the SDK's standard retry, with backoff) this many times in all. */
const ATTEMPTS = 5;

export function s3ClientConfig(s: S3Settings, endpoint = s.endpoint): S3ClientConfig {
  return {
    region: s.region,
    endpoint,
    forcePathStyle: s.forcePathStyle,
    maxAttempts: ATTEMPTS,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums on every request only where asked: several S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}
