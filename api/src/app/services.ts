import type pg from 'pg';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UsersService } from '../users/users.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { QueueBackend } from '../queue/queue-backend.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { PurchasesService } from '../purchases/purchases.service.js';
import type { AdminService } from '../admin/admin.service.js';
import type { Ledger } from '@shotlog/ledger';
import type { Metrics } from '../metrics/metrics.js';
import type { FileStorage } from '../files/file-storage.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { FilesService } from '../files/files.service.js';
import type { ThumbnailService } from '../files/thumbnails.js';
import type { ExportsService } from '../exports/exports.service.js';
import type { ExifToolHolder } from '../exports/exiftool-holder.js';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { ProcessingService } from '../processing/processing.service.js';
import type { ProgressListener } from '../processing/progress-listener.js';
import type { ResultsService } from '../results/results.service.js';

/** TEMPORARY hand-written registry type until every feature is a module (then: ServicesOf<typeof modules>). */
export interface AppServices {
  config: Config;
  logger: Logger;
  orm: Orm;
  pool: pg.Pool;
  users: UsersService;
  auth: AuthService;
  projects: ProjectsService;
  credits: CreditsService;
  queue: QueueBackend;
  ledger: Ledger;
  settings: SettingsService;
  purchases: PurchasesService;
  admin: AdminService;
  metrics: Metrics;
  storage: FileStorage;
  fileSets: FileSetsService;
  uploads: UploadsService;
  files: FilesService;
  /** Small WebP thumbnails of stored JPGs (the set list shows them instead of the originals). */
  thumbnails: ThumbnailService;
  exports: ExportsService;
  /** The process's one ExifTool (ended when the server stops). */
  exiftool: ExifToolHolder;
  apiTokens: ApiTokensService;
  idempotency: IdempotencyService;
  jwtSecret: string;
  processing: ProcessingService;
  results: ResultsService;
  /** LISTEN/NOTIFY feed of progress changes from every worker (subscriptions). */
  progressListener: ProgressListener;
}
