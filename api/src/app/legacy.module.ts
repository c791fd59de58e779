// TEMPORARY (issue 17 reshaping in progress): the features not yet declared as their own modules,
// wired as before. Deleted when every feature folder exports its module.
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { BaseServices } from './compose.js';
import { ProcessingWorker } from '../processing/worker/processing-worker.js';
import { createMetadataProvider } from '../analysis/metadata/index.js';
import { createServices } from './create-services.js';
import { User } from '../users/user.entity.js';
import { Project } from '../projects/project.entity.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { CreditPackage } from '../purchases/credit-package.entity.js';
import { PurchaseRequest } from '../purchases/purchase-request.entity.js';
import { FileSetResult } from '../results/file-set-result.entity.js';
import { ProcessingRun } from '../processing/processing-run.entity.js';
import { ProcessingJob } from '../processing/processing-job.entity.js';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { PasswordReset } from '../auth/password-reset.entity.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';
import { ProjectsResolver } from '../projects/projects.resolver.js';
import { CreditsResolver } from '../credits/credits.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { ProcessingResolver } from '../processing/processing.resolver.js';
import { ResultsResolver } from '../results/results.resolver.js';
import { ApiTokensResolver } from '../api-tokens/api-tokens.resolver.js';
import { UploadsResolver } from '../uploads/uploads.resolver.js';
import { FileSetsResolver } from '../file-sets/file-sets.resolver.js';
import { ExportsResolver } from '../exports/exports.resolver.js';
import { AdminQueueResolver } from '../admin/admin-queue.resolver.js';
import { LedgerEventResolver } from '../admin/ledger-event.resolver.js';
import { authRoutes } from '../auth/auth.routes.js';
import { userRoutes } from '../users/users.routes.js';
import { projectRoutes } from '../projects/projects.routes.js';
import { purchaseRoutes, transactionRoutes } from '../credits/credits.routes.js';
import { adminRoutes } from '../admin/admin.routes.js';
import { adminQueueRoutes } from '../admin/admin-queue.routes.js';
import { fileSetFileRoutes, uploadRoutes } from '../uploads/uploads.routes.js';
import { fileSetItemRoutes, fileSetRoutes } from '../file-sets/file-sets.routes.js';
import { fileRoutes } from '../files/files.routes.js';
import { exportRoutes } from '../exports/exports.routes.js';
import { apiTokenRoutes } from '../api-tokens/api-tokens.routes.js';
import { mountExplorer } from '../explorer/explorer.routes.js';
import { processingRoutes } from '../processing/processing.routes.js';
import { resultRoutes } from '../results/results.routes.js';
import { processingModule } from '../processing/processing.module.js';

type Legacy = ReturnType<typeof createServices>;
const baseNeeds = { config: true, logger: true, orm: true, pool: true, queue: true, ledger: true, jwtSecret: true, metrics: true, idempotency: true } as const;
const allNeeds = {
  ...baseNeeds,
  users: true,
  auth: true,
  projects: true,
  credits: true,
  settings: true,
  purchases: true,
  admin: true,
  storage: true,
  fileSets: true,
  uploads: true,
  files: true,
  thumbnails: true,
  exports: true,
  exiftool: true,
  apiTokens: true,
  processing: true,
  results: true,
  progressListener: true,
} as const;

export const legacyModule = defineModule({
  name: 'legacy',
  entities: [User, Project, FileSet, MediaFile, Setting, CreditPackage, PurchaseRequest, FileSetResult, ApiToken, ProcessingRun, ProcessingJob, PasswordReset],
  services: services<BaseServices, Legacy>(baseNeeds, (d) => createServices(d)),
  handlers: handlers<BaseServices & Legacy>(allNeeds, {
    resolvers: [
      AuthResolver,
      UsersResolver,
      ProjectsResolver,
      CreditsResolver,
      AdminResolver,
      LedgerEventResolver,
      AdminQueueResolver,
      UploadsResolver,
      FileSetsResolver,
      ExportsResolver,
      ApiTokensResolver,
      ProcessingResolver,
      ResultsResolver,
    ] as never,
    routes: [
      { path: '/auth', json: true, router: authRoutes },
      { path: '/api/user/tokens', json: true, router: apiTokenRoutes },
      { path: '/api/user', json: true, router: userRoutes },
      { path: '/api/user', json: true, router: transactionRoutes },
      { path: '/api/purchase', json: true, router: purchaseRoutes },
      { path: '/api/admin', json: true, router: adminRoutes },
      { path: '/api/projects', router: exportRoutes },
      { path: '/api/admin', router: adminQueueRoutes },
      { path: '/api/projects', json: true, router: processingRoutes },
      { path: '/api/projects', json: true, router: projectRoutes },
      { path: '/api/projects', json: true, router: fileSetRoutes },
      { path: '/api/upload', router: uploadRoutes },
      { path: '/api/filesets', router: fileSetFileRoutes },
      { path: '/api/filesets', json: true, router: fileSetItemRoutes },
      { path: '/api/files', router: fileRoutes },
      { path: '/api/filesets', json: true, router: resultRoutes },
    ],
    mount: (app, deps) => mountExplorer(app, deps),
    onSchema: (schema, deps) => processingModule.handlers.onSchema?.(schema, deps),
  }),
  start: step(
    { storage: true, users: true, apiTokens: true, credits: true, config: true, logger: true },
    async (d: Pick<BaseServices & Legacy, 'storage' | 'users' | 'apiTokens' | 'credits' | 'config' | 'logger'>) => {
      await d.storage.init();
      if (d.config.admin) {
        const { user: admin, promoted } = await d.users.ensureAdmin(d.config.admin);
        // The account's own tokens predate its promotion: none of them may act as administrator.
        if (promoted) await d.apiTokens.revokeAllOf(admin.id);
        await d.credits.onboard(admin.id);
        d.logger.info({ username: admin.username, promoted }, 'administrator ensured');
      }
    },
  ),
  worker: step(allNeeds, (d: BaseServices & Legacy) => new ProcessingWorker(d as never, createMetadataProvider(d.config)).start()),
  stop: step(
    { exiftool: true, thumbnails: true, storage: true, progressListener: true },
    async (d: Pick<Legacy, 'exiftool' | 'thumbnails' | 'storage' | 'progressListener'>) => {
      await d.exiftool.end();
      await d.thumbnails.close();
      await d.storage.close();
      await d.progressListener.close();
    },
  ),
});
