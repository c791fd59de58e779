import { pino, type DestinationStream, type Logger } from 'pino';
import { requestContext } from './request-context.js';

export type { Logger };

/**
 * Where credentials may appear in a log object. Passwords, tokens and secrets are redacted by
 * path; request bodies are never logged (pino-http logs method, url and headers only).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.confirmPassword',
  'body.password',
  'body.confirmPassword',
  'input.password',
  'variables.input.password',
  'variables.password',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.token',
  '*.jwtSecret',
  '*.secret',
  'password',
  'passwordHash',
  'token',
  'jwtSecret',
  'secret',
  'authorization',
];

/** Query parameters that carry a credential: signed file and export links (`?token=`). */
const SECRET_QUERY = /([?&](?:token|access_token|signature|sig|key)=)[^&#]*/gi;

/** A URL fit for a log line: the value of every credential-bearing query parameter replaced. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/**
 * pino-http's request serializer, after the standard one: the URL redacted, and the parsed query
 * left out (it holds the same values).
 */
export function serializeRequest(req: { url?: string; query?: unknown; [key: string]: unknown }): Record<string, unknown> {
  const { query: _query, ...rest } = req;
  return { ...rest, url: typeof req.url === 'string' ? redactUrl(req.url) : req.url };
}

/** Structured JSON logs with the request id on every line written while serving a request. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin(_merge: object, _level: number, logger: Logger) {
      const ctx = requestContext.getStore();
      if (!ctx || logger.bindings().reqId) return {};
      return { reqId: ctx.reqId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
