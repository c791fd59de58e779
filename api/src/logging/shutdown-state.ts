/**
 * Whether this process is stopping. A Ctrl-C in a terminal reaches the whole process group, so the
 * embedded PostgreSQL stops its connections while our pools and workers still hold them: the
 * "terminating connection due to administrator command" errors that follow are expected then, and
 * are logged at debug instead of as warnings with stacks.
 */
let stopping = false;

export const markShuttingDown = (): void => {
  stopping = true;
};

/** The level for a connection error: expected (debug) while stopping, a warning otherwise. */
export const connectionErrorLevel = (): 'debug' | 'warn' => (stopping ? 'debug' : 'warn');

/**
 * PostgreSQL's "terminating connection due to administrator command" / "shutting down" family
 * (SQLSTATE class 57P: admin shutdown, crash shutdown, cannot connect now).
 */
const isDatabaseTermination = (err: unknown): boolean =>
  typeof (err as { code?: unknown })?.code === 'string' && /^57P0[1-3]$/.test((err as { code: string }).code);

/**
 * Some clients (BullMQ's blocking connections, the ORM's checked-out ones) emit a connection loss
 * with no 'error' listener, which Node turns into an uncaught exception. While this process is
 * stopping and its database shuts down with it, that loss is expected: log it at debug and go on
 * stopping. Anything else uncaught still ends the process, as it would have.
 */
export function tolerateDatabaseShutdownWhileStopping(logger: { debug(o: object, msg: string): void; fatal(o: object, msg: string): void }): void {
  process.on('uncaughtException', (err) => {
    if (stopping && isDatabaseTermination(err)) return logger.debug({ err }, 'database connection closed while stopping');
    logger.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
}
