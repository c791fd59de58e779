import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface SignedInSocket {
  client: Client;
  /** The close event the server sends (e.g. 4401 when the credentials stop being valid). */
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A graphql-ws connection opened with `credential` (login token or API token) that has answered
 * `{ me { username } }` as `username`: proof the socket is signed in before a test ends the session.
 */
export async function openSignedInSocket(serverUrl: string, credential: string, username: string): Promise<SignedInSocket> {
  const client = createClient({
    url: serverUrl.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${credential}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => client.on('closed', (e) => resolve(e as { code: number; reason: string })));
  const first = await new Promise<unknown>((resolve) => {
    let result: unknown;
    client.subscribe({ query: '{ me { username } }' }, { next: (r) => (result = r), error: resolve, complete: () => resolve(result) });
  });
  expect(first).toEqual({ data: { me: { username } } });
  return { client, closed };
}
