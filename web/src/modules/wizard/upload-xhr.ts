import { print, type DocumentNode } from 'graphql';
import { apiUrl } from '../../client/api-base';
import { graphqlHeaders } from '../../client/auth-header';

/** The messages of SPEC §8 for the three ways an upload can end badly. */
export const UPLOAD_CANCELLED = 'Upload cancelled.';
export const UPLOAD_FAILED = 'Upload failed. Please try again.';
export const UPLOAD_NETWORK = 'Upload failed. Please check your connection.';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly kind: 'cancelled' | 'failed' | 'network',
    /** The server's own words, when it answered. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface UploadRequest {
  document: DocumentNode;
  variables: Record<string, unknown>;
  /** Each file with the variable path it fills, e.g. `variables.files.0`. */
  files: Array<{ file: File; path: string }>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A GraphQL multipart request (operations, map, files) sent with XMLHttpRequest, because fetch
 * has no upload progress events. Bearer token and Apollo-Require-Preflight as Apollo Client sends.
 */
export function uploadGraphQL<T>(req: UploadRequest): Promise<T> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: print(req.document), variables: req.variables }));
  const map: Record<string, string[]> = {};
  req.files.forEach((f, i) => (map[String(i)] = [f.path]));
  form.append('map', JSON.stringify(map));
  req.files.forEach((f, i) => form.append(String(i), f.file, f.file.name));

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/graphql'));
    for (const [name, value] of Object.entries(graphqlHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) req.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      type Answer = { data?: T; errors?: Array<{ message: string }> };
      let body: Answer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        /* not JSON */
      }
      if (xhr.status < 200 || xhr.status >= 300 || !body?.data || body.errors?.length) {
        return reject(new UploadError(UPLOAD_FAILED, 'failed', body?.errors?.[0]?.message));
      }
      resolve(body.data);
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_NETWORK, 'network'));
    xhr.onabort = () => reject(new UploadError(UPLOAD_CANCELLED, 'cancelled'));
    if (req.signal) {
      if (req.signal.aborted) return xhr.abort();
      req.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
