import type pg from 'pg';
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { FileStorage } from '../files/file-storage.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { UsersService } from '../users/users.service.js';
import { ExifToolHolder } from './exiftool-holder.js';
import { ExportsService } from './exports.service.js';
import { ExportDownloadFieldsResolver, ExportsResolver } from './exports.resolver.js';
import { exportRoutes } from './exports.routes.js';

/** What the export resolver and routes use. */
export interface ExportsDeps extends RouteAuth {
  exports: ExportsService;
}

export interface ExportsNeeds {
  pool: pg.Pool;
  projects: ProjectsService;
  users: UsersService;
  storage: FileStorage;
  logger: Logger;
  config: Pick<Config, 'publicUrl'>;
  jwtSecret: string;
}

/** Exports: SPEC's CSVs, the agencies' CSVs and checks, and the metadata ZIP (XMP sidecars, tagged JPGs). */
export const exportsModule = defineModule({
  name: 'exports',
  services: services({ pool: true, projects: true, users: true, storage: true, logger: true, config: true, jwtSecret: true }, (d: ExportsNeeds) => {
    const exiftool = new ExifToolHolder();
    const exports = new ExportsService(
      { pool: d.pool, projects: d.projects, users: d.users, storage: d.storage, exiftool, logger: d.logger, publicUrl: d.config.publicUrl },
      d.jwtSecret,
    );
    return { exiftool, exports };
  }),
  // Downloads answer GETs and read no body: no JSON parser before them.
  handlers: handlers<ExportsDeps>(
    { auth: true, exports: true },
    { resolvers: [ExportsResolver, ExportDownloadFieldsResolver], routes: [{ path: '/api/projects', router: exportRoutes }] },
  ),
  // The exiftool child process must not outlive the server.
  stop: step({ exiftool: true }, (d: { exiftool: ExifToolHolder }) => d.exiftool.end()),
});
