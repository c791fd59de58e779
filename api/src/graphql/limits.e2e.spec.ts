import { buildSchema, parse } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { signUp, startTestServer, type TestServer } from '../test-support/test-server.js';
import { validateWithLimits } from './limits.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer({ env: { GRAPHQL_INTROSPECTION: 'false', RATE_LIMIT_AUTH_PER_MINUTE: '6' } });
});
afterAll(() => server.close());

const manyAliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: cameraTypes { value }`).join(' ')} }`;
const expensive = `{ ${[1, 2, 3]
  .map((i) => `p${i}: projects(first: 200) { edges { cursor node { id name description cameraType status createdAt deletedAt fileSetCount fileSets { id baseName status files { id filename } } } } }`)
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
    const client = createClient({ url: server.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
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
    expect(validate(schema, parse(`fragment F on Node { child { child { child { id } } } } { root { child { child { child { child { child { child { child { child { child { ...F } } } } } } } } } } }`))[0]?.message).toMatch(/too deep/);
  });
});

describe('login and registration rate limits', () => {
  it('answers 429 with Retry-After on REST and RATE_LIMITED on GraphQL', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await server.request('POST', '/auth/login', { body: { username: 'victim', password: `guess-${i}` } });
      statuses.push(r.status);
      retryAfter ??= r.headers.get('retry-after');
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const g = await server.graphql('mutation{ login(input:{username:"victim", password:"x"}){ token } }');
    expect(g.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});
