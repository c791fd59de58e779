import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { FileStorage } from '../files/file-storage.js';
import type { ThumbnailService } from '../files/thumbnails.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import { UploadsService } from './uploads.service.js';
import { UploadsResolver } from './uploads.resolver.js';
import { fileSetFileRoutes, uploadRoutes } from './uploads.routes.js';

/** What the uploads resolver and routes use. */
export interface UploadsDeps extends RouteAuth {
  uploads: UploadsService;
  idempotency: IdempotencyService;
}

export interface UploadsNeeds {
  config: Pick<Config, 'maxUploadBytes' | 'maxUploadFiles' | 'srtMaxBytes' | 'maxImagePixels'>;
  storage: FileStorage;
  fileSets: FileSetsService;
  thumbnails: Pick<ThumbnailService, 'prepare'>;
}

/** Uploads: multipart (REST and the GraphQL multipart spec) into a project's file sets, and replacing one file of a set. */
export const uploadsModule = defineModule({
  name: 'uploads',
  services: services({ config: true, storage: true, fileSets: true, thumbnails: true }, (d: UploadsNeeds) => ({
    uploads: new UploadsService(
      d.storage,
      d.fileSets,
      { maxFileBytes: d.config.maxUploadBytes, maxFiles: d.config.maxUploadFiles, maxSrtBytes: d.config.srtMaxBytes, maxImagePixels: d.config.maxImagePixels },
      // The set list shows small thumbnails of the JPGs: they are made as soon as the JPGs are in.
      (keys) => d.thumbnails.prepare(keys),
    ),
  })),
  handlers: handlers<UploadsDeps>(
    { auth: true, uploads: true, idempotency: true },
    {
      resolvers: [UploadsResolver],
      // Both stream their own multipart bodies: no JSON parser before them.
      routes: [
        { path: '/api/upload', router: uploadRoutes },
        { path: '/api/filesets', router: fileSetFileRoutes },
      ],
    },
  ),
});
