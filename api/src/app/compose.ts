import type pg from 'pg';
import type { Ledger } from '@shotlog/ledger';
import type { Config } from '../platform/config/config.js';
import type { Orm } from '../platform/db/database.js';
import type { Logger } from '../platform/logging/logger.js';
import type { QueueBackend } from '../platform/queue/queue-backend.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import { EventBus } from '../platform/events/events.js';
import { AccountQuotas } from '../features/quotas/account-quotas.js';
import { QUOTA_COUNTS } from './quota-counts.js';
import { SettingsService } from '../features/settings/settings.service.js';
import { SiteTextSettings } from '../features/settings/site-text-settings.js';
import { UsersService } from '../features/users/users.service.js';
import { ensureAdmin } from './ensure-admin.js';
import { ApiTokensService } from '../features/api-tokens/api-tokens.service.js';
import { AuthService } from '../features/auth/auth.service.js';
import { JwtService } from '../features/auth/jwt.js';
import { AttemptLimiter, PgAttemptStore } from '../features/auth/rate-limit.js';
import { PasswordResets } from '../features/auth/password-resets.js';
import { CreditsService } from '../features/credits/credits.service.js';
import { PurchasesService } from '../features/purchases/purchases.service.js';
import { AdminService } from '../features/admin/admin.service.js';
import { FinanceService } from '../features/finance/finance.service.js';
import { FileStorage } from '../features/files/file-storage.js';
import { openObjectStore } from '../adapters/object-storage/index.js';
import { ThumbnailService } from '../features/files/thumbnails.js';
import { FilesService } from '../features/files/files.service.js';
import { FileUrlSigner, registerFileUrlSigner } from '../features/files/file-urls.js';
import { ProjectsService } from '../features/projects/projects.service.js';
import { FileSetsService } from '../features/file-sets/file-sets.service.js';
import { ProcessingService } from '../features/processing/processing.service.js';
import { runHolds } from '../features/processing/run-holds.js';
import { ProgressListener } from '../features/processing/progress-listener.js';
import { ProcessingWorker } from '../features/processing/worker/processing-worker.js';
import { createMetadataProvider } from '../adapters/metadata-providers/provider.js';
import { ResultsService } from '../features/results/results.service.js';
import { ReviewService } from '../features/review/review.service.js';
import { applyRulesToGenerated } from '../features/review/keyword-rules-store.js';
import { KeywordRulePresets } from '../features/review/keyword-rule-presets.js';
import { UploadsService } from '../features/uploads/uploads.service.js';
import { UploadPlansService } from '../features/uploads/upload-plans.js';
import { ResumableUploadsService } from '../features/resumable-uploads/resumable-uploads.service.js';
import { TracksService } from '../features/tracks/tracks.service.js';
import { ExifToolHolder } from '../features/exports/exiftool-holder.js';
import { StillTaker } from '../features/file-sets/stills.js';
import { closePhotoExif } from '../adapters/media-tools/photo-exif.js';
import { ExportsService } from '../features/exports/exports.service.js';
import { DeliveryService } from '../features/delivery/delivery.service.js';
import { DeliveryWorker } from '../features/delivery/delivery-worker.js';
import { MailService } from '../features/mail/mail.service.js';
import { MailNotices } from '../features/mail/mail-notices.js';
import { NotificationsService } from '../features/notifications/notifications.service.js';
import { projectName } from '../features/projects/project-rows.js';
import { MailWorker } from '../features/mail/mail-worker.js';
import { resetLinkUrl } from '../features/auth/password-resets.js';
import { ContactService } from '../features/contact/contact.service.js';

/** What every process opens before any feature's service exists (app/process.ts). */
export interface Platform {
  config: Config;
  logger: Logger;
  orm: Orm;
  pool: pg.Pool;
  queue: QueueBackend;
  ledger: Ledger;
  /** Signs login tokens and file links (a worker never signs; it gets a placeholder). */
  jwtSecret: string;
  metrics: Metrics;
  idempotency: IdempotencyService;
}

/** The listener's own connection goes to the app database the pool was opened on. */
const connectionStringOf = (pool: pg.Pool) => String((pool as unknown as { options: { connectionString: string } }).options.connectionString);

/**
 * The composition root: builds every service of one process (the API server and the standalone
 * worker alike) with `new`, each from the few services it takes, in dependency order, and
 * subscribes the reactions between features on named lines at the end. A service used before the
 * line that builds it, or a constructor argument left out, is a compile error on that line.
 * Handlers get their narrow objects where they are listed: resolvers in graphql-schema.ts, routes
 * in http-app.ts.
 */
