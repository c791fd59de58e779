/**
 * Whether this process is stopping. A Ctrl-C in a terminal reaches the whole process group, so the
 * embedded PostgreSQL stops its connections while our pools and workers still hold them: the
 * "terminating connection due to administrator command" errors that follow are expected then, and
 * are logged at debug instead of as warnings with stacks.
 */
let stopping = false;

/**
 * A database connection ended by the server: PostgreSQL's admin/crash shutdown family (SQLSTATE
 * 57P01-03, "terminating connection due to administrator command"), or the socket closing under
 * the client (pg's "Connection terminated unexpectedly", a reset).
 */
const isDatabaseTermination = (err: unknown): boolean => {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && (/^57P0[1-3]$/.test(code) || code === 'ECONNRESET' || code === 'EPIPE')) ||
    message === 'Connection terminated unexpectedly' ||
    // pg's answer to a query on a client whose connection the server just ended (seen in BullMQ's migrator).
    message === 'Client has encountered a connection error and is not queryable'
  );
};

export const markShuttingDown = (): void => {
  stopping = true;
};

/** How long a database shutdown's error waits to learn whether this process is stopping too. */
const SIGNAL_RACE_MS = 500;

/**
 * Logs a connection error: at debug while stopping, a warning otherwise. Ctrl-C reaches the
 * database and this process at once, and the database's "terminating connection" can be read
 * before our signal handler has run: such an error waits briefly, then picks its level.
 */
export function logConnectionError(
  logger: { debug(o: object, msg: string): void; warn(o: object, msg: string): void },
  fields: { err: unknown; [field: string]: unknown },
  msg: string,
): void {
  if (stopping) return logger.debug(fields, msg);
  if (!isDatabaseTermination(fields.err)) return logger.warn(fields, msg);
  setTimeout(() => (stopping ? logger.debug(fields, msg) : logger.warn(fields, msg)), SIGNAL_RACE_MS).unref();
}

/**
 * Some clients (BullMQ's blocking connections, the ORM's checked-out ones) emit a connection loss
 * with no 'error' listener, which Node turns into an uncaught exception. While this process is
 * stopping and its database shuts down with it, that loss is expected: log it at debug and go on
 * stopping. Anything else uncaught still ends the process, as it would have.
 */
export function tolerateDatabaseShutdownWhileStopping(logger: { debug(o: object, msg: string): void; fatal(o: object, msg: string): void }): void {
  const fatal = (err: unknown) => {
    logger.fatal({ err }, 'uncaught exception');
    process.exit(1);
  };
  process.on('uncaughtException', (err) => {
    if (!isDatabaseTermination(err)) return fatal(err);
    if (stopping) return logger.debug({ err }, 'database connection closed while stopping');
    // The database may have got the Ctrl-C before our signal handler ran: wait to know.
    setTimeout(() => (stopping ? logger.debug({ err }, 'database connection closed while stopping') : fatal(err)), SIGNAL_RACE_MS);
  });
}
