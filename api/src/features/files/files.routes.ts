import { Router, type Request, type Response } from 'express';
import { AppError, unauthenticated } from '../../platform/errors/app-error.js';
import type { MediaFile } from '../file-sets/media-file.entity.js';
import { route } from '../../platform/http/route.js';
import { userOf, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { fileUrlSigner } from './file-urls.js';
import { RENDITIONS, type Rendition, type ThumbnailService } from './thumbnails.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { FilesService } from './files.service.js';
import type { FileStorage } from './file-storage.js';
import { sendFromBucket } from './bucket-download.js';
import { ObjectMissingError } from '../../adapters/object-storage/index.js';

/** What /api/files is built with (app/http-app.ts). */
export interface FileRoutesDeps extends RouteAuth {
  files: FilesService;
  storage: Pick<FileStorage, 'absolutePath' | 'inBucket' | 'presign' | 'read' | 'sizeOf'>;
  /** How long a presigned bucket URL lives at most (S3_PRESIGN_SECONDS); never past the file link's own expiry. */
  presignSeconds: number;
  thumbnails: Pick<ThumbnailService, 'ensure'>;
  logger: Logger;
}

/**
 * GET/HEAD /api/files/{fileId} (and /thumbnail, /preview): a stored file, to its owner only (Authorization header), or with
 * a URL signed for this file (`?token=`, what resourceUri carries). HTTP Range (206/416) so the
 * video element can seek; ETag from the SHA-256 of the bytes.
 */
export function fileRoutes(services: FileRoutesDeps): Router {
  const r = Router();
  const serve = route(async (req, res) => {
    const file = await authorizedFile(services, req);
    await sendStoredFile(services, req, res, file);
    return undefined;
  });
  r.get('/:fileId', serve);
  r.head('/:fileId', serve);
  // A JPG's 320 px WebP thumbnail and 1024 px WebP preview (each made once, on first request for
  // files stored before them). A file's bytes never change (a replacement is a new file), so
  // browsers may keep them for good.
  const rendition = (kind: Rendition) =>
    route(async (req, res) => {
      const file = await authorizedFile(services, req);
      if (file.kind !== 'image') throw new AppError('NOT_FOUND', `Only JPG images have a ${kind}`);
      const made = await services.thumbnails.ensure(file.storageKey, file.filename, kind);
      try {
        await sendFile(services, req, res, file, made.path, {
          'Content-Type': 'image/webp',
          ETag: `"${file.sha256}-w${RENDITIONS[kind].width}"`,
          'Cache-Control': 'private, max-age=31536000, immutable',
          'Content-Disposition': 'inline',
        });
      } finally {
        made.release();
      }
      return undefined;
    });
  const thumbnail = rendition('thumbnail');
  const preview = rendition('preview');
  r.get('/:fileId/thumbnail', thumbnail);
  r.head('/:fileId/thumbnail', thumbnail);
  r.get('/:fileId/preview', preview);
  r.head('/:fileId/preview', preview);
  return r;
}

async function authorizedFile(services: FileRoutesDeps, req: Request): Promise<MediaFile> {
  if (req.headers.authorization) return services.files.getOwned(await userOf(services, req, 'read'), req.params.fileId);
  const token = req.query.token;
  if (token === undefined) throw unauthenticated();
  if (!fileUrlSigner()?.verify(String(req.params.fileId), token)) throw unauthenticated('This file link is invalid or has expired');
  return services.files.getSigned(req.params.fileId);
}

async function sendStoredFile(services: FileRoutesDeps, req: Request, res: Response, file: MediaFile): Promise<void> {
  const headers = {
    'Content-Type': file.contentType,
    ETag: `"${file.sha256}"`,
    'Cache-Control': 'private, max-age=3600',
    'Content-Disposition': `inline; filename="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
  };
  if (!services.storage.inBucket) return sendFile(services, req, res, file, services.storage.absolutePath(file.storageKey), headers);
  // With S3_PUBLIC_ENDPOINT the browser fetches the bytes from the bucket: a short-lived URL that
  // ends no later than the signed link that asked for it.
  const seconds = Math.min(services.presignSeconds, linkSecondsLeft(req.query.token));
  if (seconds > 0) {
    const url = await services.storage.presign(file.storageKey, {
      expiresInSeconds: seconds,
      contentType: file.contentType,
      contentDisposition: headers['Content-Disposition'],
    });
    if (url) {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, url);
      return;
    }
  }
  try {
    await sendFromBucket(services.storage, req, res, file.storageKey, headers);
  } catch (err) {
    if (err instanceof ObjectMissingError) {
      services.logger.error({ fileId: file.id }, 'stored file is missing from the bucket');
      throw new AppError('NOT_FOUND', 'File not found');
    }
    throw err;
  }
}

/** Seconds a signed file link (`?token=exp.sig`) has left; a request with the Authorization header has no such bound. */
function linkSecondsLeft(token: unknown): number {
  if (typeof token !== 'string') return Number.POSITIVE_INFINITY;
  const exp = Number(token.split('.')[0]);
  return Number.isFinite(exp) ? exp - Math.floor(Date.now() / 1000) : 0;
}

/** Sends a file from disk with our headers (the original or a thumbnail made from it). */
function sendFile(
  services: FileRoutesDeps,
  req: Request,
  res: Response,
  file: MediaFile,
  absolutePath: string,
  headers: Record<string, string>,
): Promise<void> {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  return new Promise((resolve, reject) => {
    // send (through Express) does Range, 206/416, If-None-Match/If-Range against our ETag, and HEAD.
    res.sendFile(
      absolutePath,
      { dotfiles: 'allow', etag: false, lastModified: false, cacheControl: false, acceptRanges: true },
      (err?: Error & { status?: number; code?: string }) => {
        if (!err) return resolve();
        if (res.headersSent) {
          res.destroy();
          return resolve();
        }
        res.removeHeader('Content-Disposition');
        res.removeHeader('ETag');
        res.removeHeader('Cache-Control'); // an error must not be kept for a year
        if (err.status === 416) {
          res.status(416).json({ message: 'The requested range is not satisfiable', code: 'RANGE_NOT_SATISFIABLE' });
          return resolve();
        }
        if (err.code === 'ENOENT' || err.status === 404) {
          services.logger.error({ fileId: file.id }, 'stored file is missing');
          return reject(new AppError('NOT_FOUND', 'File not found'));
        }
        reject(err);
      },
    );
  });
}
