import type http from 'node:http';
import { CloseCode, handleProtocols, makeServer, MessageType, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../logging/logger.js';
import { WS_TOO_MANY_REQUESTS } from './ws-limits.js';

/** Messages only a server sends: a client sending them is a bad request (4400), not a server fault. */
const SERVER_ONLY = new Set<string>([MessageType.ConnectionAck, MessageType.Next, MessageType.Error]);

function clientMayNotSend(data: string): boolean {
  try {
    const type = (JSON.parse(data) as { type?: unknown } | null)?.type;
    return typeof type === 'string' && SERVER_ONLY.has(type);
  } catch {
    return false; // graphql-ws itself answers unparsable messages with 4400
  }
}

/**
 * graphql-ws on a `ws` server, as graphql-ws's own `useServer` does, with two differences:
 * a client's malformed or server-only message closes its socket with 4400 rather than 4500, and
 * socket errors (e.g. a message over maxPayload, closed by ws with 1009) are logged through pino
 * rather than console.error. Idle sockets are pinged and dropped when they stop answering.
 */
export function serveGraphQLWs<P extends Record<string, unknown>>(
  options: ServerOptions<P, { socket: WebSocket; request: http.IncomingMessage }>,
  ws: WebSocketServer,
  logger: Logger,
  opts: { keepAliveMs?: number; maxConnectionsPerAddress?: number } = {},
) {
  const keepAliveMs = opts.keepAliveMs ?? 12_000;
  const server = makeServer(options);
  ws.options.handleProtocols = handleProtocols;
  ws.on('error', (err) => logger.error({ err }, 'graphql-ws server error'));
  // Sockets open per client address: one address cannot hold the server's sockets (and memory).
  const openByAddress = new Map<string, number>();
  /** How each open socket's operations end (graphql-ws's `closed`, called once), for dispose. */
  const ending = new Map<WebSocket, (code: number, reason: string) => Promise<void>>();
  /** Messages being handled: a subscribe authenticating, a query running, a subscription streaming. */
  const handling = new Set<Promise<void>>();
  let stopping = false;
  ws.on('connection', (socket, request) => {
    const address = request.socket.remoteAddress ?? 'unknown';
    const open = (openByAddress.get(address) ?? 0) + 1;
    if (opts.maxConnectionsPerAddress && open > opts.maxConnectionsPerAddress) {
      socket.close(WS_TOO_MANY_REQUESTS, 'Too many connections from this address');
      return;
    }
    openByAddress.set(address, open);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
    socket.on('error', (err) => {
      logger.warn({ err: { message: err.message, code: (err as NodeJS.ErrnoException).code } }, 'graphql-ws socket error');
      if (socket.readyState === socket.OPEN) socket.close(CloseCode.BadRequest, 'Bad request');
    });
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), keepAliveMs);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, keepAliveMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => (socket.readyState === socket.OPEN ? socket.send(data, (err) => (err ? reject(err) : resolve())) : resolve())),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on('message', (raw) => {
            if (stopping) return;
            const handled = (async () => {
              const data = String(raw);
              if (clientMayNotSend(data)) {
                socket.close(CloseCode.BadRequest, 'Invalid message received');
                return;
              }
              try {
                await cb(data);
              } catch (err) {
                logger.error({ err }, 'graphql-ws message handling failed');
                socket.close(CloseCode.InternalServerError, 'Internal server error');
              }
            })();
            handling.add(handled);
            void handled.finally(() => handling.delete(handled));
          }),
      },
      { socket, request },
    );
    let ended: Promise<void> | undefined;
    const end = (code: number, reason: string) => (ended ??= closed(code, reason));
    ending.set(socket, end);
    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      ending.delete(socket);
      void end(code, String(reason));
    });
  });
  return {
    /**
     * Closes every socket and ends its subscriptions now (not when each client answers the close),
     * then lets the operations still under way settle (a subscribe authenticating against the
     * database), so none of them uses the stores after the server closes them.
     */
    dispose: async () => {
      stopping = true;
      for (const client of ws.clients) client.close(1001, 'Going away');
      await Promise.all([...ending.values()].map((end) => end(1001, 'Going away')));
      await Promise.allSettled([...handling]);
      ws.removeAllListeners();
      await new Promise<void>((resolve, reject) => ws.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
