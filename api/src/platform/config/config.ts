import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_SRT_MAX_BYTES } from './size-limits.js';

/** The repository root, so `./data/` means the same place whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  /**
   * Most PostgreSQL connections each of a process's two pools (the ORM's, plain SQL's) opens; unset:
   * 20 in an API process, 3 per job in a worker; the ledger's own pool takes a quarter of it, at
   * least 2. Several processes share the server's max_connections. At least 4: an API process
   * started with 2 waited on itself during start-up.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(4).max(500).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  JWT_SECRET: optionalString,
  JWT_EXPIRES_IN: z.string().default('7d'),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  ADMIN_EMAIL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  RUN_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  QUEUE_PREFIX: z.string().default('shotlog'),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  MAX_UPLOAD_FILES: z.coerce.number().int().positive().default(2000),
  /** Largest .SRT accepted at upload and parsed at processing (default: see config/size-limits.ts). */
  SRT_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULT_SRT_MAX_BYTES),
  /** A JPG stating more pixels in its header is refused at upload and never decoded (analysis/media/image-limits.ts). */
  MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(DEFAULT_MAX_IMAGE_PIXELS),
  /** Thumbnail decodes one API process runs at once, and how many may wait (more: 503). */
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Track (.SRT) reading threads of one API process, and how many reads may wait (more: 503). */
  TRACK_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  TRACK_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** An unfinished resumable (tus) upload is swept with its bytes this long after it began. */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  CORS_ORIGINS: optionalString,
  METRICS_TOKEN: optionalString,
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(32),
  HTTP_BODY_IDLE_MS: z.coerce.number().int().positive().default(30_000),
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  PUBLIC_URL: optionalString,
  /** Express 'trust proxy': whose X-Forwarded-For is believed (per-address rate limits). */
  TRUST_PROXY: z.string().default('loopback'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  JOB_BACKOFF_MS: z.coerce.number().int().min(0).default(2000),
  QUEUE_RECONCILE_MS: z.coerce.number().int().min(200).default(30_000),
  METADATA_PROVIDER: z.enum(['offline', 'openai']).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** Per-account quotas (0 turns one off). */
  MAX_PROJECTS_PER_ACCOUNT: z.coerce.number().int().min(0).default(1000),
  MAX_PENDING_PURCHASE_REQUESTS: z.coerce.number().int().min(0).default(10),
  MAX_STORAGE_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(0)
    .default(500 * 1024 ** 3),
  /** Use exactly this ffprobe / ffmpeg (else the PATH's, else the npm packages'): media-tools.ts. */
  FFPROBE_PATH: optionalString,
  FFMPEG_PATH: optionalString,
  /** How long start-up waits for DATABASE_URL / REDIS_URL to accept connections before it gives up. */
  STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  /** Delivery: hosts beyond the agency table a connection may target (comma-separated names or addresses). */
  DELIVERY_EXTRA_HOSTS: optionalString,
  /** Delivery: a PEM file of extra certificate authorities trusted for FTPS (beside the system's). */
  DELIVERY_CA_FILE: optionalString,
  /** Key for agency passwords and SSH keys at rest; else generated into DATA_DIR/secrets-key. */
  SECRETS_KEY: optionalString,
  /** Delivery: a transfer that moves no byte for this long is cut and retried. */
  DELIVERY_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** S3-compatible object storage: with S3_BUCKET set every stored byte goes to the bucket. */
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'a bucket name: 3-63 lower-case letters, digits, dots, hyphens'),
  S3_ENDPOINT: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v), 'an http(s):// URL'),
  S3_PUBLIC_ENDPOINT: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v), 'an http(s):// URL'),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Bytes of bucket objects a worker or API process keeps on local disk for tools that need a file. */
  S3_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024 ** 2)
    .default(10 * 1024 ** 3),
  /** Presigned download links live this long (never longer than the file link that asked). */
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Delivery: files in flight per API process, over all connections (each connection also has its own limit). */
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** E-mail: smtp://user:pass@host:587 (STARTTLS required, certificate verified) or smtps://...:465; unset = the admin outbox only. */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/i.test(v), 'must be smtp://[user:pass@]host[:port] or smtps://...'),
  /** The From of every e-mail, e.g. "Shotlog <no-reply@example.com>". */
  MAIL_FROM: optionalString,
  /** A PEM file of extra certificate authorities trusted for the SMTP server (beside the system's). */
  SMTP_CA_FILE: optionalString,
  /** Tries per message before it shows as failed, and the first wait between tries (doubling). */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  MAIL_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
});

/** The default sender's domain: PUBLIC_URL's host, else shotlog.local. */
function mailDomainOf(publicUrl: string | undefined): string {
  try {
    return publicUrl ? new URL(publicUrl).hostname || 'shotlog.local' : 'shotlog.local';
  } catch {
    return 'shotlog.local';
  }
}

