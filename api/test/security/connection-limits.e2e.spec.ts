import net from 'node:net';
import http from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signUp, startTestServer, type StartedTestServer } from '../support/test-server.js';

/**
 * Issue 14: slow request bodies held connections forever (item 7); graphql-ws subscriptions ran
 * on after the login token's exp (item 7); a websocket could keep flooding after being
 * rate-limited, and one address could open any number of sockets (item 8). Short limits here
 * (env) so each limit is reached quickly; the defaults are in README.
 */
let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { HTTP_BODY_IDLE_MS: '400', HTTP_BODY_TIMEOUT_MS: '1500', WS_MAX_CONNECTIONS_PER_ADDRESS: '4', JWT_EXPIRES_IN: '6s' },
  });
});
afterAll(() => server.close());

const wsUrl = () => server.url.replace('http', 'ws') + '/graphql';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends the head of a request and then `body` chunk by chunk with pauses; resolves with what the
 * server sent before closing. A chunk still on its way when the server closes is answered by a
 * reset (ECONNRESET, or EPIPE on the next write): after an answer, that is the close, not a failure.
 */
function slowRequest(head: string, chunks: string[], pauseMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err: NodeJS.ErrnoException) => (answer && (err.code === 'ECONNRESET' || err.code === 'EPIPE') ? resolve(answer) : reject(err)));
    socket.write(head);
    void (async () => {
      for (const c of chunks) {
        if (socket.destroyed) return;
        socket.write(c);
        await sleep(pauseMs);
      }
    })();
  });
}

const head = (length: number) => `POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** A JSON body that stops arriving after its first bytes; resolves with the server's answer once it closes the connection. */
function stalledJsonBody(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(head(100) + '{"username":');
  });
}

describe('slow request bodies', () => {
  it('a body that stops arriving gets 408 and the connection is closed', async () => {
    const answer = await slowRequest(head(100), ['{"username":'], 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('The request body stopped arriving');
  });

  it('a body that trickles in (never idle) is cut off at the total limit', async () => {
    const answer = await slowRequest(
      head(200),
      Array.from({ length: 200 }, () => ' '),
      150,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('The request body took too long to arrive');
  });

  it('an upload (multipart) may pause longer than a JSON body and still completes', async () => {
    const u = await signUp(server);
    const project = await server.request('POST', '/api/projects', { token: u.token, body: { name: 'Slow', cameraType: 'dji-mavic-3-pro-series' } });
    const boundary = 'slowboundary42';
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="DJI_0001.SRT"\r\nContent-Type: application/x-subrip\r\n\r\n`,
      '1\r\n00:00:00,000 --> 00:00:00,033\r\n',
      'FrameCnt: 1 [latitude: 43.7] [longitude: 7.26]\r\n\r\n',
      `\r\n--${boundary}--\r\n`,
    ];
    const req = http.request(`${server.url}/api/upload/${project.body.project.id}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': Buffer.byteLength(parts.join('')),
      },
    });
    const status = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
    });
    for (const p of parts) {
      req.write(p);
      // The upload pauses until a JSON body that stalled after this part has been cut off (408):
      // longer than HTTP_BODY_IDLE_MS lets a JSON body pause, far under the upload idle time.
      expect(await stalledJsonBody()).toMatch(/^HTTP\/1\.1 408/);
    }
    req.end();
    expect(await status).toBeLessThan(300);
  });
});

/** A graphql-ws client; `closed` resolves with the close event. */
function wsClient(token: string) {
  const client = createClient({
    url: wsUrl(),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => client.on('closed', (e) => resolve(e as { code: number; reason: string })));
  return { client, closed };
}

describe('graphql-ws', () => {
  it("closes a subscription's socket when the login token expires (4401)", async () => {
    const u = await signUp(server); // JWT_EXPIRES_IN is 6 s on this server
    const project = await server.request('POST', '/api/projects', { token: u.token, body: { name: 'Exp', cameraType: 'dji-mavic-3-pro-series' } });
    const { client, closed } = wsClient(u.token);
    const updates: unknown[] = [];
    client.subscribe(
      { query: 'subscription($p: ID!) { projectProgress(projectId: $p) { totalJobs } }', variables: { p: project.body.project.id } },
      { next: (r) => updates.push(r), error: () => undefined, complete: () => undefined },
    );
    const event = await closed;
    expect([event.code, event.reason]).toEqual([4401, 'Session expired. Please log in again.']);
    expect(updates.length).toBeGreaterThan(0);
    await client.dispose();
  });

  it('closes a socket that keeps sending operations after being rate-limited (4429)', async () => {
    const u = await signUp(server);
    const project = await server.request('POST', '/api/projects', { token: u.token, body: { name: 'Flood', cameraType: 'dji-mavic-3-pro-series' } });
    // An API token that does not expire: this server's login tokens last 6 s, less than a slow run of this test.
    const apiToken = await server.request('POST', '/api/user/tokens', { token: u.token, body: { name: 'flood', scopes: ['read'] } });
    const { client, closed } = wsClient(apiToken.body.secret);
    const codes: string[] = [];
    let refused = () => undefined as void;
    const fiveRefused = new Promise<void>((resolve) => (refused = () => codes.filter((c) => c === 'RATE_LIMITED').length === 5 && resolve()));
    const subscribe = () =>
      client.subscribe(
        { query: 'subscription($p: ID!) { projectProgress(projectId: $p) { totalJobs } }', variables: { p: project.body.project.id } },
        {
          next: () => undefined,
          error: (e) => {
            codes.push(String((e as Array<{ extensions?: { code?: string } }>)[0]?.extensions?.code));
            refused();
          },
          complete: () => undefined,
        },
      );
    // 20 operations at once are allowed; 5 more are refused (RATE_LIMITED) and the socket stays open...
    for (let i = 0; i < 25; i++) subscribe();
    await fiveRefused;
    // ...and a client that goes on sending after being told is cut off.
    for (let i = 0; i < 10; i++) subscribe();
    const event = await closed;
    expect([event.code, event.reason]).toEqual([4429, 'Too many requests']);
    await client.dispose();
  });

  it('caps the sockets one address holds at once (WS_MAX_CONNECTIONS_PER_ADDRESS), and frees a place when one closes', async () => {
    const open = (): Promise<{ socket: WebSocket; closeCode: Promise<number> }> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(wsUrl(), 'graphql-transport-ws');
        const closeCode = new Promise<number>((r) => socket.once('close', (code) => r(code)));
        socket.once('open', () => resolve({ socket, closeCode }));
        socket.once('error', reject);
      });
    /**
     * Whether the server kept the socket: it answers a ping with a pong, while a refused socket's
     * close frame (sent on connection, before any pong could be) arrives first.
     */
    const kept = (s: { socket: WebSocket; closeCode: Promise<number> }): Promise<boolean> =>
      new Promise((resolve) => {
        s.socket.once('pong', () => resolve(true));
        void s.closeCode.then(() => resolve(false));
        s.socket.ping();
      });
    const sockets = [await open(), await open(), await open(), await open()];
    const fifth = await open();
    expect(await fifth.closeCode).toBe(4429);
    sockets[0]!.socket.close();
    await sockets[0]!.closeCode;
    // The server sees the close after the client does: a new socket is refused until then (bounded).
    let again = await open();
    for (let i = 0; i < 50 && !(await kept(again)); i++) again = await open();
    expect(await kept(again)).toBe(true);
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
    for (const s of [...sockets.slice(1), again]) s.socket.close();
  });
});