export function composeServices(platform: Platform) {
  const { config, logger, orm, pool, queue, ledger, jwtSecret, metrics } = platform;
  const events = new EventBus(logger, (labels) => metrics.eventListenerFailures.inc(labels));
  // E-mail: recorded, queued, sent by MailWorker (SMTP_URL) or kept in the admin outbox.
  const mail = new MailService(pool, queue, logger, config);

  // Accounts: quotas and site settings, users, API tokens, sign-in, credits and buying them.
  const quotas = new AccountQuotas(config.quotas, QUOTA_COUNTS);
  const settings = new SettingsService(orm);
  const siteText = new SiteTextSettings(orm);
  const users = new UsersService(orm, config.admin);
  const apiTokens = new ApiTokensService(orm);
  const attempts = new AttemptLimiter(config.authRateLimitPerMinute, new PgAttemptStore(pool));
  const auth = new AuthService(users, new JwtService(jwtSecret, config.jwtExpiresIn), attempts, apiTokens, new PasswordResets(orm), events, (err) =>
    logger.error({ err }, 'password-reset e-mail not sent'),
  );
  const credits = new CreditsService(ledger, settings);
  const purchases = new PurchasesService(orm, pool, ledger, quotas, events);
  const admin = new AdminService(users, credits, settings, ledger);
  const finance = new FinanceService(pool, users);
  const contact = new ContactService(pool, attempts, events);
  const mailNotices = new MailNotices(mail, logger, { paymentInstructions: () => siteText.paymentInstructions(), admins: () => users.admins() });
  const notifications = new NotificationsService(
    pool,
    mail,
    {
      user: async (id) => (await users.summaries([id])).get(id) ?? null,
      projectName: (id) => projectName(pool, id),
      balanceCents: (id) => credits.balanceCents(id),
    },
    logger,
  );

  // Stored files: the bytes on disk or in the bucket (S3_BUCKET), their thumbnails, signed links (resourceUri) with the login tokens' secret.
  const objects = openObjectStore({ storageDir: config.storageDir, dataDir: config.dataDir, s3: config.s3 });
  const storage = new FileStorage(config.storageDir, undefined, undefined, objects, { keepUploads: config.runWorker });
  const thumbnails = new ThumbnailService(storage, logger, { maxPixels: config.maxImagePixels, ...config.imageDecode });
  const files = new FilesService(orm);
  registerFileUrlSigner(new FileUrlSigner(jwtSecret));

  // Projects and their file sets, uploaded (multipart or tus), processed into results, reviewed.
  const projects = new ProjectsService(orm, quotas, events);
  // A clip without a JPG gets a still taken from its video (issue 30): as soon as its video is in.
  // Where this process also processes the sets (RUN_WORKER), the still is kept in its cache of
  // bucket objects as well: processing reads it next, and need not fetch it back.
  const stills = new StillTaker(
    orm,
    storage,
    logger,
    events,
    quotas,
    (storageKey, local) => {
      const still = [{ storageKey, local }];
      if (!config.runWorker) return thumbnails.prepare(still);
      // Kept before the thumbnails take the local still (they let it go once made).
      void storage
        .keepLocalCopy(storageKey, local.path)
        .catch((err: unknown) => logger.warn({ err, storageKey }, 'could not keep a copy of the still'))
        .then(() => thumbnails.prepare(still));
    },
    { processedHere: config.runWorker },
  );
  const fileSets = new FileSetsService(orm, storage, projects, config.dataDir, logger, quotas, events, runHolds, stills);
  const uploadLimits = {
    maxFileBytes: config.maxUploadBytes,
    maxFiles: config.maxUploadFiles,
    maxSrtBytes: config.srtMaxBytes,
    maxImagePixels: config.maxImagePixels,
  };
  // The set list shows small thumbnails of the JPGs: they are made as soon as the JPGs are in.
  const uploads = new UploadsService(storage, fileSets, uploadLimits, (keys) => thumbnails.prepare(keys));
  const uploadPlans = new UploadPlansService(orm, projects, fileSets, (key, range) => storage.read(key, range), uploadLimits.maxFileBytes);
  const resumableUploads = new ResumableUploadsService(
    orm,
    pool,
    storage,
    fileSets,
    logger,
    { storageDir: config.storageDir, limits: uploadLimits, expiryMs: config.uploadExpiryMs, corsOrigins: config.corsOrigins, s3: config.s3 },
    (keys) => thumbnails.prepare(keys),
    quotas,
  );
  const processing = new ProcessingService({ config, logger, pool, queue, ledger, credits, projects, uploads: resumableUploads, events });
  const progressListener = new ProgressListener(connectionStringOf(pool), logger);
  const results = new ResultsService(orm, pool, applyRulesToGenerated);
  const review = new ReviewService(pool);
  const rulePresets = new KeywordRulePresets(orm, review, results);
  const tracks = new TracksService(orm, storage, projects, config.srtMaxBytes, config.trackThreads);

  // Exports (CSVs, metadata ZIP through one exiftool child) and delivery to the agencies.
  const exiftool = new ExifToolHolder();
  const exports = new ExportsService({ pool, projects, users, storage, exiftool, logger, publicUrl: config.publicUrl }, jwtSecret);
  const delivery = new DeliveryService({ config, logger, pool, queue, projects, exports });

  // Reactions between features: the event map and its one failure rule are in events/events.ts.
  events.on('user.registered', 'credits.onboard', ({ userId }) => credits.onboard(userId)); // ledger stream and sign-up bonus
  events.on('fileSet.filesRecorded', 'fileSets.takeStills', ({ projectId }) => stills.schedule(projectId)); // stills of clips without a JPG, off the request
  events.on('fileSet.filesRecorded', 'processing.onFilesRecorded', ({ projectId }) => processing.onFilesRecorded(projectId)); // sets as they complete
  events.on('project.deletedForGood', 'fileSets.sweepDeletedFiles', () => fileSets.sweepDeletedFiles()); // rows cascaded; the bytes go
  // E-mail to the buyer and the administrators; a notice catches its own errors (the purchase stands).
  events.on('purchase.requested', 'mail.purchaseRequested', (p) => mailNotices.purchaseRequested(p));
  events.on('purchase.requested', 'mail.purchaseNewForAdmins', (p) => mailNotices.purchaseForAdmins(p));
  events.on('purchase.proofSubmitted', 'mail.purchaseProofForAdmins', (p) => mailNotices.purchaseForAdmins(p));
  events.on('purchase.decided', 'notifications.purchaseDecided', (p) =>
    notifications.purchaseDecided(p, (unsubscribeUrl) => mailNotices.purchaseDecided(p, unsubscribeUrl)),
  );
  events.on('processing.runFinished', 'notifications.runFinished', (p) => notifications.runFinished(p)); // finished/failed, then low credits
  events.on('delivery.finished', 'notifications.deliveryFinished', (p) => notifications.deliveryFinished(p));
  events.on('contact.received', 'mail.contactForAdmins', (p) => mailNotices.contactForAdmins(p));
  events.on('contact.replied', 'mail.contactReply', (p) => mailNotices.contactReply(p));
  events.on('auth.passwordResetRequested', 'mail.passwordReset', (p) => mailNotices.passwordReset({ ...p, url: resetLinkUrl(p.secret, mail.origin) }));

  return {
    ...platform,
    events,
    mail,
    mailNotices,
    notifications,
    quotas,
    settings,
    siteText,
    contact,
    users,
    apiTokens,
    auth,
    credits,
    purchases,
    admin,
    finance,
    storage,
    thumbnails,
    files,
    projects,
    fileSets,
    stills,
    uploads,
    uploadPlans,
    resumableUploads,
    processing,
    progressListener,
    results,
    review,
    rulePresets,
    tracks,
    exiftool,
    exports,
    delivery,
  };
}

