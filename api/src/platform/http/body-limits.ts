import express, { type Request, type RequestHandler, type Response } from 'express';

/** Uploads (multipart bodies and tus chunks, possibly many GB): only the pause between bytes is bounded. */
export const UPLOAD_IDLE_MS = 120_000;

/**
 * Request body limits, one place for every JSON route (REST and /graphql): 1 MB of JSON, and at
 * most MAX_JSON_DEPTH levels of nesting, so a hostile body cannot exhaust the stack or memory.
 * Uploads (multipart) have their own limits (MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES).
 */
export const JSON_BODY_LIMIT = '1mb';
export const MAX_JSON_DEPTH = 64;

/** `limit`: a route whose body is a list with its own count limit (an upload plan of MAX_PLAN_FILES files) may take more. */
export function jsonBodyParser(limit: string = JSON_BODY_LIMIT): RequestHandler {
  return express.json({ limit, verify: refuseDeepJson });
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

const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/**
 * Slow bodies must not hold a connection forever (the server's requestTimeout is off, for
 * multi-GB uploads). Every body must keep arriving (idleMs between bytes; uploads, which are
 * multipart, get the upload idle time), and a body that is not an upload must arrive whole within
 * totalMs. Over either: 408 with Connection: close, then the socket is closed.
 */
export function bodyTimeouts(opts: { idleMs: number; totalMs: number }): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    // tus chunks (resumable uploads) are uploads too: a 64 MiB chunk may take minutes on a hotel line.
    const upload = /^(multipart\/|application\/offset\+octet-stream)/i.test(req.headers['content-type'] ?? '');
    const socket = req.socket;
    const fail = (message: string) => {
      done();
      if (res.headersSent) return socket.destroy();
      res.once('finish', () => socket.destroy());
      sendTimeout(res, message);
    };
    const onIdle = () => fail('The request body stopped arriving');
    const total = upload ? null : setTimeout(() => fail('The request body took too long to arrive'), opts.totalMs);
    const done = () => {
      if (total) clearTimeout(total);
      req.off('timeout', onIdle);
      req.setTimeout(0);
    };
    // On the request, not the socket: Node destroys a timed-out socket nobody listens for on the request.
    req.setTimeout(upload ? UPLOAD_IDLE_MS : opts.idleMs, onIdle);
    req.once('end', done);
    req.once('close', done);
    next();
  };
}

function sendTimeout(res: Response, message: string): void {
  res.setHeader('Connection', 'close');
  res.status(408).json({ message, error: 'Request timeout', code: 'REQUEST_TIMEOUT' });
}