/** A configuration value that fails validation; the message names the variable and its value. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      const value = env[name];
      // Secrets are never echoed; other values are, so the line shows what was read.
      const shown = value === undefined || /SECRET|PASSWORD|KEY|TOKEN|SMTP_URL/.test(name) ? '' : `=${JSON.stringify(value)}`;
      return `${name}${shown} is not valid (${i.message})`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  // Bucket settings without a bucket, or half a key pair, would silently mean something else.
  const s3Set = ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => (env[k] ?? '').trim() !== '');
  if (!e.S3_BUCKET && s3Set.length)
    throw new ConfigError(`Invalid configuration: ${s3Set.join(', ')} set without S3_BUCKET (set S3_BUCKET to use a bucket, or unset them)`);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the AWS SDK's own credential chain)",
    );
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storageDir: path.join(dataDir, 'files'),
    /** The bucket (S3_BUCKET) when set; else files live under storageDir. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          publicEndpoint: e.S3_PUBLIC_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          cacheBytes: e.S3_CACHE_BYTES,
          presignSeconds: e.S3_PRESIGN_SECONDS,
        }
      : undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    redisUrl: e.REDIS_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL ?? `${e.ADMIN_USERNAME}@shotlog.local` }
        : undefined,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'web', 'dist')),
    runWorker: e.RUN_WORKER,
    queuePrefix: e.QUEUE_PREFIX,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxUploadFiles: e.MAX_UPLOAD_FILES,
    srtMaxBytes: e.SRT_MAX_BYTES,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    /** Thumbnail decoding: at once per process, and waiting (see files/thumbnails.ts). */
    imageDecode: { concurrency: e.IMAGE_DECODE_CONCURRENCY, maxQueued: e.IMAGE_DECODE_QUEUE },
    /** Track reading threads per process, and reads waiting (see tracks/track-pool.ts). */
    trackThreads: { size: e.TRACK_THREADS, maxQueued: e.TRACK_QUEUE },
    uploadExpiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 3_600_000),
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL, timeoutMs: e.OPENAI_TIMEOUT_MS, maxRetries: e.OPENAI_MAX_RETRIES },
    /** openai when a key is set, else offline; METADATA_PROVIDER forces one. */
    metadataProvider: e.METADATA_PROVIDER ?? (e.OPENAI_API_KEY ? ('openai' as const) : ('offline' as const)),
    /** Jobs one worker process runs at once; lock = how long a silent (killed) worker holds a job. */
    worker: {
      concurrency: e.WORKER_CONCURRENCY,
      lockMs: e.WORKER_LOCK_MS,
      attempts: e.JOB_ATTEMPTS,
      backoffMs: e.JOB_BACKOFF_MS,
      reconcileMs: e.QUEUE_RECONCILE_MS,
    },
    introspection: e.GRAPHQL_INTROSPECTION ? e.GRAPHQL_INTROSPECTION === 'true' : e.NODE_ENV !== 'production',
    authRateLimitPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    /** graphql-ws connections open at once from one client address (more: closed with 4429). */
    wsMaxConnectionsPerAddress: e.WS_MAX_CONNECTIONS_PER_ADDRESS,
    /** Non-upload request bodies: the longest pause between bytes, and the longest whole body. */
    bodyTimeouts: { idleMs: e.HTTP_BODY_IDLE_MS, totalMs: e.HTTP_BODY_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : [],
    /** The public origin (e.g. https://shotlog.example.com), so signed export links are absolute. */
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    quotas: {
      maxProjects: e.MAX_PROJECTS_PER_ACCOUNT,
      maxPendingPurchaseRequests: e.MAX_PENDING_PURCHASE_REQUESTS,
      maxStorageBytes: e.MAX_STORAGE_BYTES_PER_ACCOUNT,
    },
    mediaTools: { ffprobePath: e.FFPROBE_PATH, ffmpegPath: e.FFMPEG_PATH },
    startupWaitSeconds: e.STARTUP_WAIT_SECONDS,
    delivery: {
      extraHosts: (e.DELIVERY_EXTRA_HOSTS ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
      caFile: e.DELIVERY_CA_FILE,
      secretsKey: e.SECRETS_KEY,
      stallMs: e.DELIVERY_STALL_SECONDS * 1000,
      concurrency: e.DELIVERY_CONCURRENCY,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Shotlog <no-reply@${mailDomainOf(e.PUBLIC_URL)}>`,
      caFile: e.SMTP_CA_FILE,
      attempts: e.MAIL_ATTEMPTS,
      backoffMs: e.MAIL_BACKOFF_MS,
    },
  };
}
