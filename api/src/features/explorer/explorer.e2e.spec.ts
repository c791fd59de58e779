import { startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';

// One server per setting of GRAPHQL_INTROSPECTION, for the whole file.
let on: StartedTestServer;
let off: StartedTestServer;
beforeAll(async () => {
  [on, off] = await Promise.all([startTestServer({ env: { GRAPHQL_INTROSPECTION: 'true' } }), startTestServer({ env: { GRAPHQL_INTROSPECTION: 'false' } })]);
});
afterAll(() => Promise.all([on.close(), off.close()]));

describe('the GraphQL explorer', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('is served at /explorer where introspection is on, with the CSP of the app (no unsafe-eval)', async () => {
    const r = await fetch(`${on.url}/explorer`, { headers: html });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(await r.text()).toContain('Shotlog GraphQL Explorer');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('sends a browser opening /graphql to /explorer, but not API clients', async () => {
    const r = await fetch(`${on.url}/graphql`, { headers: html, redirect: 'manual' });
    expect([r.status, r.headers.get('location')]).toEqual([302, '/explorer']);
    const api = await fetch(`${on.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { ...html, 'apollo-require-preflight': 'true' },
      redirect: 'manual',
    });
    expect(api.status).toBe(200);
    const post = await on.graphql('{ __typename }');
    expect(post.data).toEqual({ __typename: 'Query' });
  });

  it('does not exist where introspection is off', async () => {
    for (const p of ['/explorer', '/explorer.html']) {
      const r = await fetch(`${off.url}${p}`, { headers: html });
      expect([p, r.status]).toEqual([p, 404]);
    }
    const g = await fetch(`${off.url}/graphql`, { headers: html, redirect: 'manual' });
    expect(g.status).not.toBe(302);
    expect(g.status).toBeLessThan(500);
  });
});

describe('introspection within the query limits', () => {
  it("accepts the standard introspection query (GraphiQL's), but still refuses deep `fields { type { fields` nesting", async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const r = await on.graphql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true }));
    expect(r.errors).toBeUndefined();
    expect(r.data.__schema.queryType.name).toBe('Query');
    const nest = (n: number): string => (n === 0 ? 'name' : `fields { type { ${nest(n - 1)} } }`);
    const deep = await on.graphql(`{ __schema { types { ${nest(6)} } } }`);
    expect(deep.errors?.[0]?.message).toMatch(/too deep|Maximum introspection depth exceeded/);
  });
});