/** Every service of one process: what the handler lists pick from, and what tests reach through a running server. */
export type AppServices = ReturnType<typeof composeServices>;

/** Before the server listens, in this order. */
export async function startServices(s: AppServices): Promise<void> {
  // The files folder, or the bucket (S3_BUCKET) checked for a write: first, so a fault leaves nothing started.
  await s.storage.init();
  // The reserved administrator account (config.admin), made or promoted.
  await ensureAdmin({ config: s.config, logger: s.logger, users: s.users, apiTokens: s.apiTokens, credits: s.credits });
  await s.resumableUploads.start();
}

/** When the process stops, after the HTTP server closed and the workers finished, in this order; `log` names each step. */
export async function stopServices(s: AppServices, log: (name: string) => void): Promise<void> {
  log('stills'); // those under way finish (they store, record, and start thumbnails); none starts
  await s.stills.close();
  log('thumbnails and storage'); // thumbnails being made read stored files; then the upload hashing thread
  await s.thumbnails.close();
  await s.storage.close();
  log('track threads'); // no read is waiting: the HTTP server has drained
  await s.tracks.close();
  log('resumable uploads');
  await s.resumableUploads.stop();
  log('progress listener');
  await s.progressListener.close();
  log('exiftool'); // the exiftool child processes must not outlive the server
  await s.exiftool.end();
  await closePhotoExif();
}

/** A background worker (in the API process, or alone with `npm run worker`). */
export interface RunningWorker {
  close(): Promise<void>;
}

/** Starts the background workers: processing (the pipeline per set), delivery (files to the agencies) and e-mail. */
export function startWorkers(s: AppServices): RunningWorker[] {
  const { config, logger, orm, pool, queue, storage } = s;
  return [
    new ProcessingWorker({ config, logger, orm, queue, storage, processing: s.processing, results: s.results }, createMetadataProvider(config)).start(),
    new DeliveryWorker({ config, logger, pool, queue, storage, delivery: s.delivery, events: s.events }).start(),
    new MailWorker({ config, logger, queue, mail: s.mail }).start(),
  ];
}
