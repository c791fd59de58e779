import { apiUrl } from '../../client/api-base';
import { authHeader } from '../../client/auth-header';

/** The batch route's limits (api/src/features/uploads/uploads.service.ts BATCH_MAX_FILES / BATCH_MAX_BYTES). */
export const BATCH_MAX_FILES = 100;
/** Bytes of files one batch takes: the route's 32 MiB less room for the multipart framing. */
export const BATCH_PAYLOAD_BYTES = 31 * 1024 * 1024;

export interface BatchAnswer {
  accepted: Array<{ filename: string; fileSetId: string; alreadyUploaded: boolean }>;
  refused: Array<{ filename: string; reason: string }>;
}

/** A batch that did not get its answer: `status` 0 for the network, else the server's. */
export class BatchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Sends a batch of small files in one multipart request (POST /api/upload/{projectId}/batch), with
 * XMLHttpRequest for its upload progress: `loaded` counts the body's bytes, which the caller spreads
 * over the files in the order they were appended.
 */
export function sendBatch(projectId: string, files: File[], onProgress: (loaded: number) => void, signal: AbortSignal): Promise<BatchAnswer> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/api/upload/${encodeURIComponent(projectId)}/batch`));
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as BatchAnswer);
      const message = (body as { message?: string } | null)?.message ?? `Refused (${xhr.status})`;
      reject(new BatchError(message, xhr.status));
    };
    xhr.onerror = () => reject(new BatchError('Upload failed. Please check your connection.', 0));
    xhr.onabort = () => reject(new BatchError('aborted', -1));
    if (signal.aborted) return reject(new BatchError('aborted', -1));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
