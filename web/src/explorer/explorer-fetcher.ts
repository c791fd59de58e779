import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { createClient } from 'graphql-ws';

/** The JSON object in GraphiQL's headers editor; {} while it does not parse. */
export function parseHeaders(text: string | undefined): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * HTTP for queries and mutations (headers from the editor are sent with each request), graphql-ws
 * for subscriptions. A websocket has no per-request headers, so the Authorization header of the
 * editor is sent as `connectionParams.authorization` when the socket (re)connects.
 */
export function createExplorerFetcher(currentHeaders: () => Record<string, string>) {
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const authorization = () => {
    const h = currentHeaders();
    return h.Authorization ?? h.authorization;
  };
  const wsClient = createClient({ url: wsUrl, lazy: true, connectionParams: () => (authorization() ? { authorization: authorization() } : {}) });
  return createGraphiQLFetcher({ url: '/graphql', subscriptionUrl: wsUrl, wsClient });
}
