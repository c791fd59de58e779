import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ObjectMissingError } from '../../adapters/object-storage/index.js';
import type { FileStorage } from './file-storage.js';

/**
 * Sends a stored object from the bucket through the API (no S3_PUBLIC_ENDPOINT): one HTTP Range
 * (206/416, If-Range), If-None-Match against our ETag, HEAD; the bytes are a ranged GET streamed
 * through, so memory stays flat and a <video> can seek. A missing object is a 404 logged as an
 * error, never an empty 200.
 */
export async function sendFromBucket(
  storage: Pick<FileStorage, 'read' | 'sizeOf'>,
  req: Request,
  res: Response,
  storageKey: string,
  headers: Record<string, string>,
): Promise<void> {
  const size = await storage.sizeOf(storageKey);
  if (size === null) throw new ObjectMissingError(`files/${storageKey}`);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Accept-Ranges', 'bytes');
  const etag = headers.ETag;
  if (etag && req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  let range: { start: number; end: number } | undefined;
  const asked = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (asked && (!ifRange || ifRange === etag)) {
    const parsed = parseRange(asked, size);
    if (parsed === 'unsatisfiable') {
      for (const name of ['Content-Disposition', 'ETag', 'Cache-Control']) res.removeHeader(name);
      res.setHeader('Content-Range', `bytes */${size}`);
      res.status(416).json({ message: 'The requested range is not satisfiable', code: 'RANGE_NOT_SATISFIABLE' });
      return;
    }
    range = parsed ?? undefined;
  }
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  }
  const length = range ? range.end - range.start + 1 : size;
  res.setHeader('Content-Length', String(length));
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  const body = await storage.read(storageKey, range);
  try {
    await pipeline(body, res);
  } catch {
    // The client left, or the bucket cut the stream mid-way: the answer is already under way.
    res.destroy();
  }
}

/** One `bytes=` range (the first of several; browsers ask for one); null = ignore, send whole. */
function parseRange(header: string, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
