import { buildSchema, parse } from 'graphql';
import pg from 'pg';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { GRAPHQL_LIMITS, validateWithLimits } from './limits.js';
import { WS_LIMITS } from './ws-limits.js';
import { loadConfig } from '../config/config.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer({
    env: { GRAPHQL_INTROSPECTION: 'false', RATE_LIMIT_AUTH_PER_MINUTE: '6', ADMIN_USERNAME: 'limitsadmin', ADMIN_PASSWORD: 'limits-admin-1' },
  });
});
afterAll(() => server.close());

const manyAliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: cameraTypes { value }`).join(' ')} }`;
const expensive = `{ ${[1, 2, 3]
  .map(
    (i) =>
      `p${i}: projects(first: 200) { edges { cursor node { id name description cameraType status createdAt deletedAt fileSetCount fileSets { id baseName status files { id filename } } } } }`,
  )
  .join(' ')} }`;

describe('GraphQL limits on HTTP', () => {
  it('refuses too many aliases, too expensive queries, introspection when off, and batches', async () => {
    for (const [query, pattern] of [
      [manyAliases, /too many aliases/],
      [expensive, /too expensive/],
      ['{ __schema { types { name } } }', /introspection is (disabled|not allowed)/],
    ] as const) {
      const r = await server.graphql(query);
      expect(r.status).toBe(400);
      expect(r.errors?.[0]?.message).toMatch(pattern);
      expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    const batch = await server.request('POST', '/graphql', { body: [{ query: '{ cameraTypes { value } }' }, { query: '{ cameraTypes { value } }' }] });
    expect(batch.status).toBe(400);
    expect((await server.graphql('{ cameraTypes { value } }')).errors).toBeUndefined();
  });

  it('keeps CSRF prevention on: a simple GET without a preflight header is refused', async () => {
    const r = await server.request('GET', '/graphql?query=%7B%20cameraTypes%20%7B%20value%20%7D%20%7D');
    expect(r.status).toBe(400);
  });
});

describe('GraphQL limits on graphql-ws', () => {
  it('applies the same rules to websocket operations', async () => {
    const { token } = await signUp(server, 'wsuser');
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const run = (query: string) =>
      new Promise<{ data?: unknown; errors?: unknown }>((resolve) => {
        let result: { data?: unknown; errors?: unknown } = {};
        client.subscribe({ query }, { next: (r) => (result = r as never), error: (e) => resolve({ errors: e }), complete: () => resolve(result) });
      });
    const ok = await run('{ me { username } }');
    expect(ok.data).toEqual({ me: { username: 'wsuser' } });
    const tooMany = await run(manyAliases);
    expect(JSON.stringify(tooMany.errors)).toMatch(/too many aliases/);
    const intro = await run('{ __type(name: "User") { name } }');
    expect(JSON.stringify(intro.errors)).toMatch(/introspection is disabled/);
    await client.dispose();
  });
});

describe('depth limit', () => {
  it('refuses queries nested deeper than 12 levels', () => {
    const schema = buildSchema('type Node { id: ID child: Node } type Query { root: Node }');
    const nest = (n: number): string => (n === 0 ? 'id' : `child { ${nest(n - 1)} }`);
    const validate = validateWithLimits(true);
    expect(validate(schema, parse(`{ root { ${nest(10)} } }`))).toEqual([]);
    expect(validate(schema, parse(`{ root { ${nest(12)} } }`))[0]?.message).toMatch(/too deep/);
    expect(
      validate(
        schema,
        parse(
          `fragment F on Node { child { child { child { id } } } } { root { child { child { child { child { child { child { child { child { child { ...F } } } } } } } } } } }`,
        ),
      )[0]?.message,
    ).toMatch(/too deep/);
  });
});

describe('fragment bombs', () => {
  it('stops at the cost limit instead of expanding 2^40 fields, on HTTP', async () => {
    // F0 spreads F1 twice, F1 spreads F2 twice, ...: a small document naming 2^40 fields.
    const n = 40;
    const fragments = Array.from({ length: n }, (_, i) =>
      i === n - 1 ? `fragment F${i} on CameraTypeOption { value label }` : `fragment F${i} on CameraTypeOption { ...F${i + 1} ...F${i + 1} }`,
    ).join('\n');
    const started = Date.now();
    const r = await server.graphql(`{ cameraTypes { ...F0 } }\n${fragments}`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.status).toBe(400);
    expect(r.errors?.[0]?.message).toMatch(/too expensive/);
  });
});

describe('login and registration rate limits', () => {
  it('answers 429 with Retry-After on REST and RATE_LIMITED on GraphQL', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // Per address (6 a minute here); an account over its allowance is slowed down, not refused (issue 14).
    for (let i = 0; i < 8; i++) {
      const r = await server.request('POST', '/auth/login', { body: { username: `victim${i}`, password: `guess-${i}` } });
      statuses.push(r.status);
      retryAfter ??= r.headers.get('retry-after');
    }
    // Earlier sign-ups and logins of this file counted on the same address.
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const g = await server.graphql('mutation{ login(input:{username:"victim", password:"x"}){ token } }');
    expect(g.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

/** A graphql-ws client of this server; `run` resolves with the first result or the error. */
function wsClient(target: { url: string }, token?: string) {
  const client = createClient({
    url: target.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  const run = (query: string, variables?: Record<string, unknown>) =>
    new Promise<{ data?: any; errors?: any }>((resolve) => {
      client.subscribe({ query, variables }, { next: (r) => resolve(r as never), error: (e) => resolve({ errors: e }), complete: () => resolve({}) });
    });
  return { client, run };
}

const nested = (levels: number) => `{ me { ${'x { '.repeat(levels)}id${' }'.repeat(levels)} } }`;
const manyTokens = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxTokens }, (_, i) => `f${i}`).join(' ')} }`;

// Signed in before the rate-limit tests above spend this address's attempts.
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  userToken = (await signUp(server, 'bothways')).token;
  adminToken = (await server.request('POST', '/auth/login', { body: { username: 'limitsadmin', password: 'limits-admin-1' } })).body.token;
});

describe('the same limits on both transports', () => {
  it('refuses depth, cost, aliases, token count and introspection alike on HTTP and graphql-ws', async () => {
    const token = userToken;
    const ws = wsClient(server, token);
    try {
      for (const [query, pattern] of [
        [nested(13), /too deep: depth 15 exceeds the limit of 12/],
        [expensive, /too expensive/],
        [manyAliases, /too many aliases/],
        [manyTokens, /more that 5000 tokens/],
        ['{ __schema { queryType { name } } }', /introspection is disabled/],
        [`{ __type(name: "User") { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } }`, /Introspection query is too deep|introspection is disabled/],
      ] as const) {
        const http = await server.graphql(query, {}, token);
        expect([query.slice(0, 30), http.status]).toEqual([query.slice(0, 30), 400]);
        expect(http.errors?.map((e) => e.message).join(' ')).toMatch(pattern);
        const overWs = await ws.run(query);
        expect(JSON.stringify(overWs.errors)).toMatch(pattern);
        expect(overWs.errors[0].extensions.code).toMatch(/^GRAPHQL_(VALIDATION|PARSE)_FAILED$/);
      }
    } finally {
      await ws.client.dispose();
    }
  });

  it('maps resolver errors to the same extensions.code on graphql-ws as on HTTP', async () => {
    const ws = wsClient(server);
    try {
      const r = await ws.run('{ me { id } }');
      expect(r.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const http = await server.graphql('{ me { id } }');
      expect(http.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await ws.client.dispose();
    }
  });

  it(`allows at most ${WS_LIMITS.maxOperationsPerSocket} operations in flight on one socket`, async () => {
    const ws = wsClient(server, adminToken);
    const subscription = 'subscription { adminQueueStatsUpdates(intervalSeconds: 60) { name } }';
    const stops: Array<() => void> = [];
    try {
      const firsts = Array.from({ length: WS_LIMITS.maxOperationsPerSocket }, () => {
        return new Promise<unknown>((resolve) => {
          stops.push(ws.client.subscribe({ query: subscription }, { next: resolve, error: resolve, complete: () => undefined }));
        });
      });
      const results = await Promise.all(firsts);
      expect(results.every((r) => (r as { data?: unknown }).data)).toBe(true);
      const refused = await ws.run(subscription);
      expect(refused.errors[0].extensions.code).toBe('RATE_LIMITED');
      expect(refused.errors[0].message).toMatch(/at most 20/);
      // Completing one frees its place.
      stops.pop()!();
      await new Promise((r) => setTimeout(r, 100));
      const again = await ws.run('{ cameraTypes { value } }');
      expect(again.data.cameraTypes.length).toBeGreaterThan(0);
    } finally {
      stops.forEach((stop) => stop());
      await ws.client.dispose();
    }
  });

  it('closes a socket that sends a message over the maximum payload', async () => {
    const socket = new WebSocket(server.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
    await new Promise((r) => socket.once('open', r));
    const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)));
    socket.send('x'.repeat(WS_LIMITS.maxPayloadBytes + 1));
    expect(await closed).toBe(1009);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });

  it('keeps CSRF prevention on: a simple text/plain POST without a preflight header is refused', async () => {
    const res = await fetch(server.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ cameraTypes { value } }' }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF|preflight/i);
    const form = await fetch(server.url + '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7B%20cameraTypes%20%7B%20value%20%7D%20%7D',
    });
    expect(form.status).toBe(400);
  });
});

describe('introspection is configurable: on in development, off in production', () => {
  it('defaults by NODE_ENV and follows GRAPHQL_INTROSPECTION', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'false' }).introspection).toBe(false);
  });

  it('a production server refuses __schema on HTTP and graphql-ws; a development server answers both', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production' } });
    const dev = await startTestServer({ env: { NODE_ENV: 'development' } });
    try {
      const query = '{ __schema { queryType { name } } }';
      for (const [target, allowed] of [
        [prod, false],
        [dev, true],
      ] as const) {
        const http = await target.graphql(query);
        const ws = wsClient(target);
        const overWs = await ws.run(query);
        await ws.client.dispose();
        if (allowed) {
          expect(http.data.__schema.queryType.name).toBe('Query');
          expect(overWs.data.__schema.queryType.name).toBe('Query');
        } else {
          expect(http.errors?.[0]?.message).toMatch(/introspection is (disabled|not allowed)/);
          expect(JSON.stringify(overWs.errors)).toMatch(/introspection is disabled/);
        }
      }
    } finally {
      await prod.close();
      await dev.close();
    }
  });
});

describe('cost with variables and unpaged lists (issue 14, item 4)', () => {
  const projectsOf = (first: string) =>
    `{ ${[1, 2, 3]
      .map(
        (i) =>
          `p${i}: projects(first: ${first}) { edges { cursor node { id name description cameraType status createdAt deletedAt fileSetCount fileSets { id baseName status files { id filename } } } } }`,
      )
      .join(' ')} }`;
  const viaVariable = `query($n: Int!) ${projectsOf('$n')}`;
  const viaDefault = `query($n: Int = 200) ${projectsOf('$n')}`;

  it('`first: $n` with n = 200 is costed like `first: 200`, on HTTP and graphql-ws (a small n still runs)', async () => {
    const literal = await server.graphql(projectsOf('200'), {}, userToken);
    const cost = /cost (\d+)/.exec(literal.errors?.[0]?.message ?? '')?.[1];
    expect(cost).toBeDefined();
    const ws = wsClient(server, userToken);
    try {
      for (const [query, variables] of [
        [viaVariable, { n: 200 }],
        [viaDefault, {}],
      ] as const) {
        const http = await server.graphql(query, variables, userToken);
        expect(http.status).toBe(400);
        expect(http.errors?.[0]?.message).toBe(`Query is too expensive: cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`);
        expect(http.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
        const overWs = await ws.run(query, variables);
        expect(overWs.errors?.[0]?.message).toBe(`Query is too expensive: cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}`);
        expect(overWs.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      }
      const small = await server.graphql(viaVariable, { n: 2 }, userToken);
      expect([small.status, small.errors]).toEqual([200, undefined]);
      expect((await ws.run(viaVariable, { n: 2 })).errors).toBeUndefined();
    } finally {
      await ws.client.dispose();
    }
  });

  it('30 aliases of project(id) { fileSets { files } } over a 2,000-set project are refused on both transports; one alias runs', async () => {
    // The administrator signed in above owns it (another sign-up would spend the login rate limit the tests above count).
    const owner = { token: adminToken };
    const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Big', cameraType: 'dji-mavic-3-pro-series' } })).body
      .project.id;
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `insert into file_sets (id, project_id, base_name, position, created_at)
         select gen_random_uuid(), $1, 'DJI_' || lpad(i::text, 4, '0'), i, now() from generate_series(1, 2000) i`,
        [projectId],
      );
    } finally {
      await db.end();
    }
    const aliases = (n: number) =>
      `query($id: ID!) { ${Array.from({ length: n }, (_, i) => `a${i}: project(id: $id) { fileSets { id baseName status files { id filename fileTypeInfo } } }`).join(' ')} }`;
    const ws = wsClient(server, owner.token);
    try {
      const http = await server.graphql(aliases(30), { id: projectId }, owner.token);
      expect(http.status).toBe(400);
      expect(http.errors?.[0]?.message).toMatch(/^Query asks for too many list items: more than 25000 file sets and files/);
      expect(http.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const overWs = await ws.run(aliases(30), { id: projectId });
      expect(overWs.errors?.[0]?.message).toMatch(/^Query asks for too many list items/);
      expect(overWs.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      // The web's project page: one project, its sets and their files.
      const one = await server.graphql(aliases(1), { id: projectId }, owner.token);
      expect(one.errors).toBeUndefined();
      expect(one.data.a0.fileSets).toHaveLength(2000);
      // Another user's small projects are not weighed by this one.
      expect((await server.graphql(aliases(30), { id: projectId }, userToken)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await ws.client.dispose();
    }
  });
});

describe('left-out arguments count at their schema default (issue 28, finding 3)', () => {
  // projects(first: Int! = 50): a left-out `first` is 50 pages' worth, as graphql runs it.
  const projects = (args: string, n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `p${i}: projects${args} { edges { node { id name description cameraType status createdAt } } }`).join(' ')} }`;

  it('a query refused with `first: 50` x aliases is refused just the same without `first`, on HTTP and graphql-ws', async () => {
    const withFirst = await server.graphql(projects('(first: 50)', 13), {}, userToken);
    expect(withFirst.status).toBe(400);
    const message = withFirst.errors?.[0]?.message;
    // 13 x (1 + 50 edges + 50 nodes + 50 x 6 fields) = 5,213 (the count stops just past the limit).
    expect(message).toMatch(new RegExp(`^Query is too expensive: cost \\d+ exceeds the limit of ${GRAPHQL_LIMITS.maxCost}$`));
    const ws = wsClient(server, userToken);
    try {
      for (const query of [projects('', 13), `query($n: Int) ${projects('(first: $n)', 13)}`]) {
        const http = await server.graphql(query, {}, userToken);
        expect([http.status, http.errors?.[0]?.message, http.errors?.[0]?.extensions?.code]).toEqual([400, message, 'GRAPHQL_VALIDATION_FAILED']);
        const overWs = await ws.run(query, {});
        expect([overWs.errors?.[0]?.message, overWs.errors?.[0]?.extensions?.code]).toEqual([message, 'GRAPHQL_VALIDATION_FAILED']);
      }
      // Fewer aliases, or a smaller page, still run.
      expect((await server.graphql(projects('', 12), {}, userToken)).errors).toBeUndefined();
      expect((await server.graphql(projects('(first: 2)', 13), {}, userToken)).errors).toBeUndefined();
    } finally {
      await ws.client.dispose();
    }
  });

  it('five aliases of a default-sized projects list are weighed as 50 projects each against the unpaged-list limit', async () => {
    const projectId = (await server.request('POST', '/api/projects', { token: userToken, body: { name: 'Thirty', cameraType: 'dji-mavic-3-pro-series' } })).body
      .project.id;
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `insert into file_sets (id, project_id, base_name, position, created_at)
         select gen_random_uuid(), $1, 'DJI_' || lpad(i::text, 4, '0'), i, now() from generate_series(1, 30) i`,
        [projectId],
      );
    } finally {
      await db.end();
    }
    // 5 aliases x 50 projects (the default) x 30 sets x (1 set + 3 files) = 30,000 > 25,000.
    const sets = (args: string, n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `p${i}: projects${args} { edges { node { fileSets { id files { id } } } } }`).join(' ')} }`;
    const ws = wsClient(server, userToken);
    try {
      const withFirst = await server.graphql(sets('(first: 50)', 5), {}, userToken);
      const message = withFirst.errors?.[0]?.message;
      expect(message).toMatch(/^Query asks for too many list items: more than 25000 file sets and files/);
      for (const query of [sets('', 5), `query($n: Int) ${sets('(first: $n)', 5)}`]) {
        const http = await server.graphql(query, {}, userToken);
        expect([http.status, http.errors?.[0]?.message, http.errors?.[0]?.extensions?.code]).toEqual([400, message, 'GRAPHQL_VALIDATION_FAILED']);
        expect((await ws.run(query, {})).errors?.[0]?.message).toBe(message);
      }
      // One alias of the default page, or five of a small page, run.
      expect((await server.graphql(sets('', 1), {}, userToken)).errors).toBeUndefined();
      expect((await server.graphql(sets('(first: 2)', 5), {}, userToken)).errors).toBeUndefined();
    } finally {
      await ws.client.dispose();
    }
  });
});
