import type pg from 'pg';
import type { Logger } from '../logging/logger.js';

/** The PostgreSQL channel a revocation is announced on; the payload is the token id, or a `sessionKey`. */
export const REVOCATION_CHANNEL = 'api_token_revoked';

/**
 * The key login-token websockets are tracked under: a password change ends every session of the
 * version before it (auth/jwt.ts `ver`), open websockets included.
 */
export const sessionKey = (userId: string, sessionVersion: number) => `session:${userId}:${sessionVersion}`;
const SESSION_ENDED_REASON = 'Session ended: the password was changed';

/**
 * Requests check the token row on every request, so a revocation holds for them at once. A
 * websocket, though, authenticates once and may then stream a subscription for hours: every API
 * process LISTENs here and closes the sockets opened with a revoked token (close code 4401).
 */
export class RevocationListener {
  private client: pg.PoolClient | null = null;
  private stopped = false;
  private readonly sockets = new Map<string, Set<{ close(code: number, reason: string): void }>>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const listening = client;
      this.client = listening;
      listening.on('notification', (msg) => msg.channel === REVOCATION_CHANNEL && msg.payload && this.revoked(msg.payload));
      listening.on('error', () => this.reconnect(listening));
      await listening.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (err) {
      if (client && this.client === client) {
        this.client = null;
        client.release(true);
      }
      if (this.stopped) return;
      this.logger.warn({ err }, 'API token revocation listener failed to start; retrying');
      setTimeout(() => void this.start(), 2000).unref();
    }
  }

  /** A connection error (database restart, or the database dropped): release once, listen anew. */
  private reconnect(client: pg.PoolClient): void {
    if (this.client !== client) return; // already released: stopped, or a second error event
    this.client = null;
    client.release(true);
    if (!this.stopped) setTimeout(() => void this.start(), 1000).unref();
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

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query(`UNLISTEN ${REVOCATION_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
