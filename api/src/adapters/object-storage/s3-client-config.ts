import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';

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

/** Parts of a multipart upload, and how many are in flight: memory per upload stays near 4 x 8 MiB (3 in flight, 1 filling). */
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

/**
 * Request bodies go unsigned (`x-amz-content-sha256: UNSIGNED-PAYLOAD`, as S3 and every compatible
 * server take). Over https the SDK does so already; over http (MinIO on a private network, the
 * compose deployment) it hashed every byte once more for the signature alone: a second SHA-256 pass
 * over each upload, on the event loop. The content's own SHA-256 (identity) is computed regardless.
 */
export function unsignedPayloads(client: Pick<S3Client, 'middlewareStack'>): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (request.headers && request.body != null) request.headers['x-amz-content-sha256'] ??= 'UNSIGNED-PAYLOAD';
      return next(args);
    },
    { step: 'build', name: 'shotlogUnsignedPayload' },
  );
}
