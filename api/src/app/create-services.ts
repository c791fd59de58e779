import type pg from 'pg';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { AuthService } from '../auth/auth.service.js';
import { JwtService } from '../auth/jwt.js';
import { AttemptLimiter, PgAttemptStore } from '../auth/rate-limit.js';
import { PasswordResets } from '../auth/password-resets.js';
import { UsersService } from '../users/users.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { AccountQuotas } from '../quotas/account-quotas.js';
import { CreditsService } from '../credits/credits.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { PurchasesService } from '../purchases/purchases.service.js';
import { AdminService } from '../admin/admin.service.js';
import type { QueueBackend } from '../queue/queue-backend.js';
import { FileStorage } from '../files/file-storage.js';
import type { BaseServices } from './compose.js';
import { FileSetsService } from '../file-sets/file-sets.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { FilesService } from '../files/files.service.js';
import { ThumbnailService } from '../files/thumbnails.js';
import { FileUrlSigner, registerFileUrlSigner } from '../files/file-urls.js';
import { ExportsService } from '../exports/exports.service.js';
import { ExifToolHolder } from '../exports/exiftool-holder.js';
import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { ProcessingService } from '../processing/processing.service.js';
import { ProgressListener } from '../processing/progress-listener.js';
import { ResultsService } from '../results/results.service.js';

/** TEMPORARY (issue 17 reshaping in progress): the services not yet built by their own module. */
export function createServices(deps: BaseServices) {
  const { ledger } = deps;
  const users = new UsersService(deps.orm, deps.config.admin);
  const apiTokens = new ApiTokensService(deps.orm);
  const auth = new AuthService(
    users,
    new JwtService(deps.jwtSecret, deps.config.jwtExpiresIn),
    new AttemptLimiter(deps.config.authRateLimitPerMinute, new PgAttemptStore(deps.pool)),
    apiTokens,
    new PasswordResets(deps.orm),
  );
  const quotas = new AccountQuotas(deps.config.quotas);
  const projects = new ProjectsService(deps.orm, quotas);
  const settings = new SettingsService(deps.orm);
  const credits = new CreditsService(ledger, settings);
  const purchases = new PurchasesService(deps.orm, deps.pool, ledger, quotas);
  const admin = new AdminService(users, credits, settings, ledger);
  // Every new account gets its ledger stream and the sign-up bonus.
  auth.onRegistered((user) => credits.onboard(user.id));
  const storage = new FileStorage(deps.config.storageDir);
  const fileSets = new FileSetsService(deps.orm, storage, projects, deps.config.dataDir, deps.logger, quotas);
  const thumbnails = new ThumbnailService(storage, deps.logger);
  const uploads = new UploadsService(
    storage,
    fileSets,
    { maxFileBytes: deps.config.maxUploadBytes, maxFiles: deps.config.maxUploadFiles, maxSrtBytes: deps.config.srtMaxBytes },
    (keys) => thumbnails.prepare(keys),
  );
  registerFileUrlSigner(new FileUrlSigner(deps.jwtSecret));
  const exiftool = new ExifToolHolder();
  const exports = new ExportsService(
    { pool: deps.pool, projects, users, storage, exiftool, logger: deps.logger, publicUrl: deps.config.publicUrl },
    deps.jwtSecret,
  );
  // Deleting projects for good cascades to their files' rows; their bytes go with them.
  projects.afterDelete.push(async () => void (await fileSets.sweepDeletedFiles()));
  const processing = new ProcessingService({ config: deps.config, logger: deps.logger, pool: deps.pool, queue: deps.queue, ledger, credits, projects });
  const results = new ResultsService(deps.orm, deps.pool);
  const progressListener = new ProgressListener(
    String((deps.pool as unknown as { options: { connectionString: string } }).options.connectionString),
    deps.logger,
  );
  return {
    users,
    auth,
    projects,
    credits,
    settings,
    purchases,
    admin,
    storage,
    fileSets,
    uploads,
    files: new FilesService(deps.orm),
    thumbnails,
    exports,
    exiftool,
    apiTokens,
    processing,
    results,
    progressListener,
  };
}
