import express, { type RequestHandler } from 'express';

/**
 * Request body limits, one place for every JSON route (REST and /graphql): 1 MB of JSON, and at
 * most MAX_JSON_DEPTH levels of nesting, so a hostile body cannot exhaust the stack or memory.
 * Uploads (multipart) have their own limits (MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES).
 */
export const JSON_BODY_LIMIT = '1mb';
export const MAX_JSON_DEPTH = 64;

export function jsonBodyParser(): RequestHandler {
  return express.json({ limit: JSON_BODY_LIMIT, verify: refuseDeepJson });
}

/** Nesting depth of raw JSON text, counted before parsing (strings skipped). */
export function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepth(buf) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(`Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`), { status: 400, type: 'entity.too.deep' });
  }
}
