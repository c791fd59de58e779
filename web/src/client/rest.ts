import { apiUrl } from './api-base';
import { authHeader } from './auth-header';

/** An error from the REST shim with the server's message (SPEC §7: `message`, sometimes `error`). */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * Calls the REST shim for what GraphQL does not carry (uploads with progress, file downloads).
 * Network failures throw a TypeError, so callers can tell them apart from server answers.
 */
export async function rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(apiUrl(path), {
    method,
    headers: { ...authHeader(), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const b = parsed as { message?: string; error?: string } | null;
    throw new RestError(b?.error ?? b?.message ?? `Request failed (${res.status})`, res.status, parsed);
  }
  return parsed as T;
}

/** Downloads a file from an authenticated route and saves it under the server's filename. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(apiUrl(path), { headers: authHeader() });
  if (!res.ok) throw new RestError(`Download failed (${res.status})`, res.status, null);
  saveBlob(await res.blob(), filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName);
}

/** Hands a downloaded file to the browser's save dialog under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** RFC 6266: prefer filename*=UTF-8'' over the ASCII filename. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the ASCII name */
    }
  }
  const plain = /filename\s*=\s*"((?:\\.|[^"])*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : null;
}
