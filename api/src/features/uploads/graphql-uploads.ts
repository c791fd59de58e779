import type { RequestHandler } from 'express';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Config } from '../../platform/config/config.js';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import { tooManyFiles, type UploadSession } from './uploads.service.js';
import { IDLE_TIMEOUT_MS } from './multipart-upload.js';
import { readGraphqlMultipart } from './graphql-multipart.js';

const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * The GraphQL multipart request spec on /graphql (read by graphql-multipart.ts), for multipart
 * requests only, before Apollo. Apollo's CSRF prevention would refuse a multipart request without
 * a preflight header anyway; checking it first avoids reading the body. After the answer, files the operation never read
 * (an error before the resolver got to them) are drained so the request completes.
 */
export function graphqlUploadMiddleware(services: { config: Pick<Config, 'maxUploadBytes' | 'maxUploadFiles'> }): RequestHandler {
  const { maxUploadBytes, maxUploadFiles } = services.config;
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (!PREFLIGHT_HEADERS.some((h) => req.headers[h])) {
      req.resume();
      res.status(400).json({
        errors: [
          {
            message: 'Multipart GraphQL requests must send the header Apollo-Require-Preflight: true (CSRF prevention)',
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      return;
    }
    // A client that stops sending is dropped, which fails its files and removes what they stored.
    const onIdle = () => req.destroy(new Error('Upload stalled'));
    req.socket.setTimeout(IDLE_TIMEOUT_MS);
    req.socket.on('timeout', onIdle);
    res.once('close', () => {
      req.socket.off('timeout', onIdle);
      req.socket.setTimeout(0);
    });
    let reading: Promise<unknown>;
    try {
      reading = readGraphqlMultipart(req, { maxFileBytes: maxUploadBytes, maxFiles: maxUploadFiles });
    } catch (err) {
      req.resume();
      return next(err);
    }
    reading.then(
      (body) => {
        req.body = body;
        const uploads = collectUploads(body);
        res.once('close', () => uploads.forEach(drainIfUnread));
        next();
      },
      (err: Error) => next(err),
    );
  };
}

function collectUploads(value: unknown, out: Upload[] = []): Upload[] {
  if (value instanceof Upload) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => collectUploads(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectUploads(v, out));
  return out;
}

function drainIfUnread(upload: Upload): void {
  upload.promise.then(
    (file) => {
      try {
        file.createReadStream().resume();
      } catch {
        /* already read by the resolver, or failed */
      }
    },
    () => undefined,
  );
}

/**
 * Feeds the operation's uploads into a session in the order they arrive on the wire (not the
 * order of the variable), so a client that maps files in another order cannot stall the parser.
 */
export async function consumeUploads(session: UploadSession, files: Array<Promise<FileUpload>>): Promise<void> {
  if (files.length > session.limits.maxFiles) session.fail(tooManyFiles(session.limits.maxFiles));
  await Promise.all(
    files.map((p) =>
      Promise.resolve(p).then(
        (file) => {
          let stream;
          try {
            stream = file.createReadStream();
          } catch (err) {
            return session.fail(uploadError(err));
          }
          return session.addFile(file.filename, stream);
        },
        (err: unknown) => session.fail(uploadError(err)),
      ),
    ),
  );
}

function uploadError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { status?: number }).status;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', (err as Error).message);
  if (status === 499) return badInput('The upload was interrupted: the client disconnected');
  return badInput((err as Error)?.message ?? 'The upload failed');
}
