import type { NextFunction, Request, RequestHandler, Response } from 'express';

export type Handler = (req: Request, res: Response) => Promise<unknown>;
/**
 * Wraps an async REST handler: its return value is sent as JSON (unless it answered itself),
 * and anything it throws reaches the one error handler (`http/error-handler.ts`).
 */
export function route(handler: Handler, status = 200): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).then(
      (body) => {
        if (!res.headersSent && body !== undefined) res.status(status).json(body);
      },
      (err: unknown) => next(err),
    );
  };
}

/** The JSON body as an object; a missing or non-object body is a 400 that says what was expected. */
export function jsonBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  return {};
}
