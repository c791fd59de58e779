import { createHash, randomBytes } from 'node:crypto';
/** tus 1.0.0 requests written out by hand, so the tests see every header the server answers. */

export const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
}

const answer = async (res: Response): Promise<TusAnswer> => ({ status: res.status, headers: res.headers, body: await res.text() });

/** POST (creation; with `body`, creation-with-upload). */
export async function tusCreate(
  baseUrl: string,
  token: string | null,
  opts: { filename?: string; projectId?: string; length?: number; body?: Uint8Array; metadata?: string; path?: string },
): Promise<TusAnswer & { location: string | null }> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.length !== undefined) headers['Upload-Length'] = String(opts.length);
  const meta: Record<string, string> = {};
  if (opts.filename !== undefined) meta.filename = opts.filename;
  if (opts.projectId !== undefined) meta.projectId = opts.projectId;
  headers['Upload-Metadata'] = opts.metadata ?? tusMetadata(meta);
  if (opts.body) headers['Content-Type'] = 'application/offset+octet-stream';
  const res = await fetch(baseUrl + (opts.path ?? '/api/uploads/tus'), { method: 'POST', headers, body: opts.body ? new Uint8Array(opts.body) : undefined });
  const a = await answer(res);
  return { ...a, location: res.headers.get('location') };
}

export async function tusPatch(baseUrl: string, location: string, token: string | null, offset: number, bytes: Uint8Array): Promise<TusAnswer> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return answer(await fetch(baseUrl + location, { method: 'PATCH', headers, body: new Uint8Array(bytes) }));
}

export async function tusHead(baseUrl: string, location: string, token: string | null): Promise<TusAnswer> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0' };
  if (token) headers.authorization = `Bearer ${token}`;
  return answer(await fetch(baseUrl + location, { method: 'HEAD', headers }));
}

export async function tusDelete(baseUrl: string, location: string, token: string | null): Promise<TusAnswer> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0' };
  if (token) headers.authorization = `Bearer ${token}`;
  return answer(await fetch(baseUrl + location, { method: 'DELETE', headers }));
}

/** Creates an upload and sends `data` in chunks of `chunk` bytes; the last answer is returned. */
export async function tusUploadAll(
  baseUrl: string,
  token: string,
  opts: { filename: string; projectId: string; data: Uint8Array; chunk?: number },
): Promise<{ location: string; last: TusAnswer }> {
  const created = await tusCreate(baseUrl, token, { filename: opts.filename, projectId: opts.projectId, length: opts.data.length });
  if (created.status !== 201 || !created.location) throw new Error(`creation failed: ${created.status} ${created.body}`);
  const chunk = opts.chunk ?? opts.data.length;
  let last: TusAnswer = created;
  for (let offset = 0; offset < opts.data.length; offset += chunk) {
    last = await tusPatch(baseUrl, created.location, token, offset, opts.data.subarray(offset, offset + chunk));
    if (last.status !== 204) break;
  }
  return { location: created.location, last };
}

/** A fake MP4 of `size` bytes (an ftyp box, then noise): what the upload's content check needs to see a movie. */
export function fakeMovie(size: number) {
  const b = randomBytes(size);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
}

/** The SHA-256 of `bytes` in hex, as uploads record it. */
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
