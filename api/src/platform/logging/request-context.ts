import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * The request id of the work being done, so every log line written while serving one HTTP
 * request or one graphql-ws operation carries it (the logger's mixin reads it), including lines
 * logged by services and GraphQL error formatting that never see the request.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** An id a client sent is echoed only when it is short and plain, so logs cannot be forged through it. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}

/** First middleware: picks the request id, echoes it as x-request-id and opens the log context. */
export const requestIdMiddleware: RequestHandler = (req, res, next) => {
  const id = requestIdFrom(req.headers['x-request-id']);
  (req as { id?: unknown }).id = id;
  res.setHeader('x-request-id', id);
  requestContext.run({ reqId: id }, next);
};

/**
 * Re-enters the request's log context. Body parsers resume the chain from stream events, which
 * run outside the context opened above, so this follows every body parser.
 */
export const reenterRequestContext: RequestHandler = (req, _res, next) => {
  const id = (req as { id?: unknown }).id;
  if (typeof id === 'string') requestContext.run({ reqId: id }, next);
  else next();
};

export function withRequestContext<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}
