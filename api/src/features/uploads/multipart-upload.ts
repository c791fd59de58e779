import type busboy from 'busboy';
import type { Request } from 'express';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import { UPLOAD_IDLE_MS } from '../../platform/http/body-limits.js';
import { multipartParser } from './multipart-parser.js';
import { discard } from './upload-stream.js';
import { tooManyFiles, type UploadSession } from './uploads.service.js';

// No one reads the answer to a dropped request; a 4xx keeps it out of the error log.
const disconnected = () => badInput('The client disconnected during the upload');

/** A client that sends nothing for this long during an upload is treated as gone (http/body-limits.ts). */
export const IDLE_TIMEOUT_MS = UPLOAD_IDLE_MS;
const FILE_FIELDS = new Set(['files', 'files[]', 'file']);

/**
 * Streams a REST multipart request (the repeated field `files`) into an upload session with
 * busboy: each part goes to storage as it arrives, in constant memory. Resolves with the other
 * text fields once the whole body is read and every file is stored or refused. A client that
 * disconnects (or stalls) makes the session fail; the caller aborts it.
 */
export function receiveMultipart(req: Request, session: UploadSession): Promise<Record<string, string>> {
  if (!req.is('multipart/form-data')) {
    req.resume();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data in the repeated field "files"');
  }
  let parser: busboy.Busboy;
  try {
    parser = multipartParser(req.headers, { maxFileBytes: session.limits.maxFileBytes, maxFiles: session.limits.maxFiles, fields: 20, fieldBytes: 64 * 1024 });
  } catch (err) {
    req.resume();
    throw err;
  }
  const fields: Record<string, string> = {};
  const files: Promise<void>[] = [];
  const onIdle = () => req.destroy(new Error('Upload stalled'));
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      req.socket.off('timeout', onIdle);
      req.socket.setTimeout(0);
      void Promise.allSettled(files).then(() => resolve(fields));
    };
    parser.on('file', (field, stream, info) => {
      if (!FILE_FIELDS.has(field)) return discard(stream);
      files.push(session.addFile(info.filename, stream));
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
      if (name === 'kind') session.restrictSlot(value);
    });
    parser.on('filesLimit', () => session.fail(tooManyFiles(session.limits.maxFiles)));
    parser.on('error', (err: Error) => {
      session.fail(req.complete ? badInput(`Malformed multipart request: ${err.message}`) : disconnected());
      req.unpipe(parser);
      req.resume();
      finish();
    });
    parser.on('close', finish);
    req.on('close', () => {
      if (!req.complete) {
        session.fail(disconnected());
        parser.destroy(disconnected());
        finish();
      }
    });
    req.socket.setTimeout(IDLE_TIMEOUT_MS);
    req.socket.on('timeout', onIdle);
    req.pipe(parser);
  });
}
