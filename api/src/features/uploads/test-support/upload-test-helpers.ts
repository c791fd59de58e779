/**
 * Test helpers for uploads: multipart bodies built by hand (so tests can send names FormData
 * would clean up, like a NUL byte), sent with fetch to a test server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Part {
  field?: string;
  filename: string;
  data: Buffer;
  contentType?: string;
  /** Send the name RFC 5987-encoded (filename*=utf-8''...), as browsers may for non-ASCII names. */
  encodedName?: boolean;
}

export function multipartBody(
  parts: Array<Part | { field: string; value: string }>,
  boundary = `----shotlog${randomBytes(8).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`));
    } else {
      const name = p.encodedName ? `filename*=utf-8''${encodeURIComponent(p.filename)}` : `filename="${p.filename}"`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'files'}"; `));
      chunks.push(Buffer.from(name, 'utf8'));
      chunks.push(Buffer.from(`\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function filePart(file: string, filename = path.basename(file), field = 'files'): Promise<Part> {
  return { field, filename, data: await fs.readFile(file) };
}

/** A GraphQL multipart request (operations, map, then the files as fields "0", "1", ...). */
export function graphqlMultipart(query: string, variables: Record<string, unknown>, files: Array<{ path: string; part: Part }>) {
  const map: Record<string, string[]> = {};
  files.forEach((f, i) => (map[String(i)] = [f.path]));
  return multipartBody([
    { field: 'operations', value: JSON.stringify({ query, variables }) },
    { field: 'map', value: JSON.stringify(map) },
    ...files.map((f, i) => ({ ...f.part, field: String(i) })),
  ]);
}

export async function send(url: string, token: string | null, body: { body: Buffer; contentType: string }, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: new Uint8Array(body.body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Every file under the storage dir, and those still in its .incoming folder. */
export async function storageState(dataDir: string): Promise<{ stored: string[]; incoming: string[] }> {
  const dir = path.join(dataDir, 'files');
  const stored = (await fs.readdir(dir)).filter((n) => n !== '.incoming');
  const incoming = await fs.readdir(path.join(dir, '.incoming'));
  return { stored: stored.sort(), incoming };
}
