import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/logging/logger.js';
import { sequenceCursor, timeIdCursor } from '../../src/platform/graphql/relay.js';
import { projectCursor } from '../../src/features/projects/projects.service.js';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../support/test-server.js';

/**
 * Issue 14, item 7 ("Low, all reproduced"), each through the real HTTP / GraphQL interfaces of a
 * server run with introspection off (as in production) and every log line captured.
 */
let logs = '';
const capture = new Writable({
  write(chunk, _enc, done) {
    logs += String(chunk);
    done();
  },
});
let server: StartedTestServer;
let adminToken: string;
let user: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin(
    { username: 'lowsadmin', password: 'lows-admin-1' },
    { env: { GRAPHQL_INTROSPECTION: 'false', LOG_LEVEL: 'info' }, logger: createLogger('info', capture) },
  ));
  user = await signUp(server);
});
afterAll(() => server.close());

const FAR_FUTURE = new Date(8.64e15); // +275760-09-13T00:00:00.000Z, the last JavaScript date
const SOME_ID = '0b7c6f1e-8a55-4c1e-9a3e-1f2d3c4b5a69';

describe('"Did you mean" suggestions with introspection off', () => {
  it('answers a mistyped field without naming the real ones (HTTP)', async () => {
    const r = await server.graphql('{ adminUser { totalCount } me { usrname } }', {}, user.token);
    expect(r.errors?.map((e) => e.message)).toEqual(['Cannot query field "adminUser" on type "Query".', 'Cannot query field "usrname" on type "User".']);
    expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('bidirectional text controls in names', () => {
  it.each([
    ['202E', '\u202E'],
    ['202A', '\u202A'],
    ['2066', '\u2066'],
    ['2069', '\u2069'],
  ])('refuses U+%s in project and token names (REST and GraphQL)', async (_code, c) => {
    const project = await server.request('POST', '/api/projects', { token: user.token, body: { name: `x${c}gpj`, cameraType: 'dji-mavic-3-pro-series' } });
    expect([project.status, project.body.message]).toEqual([400, 'Project name must not contain bidirectional text controls (U+202A-202E, U+2066-2069)']);
    const token = await server.graphql(
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { secret } }',
      { i: { name: `ci${c}`, scopes: ['read'] } },
      user.token,
    );
    expect(token.errors?.[0]).toMatchObject({
      message: 'Token name must not contain bidirectional text controls (U+202A-202E, U+2066-2069)',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses an uploaded file by name, like other bad names (x\\u202Egpj.srt would show as xtrs.jpg)', async () => {
    const project = await server.request('POST', '/api/projects', { token: user.token, body: { name: 'Bidi', cameraType: 'dji-mavic-3-pro-series' } });
    const form = new FormData();
    form.append('files', new Blob(['1\n00:00:00,000 --> 00:00:01,000\nx\n']), 'x\u202Egpj.srt');
    const res = await fetch(`${server.url}/api/upload/${project.body.project.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const body = (await res.json()) as { refused?: Array<{ filename: string; reason: string }>; message?: string };
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(body)).toContain('The file name must not contain bidirectional text controls');
  });
});

describe('edge dates and cursors answer 400, never 500', () => {
  const gqlCode = async (query: string, variables: Record<string, unknown>, token = user.token) =>
    (await server.graphql(query, variables, token)).errors?.[0]?.extensions?.code;

  it('createdOn "0000-01-01" and a project cursor in the year +275760', async () => {
    expect(await gqlCode('query($d: String) { projects(createdOn: $d) { totalCount } }', { d: '0000-01-01' })).toBe('BAD_USER_INPUT');
    expect(await gqlCode('query($a: String) { projects(after: $a) { totalCount } }', { a: projectCursor({ createdAt: FAR_FUTURE, id: SOME_ID }) })).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('keyset cursors with the year +275760 or a sequence above bigint (GraphQL and REST)', async () => {
    expect(
      await gqlCode('query($a: String) { apiTokens(after: $a) { totalCount } }', { a: timeIdCursor('apiToken', { createdAt: FAR_FUTURE, id: SOME_ID }) }),
    ).toBe('BAD_USER_INPUT');
    const rest = await server.request('GET', `/api/user/tokens?after=${timeIdCursor('apiToken', { createdAt: FAR_FUTURE, id: SOME_ID })}`, {
      token: user.token,
    });
    expect([rest.status, rest.body.message]).toEqual([400, 'Invalid cursor']);
    expect(await gqlCode('query($a: String) { transactions(after: $a) { totalCount } }', { a: sequenceCursor('transaction', '9999999999999999999') })).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      await gqlCode('query($a: String) { ledgerEvents(after: $a) { totalCount } }', { a: sequenceCursor('ledgerEvent', '9223372036854775808') }, adminToken),
    ).toBe('BAD_USER_INPUT');
    const ledger = await server.request('GET', '/api/admin/ledger/events?from=0000-01-01', { token: adminToken });
    expect([ledger.status, ledger.body.message]).toEqual([400, 'from must be a date between the years 1 and 9999']);
  });

  it('a token expiring at +275760-09-13T00:00:00.000Z', async () => {
    const body = { name: 'far', scopes: ['read'], expiresAt: '+275760-09-13T00:00:00.000Z' };
    const rest = await server.request('POST', '/api/user/tokens', { token: user.token, body });
    expect([rest.status, rest.body.message]).toEqual([400, 'expiresAt must be a date between the years 1 and 9999']);
    expect(await gqlCode('mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { secret } }', { i: body })).toBe('BAD_USER_INPUT');
  });
});

describe('the 50-active-token limit under concurrent creates', () => {
  it('60 creates at once give exactly 50 tokens, the others a 400', async () => {
    const u = await signUp(server);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => server.request('POST', '/api/user/tokens', { token: u.token, body: { name: `c${i}`, scopes: ['read'] } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect([statuses.filter((s) => s === 201).length, statuses.filter((s) => s === 400).length]).toEqual([50, 10]);
    const list = await server.request('GET', '/api/user/tokens?first=200', { token: u.token });
    expect(list.body.tokens.filter((t: { active: boolean }) => t.active)).toHaveLength(50);
  });
});

describe('signed ?token= links in the request log', () => {
  it('logs the URL with the token redacted', async () => {
    const secret = 'sEcReT-link-value-1234567890';
    await fetch(`${server.url}/api/files/${SOME_ID}?token=${secret}`);
    await fetch(`${server.url}/api/projects/csv/${SOME_ID}?bom=1&token=${secret}`);
    await new Promise((r) => setTimeout(r, 50)); // the completion line is written after the response
    expect(logs).toContain(`/api/files/${SOME_ID}?token=[redacted]`);
    expect(logs).toContain(`/api/projects/csv/${SOME_ID}?bom=1&token=[redacted]`);
    expect(logs).not.toContain(secret);
  });
});
