import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logging/logger.js';
import { AppError } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';

/** Body-parser and other HTTP-level failures that are the client's doing. */
function fromHttpError(err: { type?: string; status?: number; statusCode?: number; message?: string }): AppError | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('BAD_USER_INPUT', 'Request body is not valid JSON');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request body encoding');
    case 'request.aborted':
      return new AppError('BAD_USER_INPUT', 'Request was aborted');
  }
  const status = err.status ?? err.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (Object.entries({
      400: 'BAD_USER_INPUT',
      401: 'UNAUTHENTICATED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'RATE_LIMITED',
    }).find(([s]) => Number(s) === status)?.[1] ?? 'BAD_USER_INPUT') as AppError['code'];
    return new AppError(code, err.message || 'Bad request');
  }
  return null;
}

/** The one place REST errors become `{ message, error, code }` with the right status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const app = toAppError(err) ?? fromHttpError(err as never);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (app) {
      const retry = app.details?.retryAfterSeconds;
      if (typeof retry === 'number') res.setHeader('Retry-After', String(retry));
      res.status(app.status).json({ message: app.message, error: app.message, code: app.code, ...app.details });
      return;
    }
    ((req as { log?: Logger }).log ?? logger).error({ err }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error', error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.path}`, error: 'Not found', code: 'NOT_FOUND' });
};
