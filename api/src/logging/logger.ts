import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets and credentials are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.jwtSecret',
        'password',
        'token',
      ],
      censor: '[redacted]',
    },
  });
}
