import type { Request } from 'express';
import { Upload, type FileUpload } from 'graphql-upload-minimal';
import type { Readable } from 'node:stream';
import { AppError, badInput } from '../../platform/errors/app-error.js';
import { multipartParser } from './multipart-parser.js';
import { tooManyFiles } from './uploads.service.js';
import { discard } from './upload-stream.js';

const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';
/** The `operations` and `map` fields: JSON, so larger than the REST fields. */
const MAX_FIELD_BYTES = 1_000_000;

/** graphql-upload-minimal's Upload, with the settle functions its types leave out. */
type PendingUpload = Upload & { resolve(file: FileUpload): void; reject(err: Error): void; file?: FileUpload };

/**
 * Reads a GraphQL multipart request (the `operations` field, the `map` field, then the files) and
 * resolves with the operations, each mapped variable holding an Upload that resolves as its file
 * part arrives. The same parser as REST uploads (multipart-parser.ts) instead of
 * graphql-upload-minimal's processRequest, which cuts a path off a file name (`../x.jpg` would
 * arrive as `x.jpg`): here the name arrives as sent, and the upload session refuses it by name
 * exactly as REST does. The Upload values are graphql-upload-minimal's, read by its scalar.
 */
export function readGraphqlMultipart(req: Request, limits: { maxFileBytes: number; maxFiles: number }): Promise<unknown> {
  const parser = multipartParser(req.headers, { maxFileBytes: limits.maxFileBytes, maxFiles: limits.maxFiles, fields: 2, fieldBytes: MAX_FIELD_BYTES });
  return new Promise((resolve, reject) => {
    let operations: unknown;
    let map: Map<string, PendingUpload> | undefined;
    let failure: Error | undefined;
    let lastFile: Readable | undefined;

    const exit = (err: Error) => {
      if (failure) return;
      failure = err;
      reject(err);
      parser.destroy();
      if (lastFile && !lastFile.readableEnded && !lastFile.destroyed) lastFile.destroy(err);
      for (const upload of map?.values() ?? []) if (!upload.file) upload.reject(err);
      req.unpipe(parser);
      // Scheduled: a large body can pause the request again within this tick.
      setImmediate(() => req.resume());
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return exit(new AppError('PAYLOAD_TOO_LARGE', `The '${name}' multipart field is larger than ${MAX_FIELD_BYTES} bytes`));
      if (name === 'operations') {
        try {
          operations = JSON.parse(value);
        } catch {
          return exit(badInput(`Invalid JSON in the 'operations' multipart field (${SPEC})`));
        }
        if (!operations || typeof operations !== 'object') return exit(badInput(`Invalid type for the 'operations' multipart field (${SPEC})`));
      } else if (name === 'map') {
        if (!operations) return exit(badInput(`Misordered multipart fields: 'map' must follow 'operations' (${SPEC})`));
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          return exit(badInput(`Invalid JSON in the 'map' multipart field (${SPEC})`));
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return exit(badInput(`Invalid type for the 'map' multipart field (${SPEC})`));
        const entries = Object.entries(parsed);
        if (entries.length > limits.maxFiles) return exit(tooManyFiles(limits.maxFiles));
        map = new Map();
        for (const [field, paths] of entries) {
          if (!Array.isArray(paths)) return exit(badInput(`The 'map' entry '${field}' must be an array of paths (${SPEC})`));
          const upload = new Upload() as PendingUpload;
          map.set(field, upload);
          for (const p of paths) {
            const problem = setAtPath(operations, p, upload);
            if (problem) return exit(badInput(`The 'map' entry '${field}': ${problem} (${SPEC})`));
          }
        }
        resolve(operations);
      }
    });

    parser.on('file', (field, stream, info) => {
      lastFile = stream;
      if (!map) {
        discard(stream);
        return exit(badInput(`Misordered multipart fields: files must follow 'map' (${SPEC})`));
      }
      const upload = map.get(field);
      // A part the map does not name: read past it.
      if (!upload) return discard(stream);
      // An error before the resolver asks for the stream (the client left) is thrown by createReadStream.
      let streamError: Error | undefined;
      stream.on('error', (err) => (streamError ??= err));
      let taken = false;
      upload.resolve({
        fieldName: field,
        filename: info.filename ?? '',
        mimetype: info.mimeType,
        encoding: info.encoding,
        createReadStream: () => {
          if (streamError) throw streamError;
          if (taken) throw badInput(`The file '${field}' is used twice in the operation`);
          taken = true;
          return stream as ReturnType<FileUpload['createReadStream']>;
        },
      });
    });

    parser.once('filesLimit', () => exit(tooManyFiles(limits.maxFiles)));
    parser.once('error', (err: Error) => exit(req.complete ? badInput(`Malformed multipart request: ${err.message}`) : disconnected()));
    parser.once('close', () => {
      req.unpipe(parser);
      req.resume();
      if (!operations) return exit(badInput(`Missing multipart field 'operations' (${SPEC})`));
      if (!map) return exit(badInput(`Missing multipart field 'map' (${SPEC})`));
      for (const upload of map.values()) if (!upload.file) upload.reject(badInput('File missing in the request'));
    });
    req.once('close', () => {
      if (!req.complete) exit(disconnected());
    });
    req.pipe(parser);
  });
}

const disconnected = () => badInput('The upload was interrupted: the client disconnected');

/** Puts `value` at a dotted path ("variables.files.0") inside `root`; the problem, if any. */
function setAtPath(root: unknown, path: unknown, value: unknown): string | null {
  if (typeof path !== 'string' || !path.trim()) return 'each path must be a non-empty string';
  const props = path.split('.');
  const last = props.pop()!;
  let target = root as Record<string, unknown>;
  for (const prop of [...props, last]) if (!prop || prop === '__proto__' || prop === 'constructor' || prop === 'prototype') return `invalid path "${path}"`;
  for (const prop of props) {
    const next = Object.hasOwn(target, prop) ? target[prop] : undefined;
    if (!next || typeof next !== 'object') return `the path "${path}" is not in the operation`;
    target = next as Record<string, unknown>;
  }
  target[last] = value;
  return null;
}
