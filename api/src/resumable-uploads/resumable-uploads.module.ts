import type pg from 'pg';
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { FileStorage } from '../files/file-storage.js';
import type { ThumbnailService } from '../files/thumbnails.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import { ResumableUpload } from './resumable-upload.entity.js';
import { ResumableUploadsService } from './resumable-uploads.service.js';
import { ResumableUploadsResolver } from './resumable-uploads.resolver.js';
import { tusRoutes, unfinishedUploadRoutes } from './resumable-uploads.routes.js';

export interface ResumableUploadsDeps extends RouteAuth {
  resumableUploads: ResumableUploadsService;
}

export interface ResumableUploadsNeeds {
  config: Pick<Config, 'storageDir' | 'maxUploadBytes' | 'maxUploadFiles' | 'srtMaxBytes' | 'maxImagePixels' | 'uploadExpiryMs' | 'corsOrigins'>;
  orm: Orm;
  pool: pg.Pool;
  logger: Logger;
  storage: FileStorage;
  fileSets: FileSetsService;
  thumbnails: Pick<ThumbnailService, 'prepare'>;
  quotas: AccountQuotas;
}

/** Resumable uploads over tus at /api/uploads/tus, into the same file sets as the multipart routes. */
export const resumableUploadsModule = defineModule({
  name: 'resumable-uploads',
  entities: [ResumableUpload],
  services: services(
    { config: true, orm: true, pool: true, logger: true, storage: true, fileSets: true, thumbnails: true, quotas: true },
    (d: ResumableUploadsNeeds) => ({
      resumableUploads: new ResumableUploadsService(
        d.orm,
        d.pool,
        d.storage,
        d.fileSets,
        d.logger,
        {
          storageDir: d.config.storageDir,
          limits: { maxFileBytes: d.config.maxUploadBytes, maxFiles: d.config.maxUploadFiles, maxSrtBytes: d.config.srtMaxBytes, maxImagePixels: d.config.maxImagePixels },
          expiryMs: d.config.uploadExpiryMs,
          corsOrigins: d.config.corsOrigins,
        },
        (keys) => d.thumbnails.prepare(keys),
        d.quotas,
      ),
    }),
  ),
  handlers: handlers<ResumableUploadsDeps>(
    { auth: true, resumableUploads: true },
    {
      resolvers: [ResumableUploadsResolver],
      // tus streams its own bodies: no JSON parser before it.
      routes: [
        { path: '/api/uploads/tus', router: tusRoutes },
        { path: '/api/upload', router: unfinishedUploadRoutes },
      ],
    },
  ),
  start: step({ resumableUploads: true }, (d: { resumableUploads: ResumableUploadsService }) => d.resumableUploads.start()),
  stop: step({ resumableUploads: true }, (d: { resumableUploads: ResumableUploadsService }) => d.resumableUploads.stop()),
});
