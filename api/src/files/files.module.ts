import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import { FileStorage } from './file-storage.js';
import { ThumbnailService } from './thumbnails.js';
import { FilesService } from './files.service.js';
import { FileUrlSigner, registerFileUrlSigner } from './file-urls.js';
import { fileRoutes } from './files.routes.js';

/** What the file routes use. */
export interface FilesDeps extends RouteAuth {
  files: FilesService;
  storage: Pick<FileStorage, 'absolutePath'>;
  thumbnails: Pick<ThumbnailService, 'ensure'>;
  logger: Logger;
}

export interface FilesNeeds {
  config: Pick<Config, 'storageDir' | 'maxImagePixels' | 'imageDecode'>;
  logger: Logger;
  orm: Orm;
  jwtSecret: string;
}

/** Stored files: the bytes on disk, their thumbnails, and serving them (owner or signed link). */
export const filesModule = defineModule({
  name: 'files',
  services: services({ config: true, logger: true, orm: true, jwtSecret: true }, (d: FilesNeeds) => {
    const storage = new FileStorage(d.config.storageDir);
    // resourceUri links are signed with the login tokens' secret (files/file-urls.ts).
    registerFileUrlSigner(new FileUrlSigner(d.jwtSecret));
    return { storage, thumbnails: new ThumbnailService(storage, d.logger, { maxPixels: d.config.maxImagePixels, ...d.config.imageDecode }), files: new FilesService(d.orm) };
  }),
  handlers: handlers<FilesDeps>(
    { auth: true, files: true, storage: true, thumbnails: true, logger: true },
    { routes: [{ path: '/api/files', router: fileRoutes }] },
  ),
  start: step({ storage: true }, (d: { storage: FileStorage }) => d.storage.init()),
  // Thumbnails being made read stored files; then the upload hashing thread.
  stop: step({ thumbnails: true, storage: true }, async (d: { thumbnails: ThumbnailService; storage: FileStorage }) => {
    await d.thumbnails.close();
    await d.storage.close();
  }),
});
