import { randomBytes } from 'node:crypto';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

/** adminUsers(search:) over GraphQL: what finance admins type into the ledger explorer's user picker. */

let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }));
});
afterAll(() => server.close());

const SEARCH = `query($search: String, $first: Int!, $after: String) {
  adminUsers(search: $search, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id username email } } }
}`;

async function search(text: string | null, token: string | null = adminToken, first = 50, after: string | null = null) {
  return server.graphql(SEARCH, { search: text, first, after }, token);
}
async function usernamesFound(text: string): Promise<string[]> {
  const r = await search(text);
  expect(r.errors).toBeUndefined();
  return r.data.adminUsers.edges.map((e: { node: { username: string } }) => e.node.username).sort();
}

async function register(username: string, names: { firstName?: string; lastName?: string } = {}) {
  const r = await server.request('POST', '/auth/register', { body: { username, email: `${username}@example.com`, password: 'secret123', ...names } });
  expect(r.status).toBe(201);
  return username;
}

// One tag per run keeps these users apart from any other in the database.
const tag = randomBytes(4).toString('hex');

it('finds users by any part of username, e-mail, first or last name, case-insensitively, every word required', async () => {
  const ada = await register(`ada${tag}`, { firstName: 'Ada', lastName: `Lovelace${tag}` });
  const alan = await register(`alan${tag}`, { firstName: 'Alan', lastName: `Turing${tag}` });

  expect(await usernamesFound(`ADA${tag}`)).toEqual([ada]);
  expect(await usernamesFound(`${tag}@example`)).toEqual([ada, alan].sort());
  expect(await usernamesFound(`lovelace${tag}`)).toEqual([ada]);
  // Two words, each matching a different field.
  expect(await usernamesFound(`  alan   turing${tag} `)).toEqual([alan]);
  expect(await usernamesFound(`alan lovelace${tag}`)).toEqual([]);

  // totalCount counts the matches, and the cursor pages through them alone.
  const first = await search(`${tag}@example`, adminToken, 1);
  expect(first.data.adminUsers.totalCount).toBe(2);
  expect(first.data.adminUsers.pageInfo.hasNextPage).toBe(true);
  const second = await search(`${tag}@example`, adminToken, 1, first.data.adminUsers.pageInfo.endCursor);
  expect(second.data.adminUsers.pageInfo.hasNextPage).toBe(false);
  expect([first.data.adminUsers.edges[0].node.username, second.data.adminUsers.edges[0].node.username]).toEqual([ada, alan]);

  // No text (or only spaces) is no filter.
  const all = (await search(null)).data.adminUsers.totalCount;
  expect(all).toBeGreaterThanOrEqual(3);
  expect((await search('   ')).data.adminUsers.totalCount).toBe(all);
  expect((await search('')).data.adminUsers.totalCount).toBe(all);
});

it('treats %, _ and backslash as the characters themselves, not LIKE wildcards', async () => {
  const underscore = await register(`b_${tag}`);
  await register(`bx${tag}`); // what `b_<tag>` would match if _ were a wildcard
  const percent = await register(`pct1${tag}`, { firstName: `100%${tag}` });
  await register(`pct2${tag}`, { firstName: `100 and more ${tag}` }); // what `100%<tag>` would match if % were a wildcard
  const backslash = await register(`bs1${tag}`, { lastName: `back\\slash${tag}` });
  await register(`bs2${tag}`, { lastName: `backslash${tag}` }); // what `back\slash<tag>` would match if \ escaped the s

  expect(await usernamesFound(`b_${tag}`)).toEqual([underscore]);
  expect(await usernamesFound(`100%${tag}`)).toEqual([percent]);
  expect(await usernamesFound(`back\\slash${tag}`)).toEqual([backslash]);
  // Alone, none of them is "anything": a lone % finds only names that hold a %, a trailing \ is no error.
  expect(await usernamesFound('%')).toEqual([percent]);
  expect(await usernamesFound('\\')).toEqual([backslash]);
  expect((await usernamesFound('_')).every((u) => u.includes('_'))).toBe(true);
});

it('is for administrators only, and refuses a search text over 200 characters', async () => {
  const user = await signUp(server);
  const denied = await search(user.username, user.token);
  expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(denied.data?.adminUsers ?? null).toBeNull();
  expect((await search(user.username, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

  const long = await search('x'.repeat(201));
  expect(long.errors?.[0]).toMatchObject({ message: 'Search text must be at most 200 characters', extensions: { code: 'BAD_USER_INPUT' } });
  expect((await search(` ${'x'.repeat(200)} `)).errors).toBeUndefined();
});
