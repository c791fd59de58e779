import http from 'node:http';
import fc from 'fast-check';
import WebSocket from 'ws';
import { listRoutes } from '../../src/platform/http/test-support/route-list.js';
import { signUp, startTestServer, type TestServer } from '../support/test-server.js';
import { buildClientSchema, getIntrospectionQuery, getNamedType, isCompositeType } from 'graphql';
import { fuzzRequest, valueFor, type FuzzRequest } from './test-support/fuzz-arbitraries.js';
import { makeMatrixFixture } from './test-support/authorization-fixtures.js';

/**
 * Thousands of generated malformed requests against every route of the live router and
 * /graphql: no 5xx, every request answered within the timeout, the process stays up, and its
 * memory stays bounded. Seeded: FUZZ_SEED=<n> replays a run (fast-check prints the seed and
 * the shrunk request on failure); FUZZ_RUNS and FUZZ_SECONDS bound it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 120);
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_RSS_GROWTH_MB = 300;

let server: TestServer & { close(): Promise<void> };
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_USERNAME: 'fuzzadmin', ADMIN_PASSWORD: 'fuzz-admin-1' } });
});
afterAll(async () => {
  agent.destroy();
  await server.close();
});

const printable = (v: string) => v.replace(/[^\x20-\x7e]/g, '?');

/** Sends exactly the bytes asked for (fetch would normalise `..` and refuse odd headers). */
function send(req: FuzzRequest): Promise<{ status: number; body: string; webNotBuilt?: boolean }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = printable(v);
    if (req.body) headers['content-length'] = String(req.body.length);
    const r = http.request(
      { host: '127.0.0.1', port: server.port, method: req.method, path: printable(req.path).replace(/ /g, '%20'), headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          // Keep the GraphQL error code wherever it sits, and the start of the body for the report.
          // The "not built yet" page says so in a header too: a HEAD answer has no body to read.
          const webNotBuilt = res.headers['x-shotlog-web-build'] === 'missing';
          resolve({
            status: res.statusCode ?? 0,
            body: text.slice(0, 300) + (text.includes('"INTERNAL_SERVER_ERROR"') ? ' "INTERNAL_SERVER_ERROR"' : ''),
            webNotBuilt,
          });
        });
        res.on('error', reject);
      },
    );
    r.setTimeout(REQUEST_TIMEOUT_MS, () => r.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms (hang)`)));
    // The server may answer (413) and close before reading a huge body: that is an answer, not a failure.
    r.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve({ status: 499, body: err.code }) : reject(err)));
    r.end(req.body);
  });
}

/**
 * A 5xx is a failure, except the web app's "not built yet" page where no web build exists; so is
 * a GraphQL answer carrying INTERNAL_SERVER_ERROR (GraphQL answers resolver faults with 200).
 */
const isServerError = (res: { status: number; body: string; webNotBuilt?: boolean }) =>
  (res.status >= 500 && !(res.status === 503 && (res.body.includes('The web app is not built yet') || res.webNotBuilt))) ||
  res.body.includes('"INTERNAL_SERVER_ERROR"');

describe('fuzzing every route and /graphql', () => {
  it('answers thousands of malformed requests with no 5xx, no hang, bounded memory, and stays up', async () => {
    const owner = await signUp(server);
    const fx = await makeMatrixFixture(server, { username: 'fuzzadmin', password: 'fuzz-admin-1' });
    const set = await fx.fileSet();
    const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Fuzz', cameraType: 'dji-mavic-3-pro-series' } })).body
      .project.id;
    const routes = listRoutes(server.app);
    const arbitrary = fuzzRequest({ routes, token: owner.token, projectId, fileSetId: set.fileSetId });

    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    let sent = 0;
    const rssSamples: number[] = [];
    const statuses = new Map<number, number>();
    console.log(`fuzz: seed ${SEED}, up to ${RUNS} requests or ${SECONDS} s over ${routes.length} routes and /graphql (FUZZ_SEED=${SEED} replays it)`);
    await fc.assert(
      fc.asyncProperty(arbitrary, async (req) => {
        const res = await send(req);
        sent++;
        if (sent % 250 === 0) rssSamples.push(process.memoryUsage().rss);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (isServerError(res)) throw new Error(`${res.status} for ${req.label}: ${req.method} ${req.path.slice(0, 200)} -> ${res.body}`);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false, endOnFailure: true },
    );
    const seconds = (Date.now() - started) / 1000;
    const mb = (bytes: number) => bytes / 1024 / 1024;
    const rssGrowthMb = mb(process.memoryUsage().rss - rssBefore);
    // Bounded means it levels off: the second half of the run may not keep adding what the first half did.
    const half = rssSamples[Math.floor(rssSamples.length / 2)] ?? rssBefore;
    const secondHalfGrowthMb = mb(process.memoryUsage().rss - half);
    console.log(
      `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), RSS growth ${rssGrowthMb.toFixed(1)} MB (second half ${secondHalfGrowthMb.toFixed(1)} MB; test and server share the process), statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );

    expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, 1000));
    expect(rssGrowthMb).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(secondHalfGrowthMb).toBeLessThan(MAX_RSS_GROWTH_MB / 2);
    // Still up, and still right.
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    expect((await server.request('GET', '/api/ready')).status).toBe(200);
    expect((await server.request('POST', '/auth/login', { body: { username: owner.username, password: owner.password } })).status).toBe(200);
    expect((await server.graphql('{ me { username } }', {}, owner.token)).data.me.username).toBe(owner.username);
  }, 300_000);

  it('answers every GraphQL operation with hostile, schema-shaped arguments without an internal error', async () => {
    const owner = await signUp(server);
    const admin = (await server.request('POST', '/auth/login', { body: { username: 'fuzzadmin', password: 'fuzz-admin-1' } })).body.token as string;
    const schema = buildClientSchema((await server.graphql(getIntrospectionQuery())).data);
    const fields = (['Query', 'Mutation'] as const).flatMap((op) =>
      Object.values((op === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {}).map((f) => ({ op, f })),
    );
    const perField = Math.max(10, Math.floor(Number(process.env.FUZZ_GRAPHQL_RUNS ?? 1200) / fields.length));
    let sent = 0;
    const started = Date.now();
    for (const { op, f } of fields) {
      const defs = f.args.length ? `(${f.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})` : '';
      const args = f.args.length ? `(${f.args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
      const query = `${op.toLowerCase()} Fuzz${defs} { ${f.name}${args}${isCompositeType(getNamedType(f.type)) ? ' { __typename }' : ''} }`;
      const variables = fc.record(Object.fromEntries(f.args.map((a) => [a.name, valueFor(a.type)])), { requiredKeys: [] });
      await fc.assert(
        fc.asyncProperty(variables, fc.constantFrom(owner.token, admin), async (vars, token) => {
          const res = await send({
            method: 'POST',
            path: '/graphql',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: Buffer.from(JSON.stringify({ query, variables: vars })),
            label: `${op}.${f.name}`,
          });
          sent++;
          if (isServerError(res)) throw new Error(`${res.status} for ${op}.${f.name} with ${JSON.stringify(vars).slice(0, 300)}: ${res.body}`);
        }),
        { seed: SEED, numRuns: perField, endOnFailure: true },
      );
    }
    console.log(`fuzz: ${sent} schema-shaped GraphQL operations over ${fields.length} fields in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(sent).toBe(perField * fields.length);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  }, 300_000);

  it('survives random graphql-ws frames and stays up', async () => {
    const frames = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
        fc
          .record({
            id: fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
            type: fc.constantFrom('subscribe', 'complete', 'ping', 'pong', 'connection_init', 'next', 'x'),
            payload: fc.jsonValue({ maxDepth: 3 }),
          })
          .map((m) => JSON.stringify(m)),
        fc
          .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 300 }))
          .map(([id, query]) => JSON.stringify({ id: id || '1', type: 'subscribe', payload: { query, variables: {} } })),
      ),
      { seed: SEED, numRuns: 400 },
    );
    const closeCodes: number[] = [];
    for (let i = 0; i < frames.length; i += 20) {
      const socket = new WebSocket(server.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
      await new Promise((r, j) => socket.once('open', r).once('error', j));
      const closed = new Promise<void>((r) => socket.once('close', (code) => r(void closeCodes.push(code))));
      socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      for (const f of frames.slice(i, i + 20)) if (socket.readyState === WebSocket.OPEN) socket.send(f);
      await new Promise((r) => setTimeout(r, 50));
      socket.close();
      await closed;
    }
    expect(closeCodes).toHaveLength(20);
    // Bad frames close with 4400 (bad request) or the client's own 1000/1005: never 4500/1011 (server error).
    expect(closeCodes.filter((c) => c === 4500 || c === 1011)).toEqual([]);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
