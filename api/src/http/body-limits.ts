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
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/**
 * Does the JSON text hold a `\u0000` escape inside a string? No field of this product takes a
 * NUL character, and PostgreSQL refuses them in text, so they are refused at the door (400).
 */
export function jsonHasNul(buf: Buffer): boolean {
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c) {
        if (buf[i + 1] === 0x75 && buf.toString('latin1', i + 2, i + 6) === '0000') return true;
        i++; // skip the escaped byte (an escaped backslash cannot start an escape)
      } else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
  }
  return false;
}

function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepth(buf) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(`Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`), { status: 400, type: 'entity.too.deep' });
  }
  if (jsonHasNul(buf)) throw Object.assign(new Error('Text must not contain NUL characters'), { status: 400, type: 'entity.nul' });
}
