import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

/**
 * Every growing list follows the Relay connection rules: walking pages forward to the end sees
 * every item that existed when the walk started exactly once, in the list's order, even while
 * rows are inserted between pages (keyset cursors, not offsets).
 */
let server: StartedTestServer;
let adminToken: string;
beforeAll(async () => {
  // The purchase-request walks need more pending requests of one user than the default quota allows.
  ({ server, adminToken } = await startTestServerWithAdmin(
    { username: 'page-admin', password: 'admin-pass', email: 'page-admin@example.com' },
    { env: { MAX_PENDING_PURCHASE_REQUESTS: '100' } },
  ));
});
afterAll(() => server.close());

const CAMERA = 'dji-mavic-3-pro-series';
const conn = (field: string, args = '') =>
  `query($first: Int!, $after: String){ ${field}(first: $first, after: $after${args}){ totalCount edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`;

async function all(query: string, field: string, token: string): Promise<string[]> {
  const r = await server.graphql(query, { first: 200 }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data[field].edges.map((e: { node: { id: string } }) => e.node.id);
}

/** Walks forward 3 at a time, inserting rows after every page; returns the ids seen, in order. */
async function walk(query: string, field: string, token: string, insert: () => Promise<unknown>) {
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const r = await server.graphql(query, { first: 3, after }, token);
    expect(r.errors).toBeUndefined();
    const c = r.data[field];
    expect(c.pageInfo.hasPreviousPage).toBe(after !== null);
    expect(c.pageInfo.startCursor).toBe(c.edges[0]?.cursor ?? null);
    expect(c.pageInfo.endCursor).toBe(c.edges[c.edges.length - 1]?.cursor ?? null);
    seen.push(...c.edges.map((e: { node: { id: string } }) => e.node.id));
    pages++;
    await insert();
    if (!c.pageInfo.hasNextPage) break;
    after = c.pageInfo.endCursor;
    expect(pages).toBeLessThan(100);
  }
  return seen;
}

async function expectWalk(query: string, field: string, token: string, insert: () => Promise<unknown>) {
  const before = await all(query, field, token);
  expect(before.length).toBeGreaterThanOrEqual(7);
  const seen = await walk(query, field, token, insert);
  expect(new Set(seen).size).toBe(seen.length); // nothing repeated
  expect(seen.filter((id) => before.includes(id))).toEqual(before); // nothing skipped, same order
  const after = await all(query, field, token);
  expect(after.length).toBeGreaterThan(before.length); // the inserts really happened
  const total = (await server.graphql(query, { first: 1 }, token)).data[field].totalCount;
  expect(total).toBe(after.length);
}

async function checkBadInput(query: string, field: string, token: string) {
  for (const first of [0, -1, 201]) {
    const r = await server.graphql(query, { first }, token);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  }
  const other = (await server.graphql(conn('apiTokens'), { first: 1 }, token)).data?.apiTokens?.edges?.[0]?.cursor;
  for (const after of [
    'garbage',
    '%%%',
    Buffer.from('["k1","x"]').toString('base64url'),
    'bzo1',
    ...(other && field !== 'apiTokens' && field !== 'projects' ? [other] : []),
  ]) {
    const r = await server.graphql(query, { first: 2, after }, token);
    expect([after, r.errors?.[0]?.extensions?.code]).toEqual([after, 'BAD_USER_INPUT']);
  }
}

describe('Relay connections', () => {
  it('projects', async () => {
    const u = await signUp(server);
    const create = (name: string) => server.request('POST', '/api/projects', { token: u.token, body: { name, cameraType: CAMERA } });
    for (let i = 0; i < 8; i++) await create(`p${i}`);
    const q = conn('projects');
    await expectWalk(q, 'projects', u.token, () => create('late'));
    await checkBadInput(q, 'projects', u.token);
  });

  it('transactions', async () => {
    const u = await signUp(server);
    const adjust = () => server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount: 1 } });
    for (let i = 0; i < 7; i++) await adjust();
    const q = conn('transactions');
    await expectWalk(q, 'transactions', u.token, adjust);
    await checkBadInput(q, 'transactions', u.token);
  });

  it('ledger events, admin users and admin purchase requests', async () => {
    for (let i = 0; i < 4; i++) await signUp(server);
    await expectWalk(conn('ledgerEvents'), 'ledgerEvents', adminToken, () => signUp(server));
    await checkBadInput(conn('ledgerEvents'), 'ledgerEvents', adminToken);
    await expectWalk(conn('adminUsers'), 'adminUsers', adminToken, () => signUp(server));
    await checkBadInput(conn('adminUsers'), 'adminUsers', adminToken);

    const u = await signUp(server);
    const pkgs = (await server.request('GET', '/api/purchase/packages')).body.packages;
    const request = () => server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id } });
    for (let i = 0; i < 7; i++) await request();
    await expectWalk(conn('adminPurchaseRequests', ', status: "pending"'), 'adminPurchaseRequests', adminToken, request);
    await expectWalk(conn('myPurchaseRequests'), 'myPurchaseRequests', u.token, request);
    await checkBadInput(conn('myPurchaseRequests'), 'myPurchaseRequests', u.token);
  });

  it('API tokens', async () => {
    const u = await signUp(server);
    const create = () => server.request('POST', '/api/user/tokens', { token: u.token, body: { name: 'n', scopes: ['read'] } });
    for (let i = 0; i < 7; i++) await create();
    await expectWalk(conn('apiTokens'), 'apiTokens', u.token, create);
    await checkBadInput(conn('apiTokens'), 'apiTokens', u.token);
  });
});
