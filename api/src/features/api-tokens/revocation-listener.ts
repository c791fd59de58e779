import type pg from 'pg';
import type { Logger } from '../../platform/logging/logger.js';
import { ListenConnection } from '../../platform/db/listen-connection.js';
import { REVOCATION_CHANNEL, sessionKey } from '../../platform/principal/revocations.js';

export { REVOCATION_CHANNEL, sessionKey };

const SESSION_ENDED_REASON = 'Session ended: the password was changed';

/**
 * Requests check the token row on every request, so a revocation holds for them at once. A
 * websocket, though, authenticates once and may then stream a subscription for hours: every API
 * process LISTENs here and closes the sockets opened with a revoked token (close code 4401).
 */
export class RevocationListener {
  /** Closed once and reopened with backoff when PostgreSQL drops it (db/listen-connection.ts). */
  private readonly listening: ListenConnection<pg.PoolClient>;
  private readonly sockets = new Map<string, Set<{ close(code: number, reason: string): void }>>();

  constructor(
    pool: pg.Pool,
    private readonly logger: Logger,
  ) {
    this.listening = new ListenConnection({
      name: 'shotlog-token-revocations',
      channels: [REVOCATION_CHANNEL],
      open: () => pool.connect(),
      close: (c) => c.release(true),
      onNotification: (channel, payload) => {
        if (channel === REVOCATION_CHANNEL && payload) this.revoked(payload);
      },
      logger,
    });
  }

  /** Starts listening; a database that is not there yet is retried in the background. */
  async start(): Promise<void> {
    await this.listening.start().catch((err: unknown) => this.logger.warn({ err }, 'API token revocation listener failed to start; retrying'));
  }

  /** The listening connection, or (for a test) the first one newer than `generation`. */
  connection(newerThan = -1): Promise<pg.PoolClient> {
    return this.listening.connection(newerThan);
  }

  get generation(): number {
    return this.listening.generation;
  }

  /** Remembers a socket opened with an API token (or a login token: `sessionKey`) until it closes. */
  track(tokenId: string, socket: { close(code: number, reason: string): void; once(event: 'close', fn: () => void): unknown }): void {
    let set = this.sockets.get(tokenId);
    if (!set) this.sockets.set(tokenId, (set = new Set()));
    if (set.has(socket)) return;
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (!set.size) this.sockets.delete(tokenId);
    });
  }

  private revoked(tokenId: string): void {
    const reason = tokenId.startsWith('session:') ? SESSION_ENDED_REASON : 'API token has been revoked';
    for (const socket of this.sockets.get(tokenId) ?? []) socket.close(4401, reason);
    this.sockets.delete(tokenId);
  }

  stop(): Promise<void> {
    return this.listening.stop();
  }
}
