import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import type { FileStorage } from '../files/file-storage.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { ProcessingService } from '../processing/processing.service.js';
import { FileSet } from './file-set.entity.js';
import { MediaFile } from './media-file.entity.js';
import { FileSetsService } from './file-sets.service.js';
import { FileSetsResolver } from './file-sets.resolver.js';
import { fileSetItemRoutes, fileSetRoutes } from './file-sets.routes.js';

/** What the file-set resolver and routes use. */
export interface FileSetsDeps extends RouteAuth {
  fileSets: FileSetsService;
  projects: Pick<ProjectsService, 'getOwned'>;
  /** The wizard's cost step estimates a run. */
  processing: Pick<ProcessingService, 'estimate'>;
}

export interface FileSetsNeeds {
  orm: Orm;
  storage: FileStorage;
  projects: ProjectsService;
  config: Pick<Config, 'dataDir'>;
  logger: Logger;
  quotas: AccountQuotas;
}

/** File sets: a video, a JPG and an SRT by base name; verify, manifest, cost estimate, removal. */
export const fileSetsModule = defineModule({
  name: 'file-sets',
  entities: [FileSet, MediaFile],
  services: services({ orm: true, storage: true, projects: true, config: true, logger: true, quotas: true }, (d: FileSetsNeeds) => {
    const fileSets = new FileSetsService(d.orm, d.storage, d.projects, d.config.dataDir, d.logger, d.quotas);
    // Deleting projects for good cascades to their files' rows; their bytes go with them.
    d.projects.afterDelete.push(async () => void (await fileSets.sweepDeletedFiles()));
    return { fileSets };
  }),
  handlers: handlers<FileSetsDeps>(
    { auth: true, fileSets: true, projects: true, processing: true },
    {
      resolvers: [FileSetsResolver],
      routes: [
        { path: '/api/projects', json: true, router: fileSetRoutes },
        { path: '/api/filesets', json: true, router: fileSetItemRoutes },
      ],
    },
  ),
});
