import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { badInput } from '../../platform/errors/app-error.js';
import { useNativeBoundarySearch } from './boundary-search.js';

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** Text fields allowed beside the files, and the size of each. */
  fields: number;
  fieldBytes: number;
}

/** What busboy buffers of one file part before it pauses the request (its default is 64 KiB). */
const FILE_PART_BUFFER_BYTES = 1024 * 1024;

/**
 * The one multipart parser setup for REST and GraphQL uploads. Paths in file names are kept, so
 * that a name like `../../etc/passwd.jpg` is refused by name (upload-naming.ts) instead of being
 * silently cut to `passwd.jpg`. The boundary is searched in native code (boundary-search.ts).
 * Throws a 400 when the content type has no boundary.
 */
export function multipartParser(headers: IncomingHttpHeaders, limits: MultipartLimits): busboy.Busboy {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers,
      preservePath: true,
      defParamCharset: 'utf8',
      fileHwm: FILE_PART_BUFFER_BYTES,
      limits: {
        // +1: busboy flags a file that reaches the limit exactly; storage refuses anything over it.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.maxFiles + limits.fields,
        headerPairs: 20,
      },
    });
  } catch {
    throw badInput('Malformed multipart request: the content type needs a boundary');
  }
  useNativeBoundarySearch(parser);
  return parser;
}
