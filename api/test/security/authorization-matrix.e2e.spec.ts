import { jest } from '@jest/globals';
import { buildClientSchema, getIntrospectionQuery, getNamedType, isCompositeType, type GraphQLSchema } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { fillPath, listRoutes, type RouteEntry } from '../../src/platform/http/test-support/route-list.js';
import { makeMatrixFixture } from './test-support/authorization-fixtures.js';
import {
  CALLERS,
  TOKEN_CALLERS,
  accountOf,
  graphqlRules,
  isTokenCaller,
  restRules,
  type Access,
  type Caller,
  type MatrixFixture,
} from './test-support/authorization-rules.js';
import type { RequiredScope } from '../../src/platform/principal/scopes.js';

// Every route x 3 spellings x 9 callers, one request each: minutes on a loaded 2-core machine.
jest.setTimeout(600_000);

/**
 * Every REST route of the live app and every GraphQL root field of the live schema, called as
 * signed out, as user A on A's objects, as user B on A's objects, as an administrator, and with
 * API tokens of each kind (test-support/authorization-rules.ts), must answer what its rule allows.
 * Every REST route is also called with its path in UPPER case and in mIxEd case: Express matches
 * paths case-insensitively, so what a caller may do must not depend on how the path is spelt.
 * A route or field without a rule fails.
 */
type Outcome = 'ok' | 401 | 403 | 404;

/**
 * What `caller` must get. A REST route open to everyone ignores a bearer token; GraphQL holds any
 * presented API token to its scope, public fields included (`tokenCheckedWhenPublic`).
 */
function expected(access: Access, caller: Caller, scope: RequiredScope, tokenCheckedWhenPublic = false): Outcome {
  const lacksScope = isTokenCaller(caller) && !(TOKEN_CALLERS[caller].scopes as readonly RequiredScope[]).includes(scope);
  if (access === 'public') return lacksScope && tokenCheckedWhenPublic ? 403 : 'ok';
  const account = accountOf(caller);
  if (!account) return 401;
  if (lacksScope) return 403;
  if (access === 'user') return 'ok';
  if (access === 'owned') return account === 'owner' ? 'ok' : 404;
  return account === 'admin' ? 'ok' : 403;
}

/** The scope an API token needs for a REST route: its rule's, else admin, else by the method. */
const restScope = (access: Access, method: string, declared?: RequiredScope): RequiredScope =>
  declared ?? (access === 'admin' ? 'admin' : method === 'GET' || method === 'HEAD' ? 'read' : 'write');
/** The scope an API token needs for a root field: its rule's, else admin, else by the operation. */
const graphqlScope = (access: Access, field: string, declared?: RequiredScope): RequiredScope =>
  declared ?? (access === 'admin' ? 'admin' : field.startsWith('Mutation.') ? 'write' : 'read');

const bearerOf = (caller: Caller): string | null => {
  if (caller === 'anonymous') return null;
  return isTokenCaller(caller) ? fx.tokens[caller] : fx.users[caller].token;
};

/** How a path is spelt: as declared, UPPER case, mIxEd case. Only the route's literal text changes, never ids. */
const SPELLINGS = {
  declared: (literal: string) => literal,
  upper: (literal: string) => literal.toUpperCase(),
  mixed: (literal: string) => literal.replace(/[a-z]/gi, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase())),
} as const;
type Spelling = keyof typeof SPELLINGS;

/** `template` filled with `params`, its literal parts spelt as `spelling` says. */
function spell(template: string, params: Record<string, string>, spelling: Spelling): string {
  const literal = SPELLINGS[spelling];
  return template
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? fillPath(part, params) : literal(part)))
    .join('');
}

const codeFor: Record<Exclude<Outcome, 'ok'>, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

let server: TestServer & { close(): Promise<void> };
let fx: MatrixFixture;
let routes: RouteEntry[];
let schema: GraphQLSchema;
const ADMIN = { username: 'matrixadmin', password: 'matrix-admin-1' };

beforeAll(async () => {
  // No pending-purchase or project quota here: every call of a purchase-request rule makes one more
  // pending request, and most rules make a fresh project of user A's (thousands over the matrix).
  // Delivery connections may target this machine's test servers.
  server = await startTestServer({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      MAX_PENDING_PURCHASE_REQUESTS: '0',
      MAX_PROJECTS_PER_ACCOUNT: '0',
      DELIVERY_EXTRA_HOSTS: '127.0.0.1',
    },
  });
  fx = await makeMatrixFixture(server, ADMIN);
  routes = listRoutes(server.app);
  const intro = await server.graphql(getIntrospectionQuery());
  if (!intro.data) throw new Error(JSON.stringify(intro.errors));
  schema = buildClientSchema(intro.data);
});
afterAll(() => server.close());

const key = (r: RouteEntry) => `${r.method} ${r.path}`;

/**
 * One route's (or field's) call as every caller, the callers at once: each call makes its own
 * objects (rule.call / rule.args), so they do not depend on each other, and the server's and
 * PostgreSQL's waits overlap instead of adding up. Answers come back in CALLERS order.
 */
async function eachCaller<T>(call: (caller: Caller) => Promise<T>): Promise<Array<[Caller, T]>> {
  return Promise.all(CALLERS.map(async (caller) => [caller, await call(caller)] as [Caller, T]));
}
const matrixCalls: number[] = [];

function rootFields(): string[] {
  const out: string[] = [];
  for (const [op, type] of [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ] as const) {
    for (const name of Object.keys(type?.getFields() ?? {})) out.push(`${op}.${name}`);
  }
  return out;
}

describe('the rules cover everything', () => {
  it('lists the app routes through the Express router stack, with mount prefixes', () => {
    const keys = routes.map(key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /auth/login',
        'GET /api/projects/:id',
        'DELETE /api/projects/:id/permanent',
        'GET /api/user/transactions',
        'GET /api/admin/queue',
        'GET /metrics',
        'GET /api/ready',
      ]),
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  it('has a rule for every REST route and every GraphQL operation', () => {
    const missing = [
      ...routes.filter((r) => !restRules[key(r)]).map((r) => `no authorization rule for ${key(r)}`),
      ...rootFields()
        .filter((f) => !graphqlRules[f])
        .map((f) => `no authorization rule for GraphQL ${f}`),
    ];
    expect(missing).toEqual([]);
  });

  it('has no rule for a route or field that does not exist', () => {
    const live = new Set([...routes.map(key), ...rootFields()]);
    const unused = [...Object.keys(restRules), ...Object.keys(graphqlRules)].filter((k) => !live.has(k));
    expect(unused).toEqual([]);
  });
});

async function callRest(route: RouteEntry, caller: Caller, spelling: Spelling): Promise<{ status: number; body: string; url: string }> {
  const rule = restRules[key(route)]!;
  const spec = rule.call ? await rule.call(fx, caller) : {};
  let url: string;
  if (spec.url) {
    const [path, query] = spec.url.split('?') as [string, string | undefined];
    url = SPELLINGS[spelling](path) + (query === undefined ? '' : `?${query}`);
  } else url = spell(route.path, spec.params ?? {}, spelling) + (spec.query ? `?${spec.query}` : '');
  const headers: Record<string, string> = { ...spec.headers };
  const bearer = bearerOf(caller);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body: string | FormData | Blob | undefined;
  if (spec.form) body = spec.form;
  else if (spec.raw) body = new Blob([new Uint8Array(spec.raw)]);
  else if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(server.url + url, { method: route.method, headers, body, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: (await res.text()).slice(0, 300), url };
}

describe('REST routes', () => {
  it.each(Object.keys(SPELLINGS) as Spelling[])('answer each caller as their rule says, the path spelt %s', async (spelling) => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const rule = restRules[key(route)];
      if (!rule) continue; // reported above
      const scope = restScope(rule.access, route.method, rule.scope);
      const answers = await eachCaller((caller) => callRest(route, caller, spelling));
      for (const [caller, got] of answers) {
        const want = expected(rule.access, caller, scope);
        calls++;
        const fine = want === 'ok' ? (got.status >= 200 && got.status < 300) || (rule.alsoAllowed ?? []).includes(got.status) : got.status === want;
        if (!fine)
          failures.push(
            `${route.method} ${got.url} as ${caller} (${rule.access}, ${scope}): expected ${want === 'ok' ? '2xx' : want}, got ${got.status} ${got.body}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(routes.filter((r) => restRules[key(r)]).length * CALLERS.length);
    matrixCalls.push(calls);
  });

  afterAll(() => {
    const routesWithRule = routes.filter((r) => restRules[key(r)]).length;
    // The figure issue 14 asks for: routes x spellings x callers.
    process.stdout.write(
      `REST authorization matrix: ${routesWithRule} routes x ${matrixCalls.length} spellings x ${CALLERS.length} callers = ${matrixCalls.reduce((a, b) => a + b, 0)} calls\n`,
    );
  });

  it('never accepts an authorization failure as a business refusal', () => {
    for (const rule of Object.values(restRules)) expect((rule.alsoAllowed ?? []).filter((s) => [401, 403, 404, 500].includes(s))).toEqual([]);
    for (const rule of Object.values(graphqlRules))
      expect((rule.alsoAllowedCodes ?? []).filter((c) => ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_SERVER_ERROR'].includes(c))).toEqual([]);
  });
});

function documentFor(field: string, values: Record<string, unknown>): string {
  const [op, name] = field.split('.') as [string, string];
  const type = op === 'Query' ? schema.getQueryType() : op === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  const def = type!.getFields()[name]!;
  const used = def.args.filter((a) => a.name in values);
  const defs = used.length ? `(${used.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})` : '';
  const args = used.length ? `(${used.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const selection = isCompositeType(getNamedType(def.type)) ? ' { __typename }' : '';
  return `${op.toLowerCase()} Matrix${defs} { ${name}${args}${selection} }`;
}

type GraphQLOutcome = { ok: true } | { ok: false; code: string; message: string };

function outcomeOf(result: { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }, name: string): GraphQLOutcome {
  const e = result.errors?.[0];
  if (e) return { ok: false, code: String(e.extensions?.code ?? 'NO_CODE'), message: e.message };
  if (result.data?.[name] === undefined) return { ok: false, code: 'NO_DATA', message: JSON.stringify(result) };
  return { ok: true };
}

async function callSubscription(query: string, variables: Record<string, unknown>, token: string | null, name: string): Promise<GraphQLOutcome> {
  const client = createClient({
    url: server.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
  try {
    return await new Promise<GraphQLOutcome>((resolve) => {
      // A subscription that is accepted may stay quiet until something happens: no error within 2 s is success.
      const quiet = setTimeout(() => resolve({ ok: true }), 2000);
      client.subscribe(
        { query, variables },
        {
          next: (r) => {
            clearTimeout(quiet);
            resolve(outcomeOf(r as never, name));
          },
          error: (err) => {
            clearTimeout(quiet);
            const list = Array.isArray(err) ? err : [err];
            resolve({ ok: false, code: String(list[0]?.extensions?.code ?? 'NO_CODE'), message: JSON.stringify(err).slice(0, 200) });
          },
          complete: () => undefined,
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

/** A GraphQL multipart request (operations, map, then one part per file), as upload clients send it. */
async function callMultipart(
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, { filename: string; data: Buffer }>,
  token: string | null,
) {
  const form = new FormData();
  const paths = Object.keys(files);
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify(Object.fromEntries(paths.map((p, i) => [String(i), [`variables.${p}`]]))));
  paths.forEach((p, i) => form.append(String(i), new Blob([new Uint8Array(files[p]!.data)]), files[p]!.filename));
  const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(15_000) });
  return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

describe('signed links (no Authorization header)', () => {
  const fileLink = `query L($id: ID!) { project(id: $id) { fileSets { files { id resourceUri } } } }`;

  it("open A's stored file for anyone holding the link, and only that file", async () => {
    const a = await fx.fileSet();
    const b = await fx.fileSet();
    const r = await server.graphql(fileLink, { id: a.projectId }, fx.users.owner.token);
    const uri = r.data.project.fileSets[0].files[0].resourceUri as string;
    expect(uri).toMatch(new RegExp(`^/api/files/${a.fileId}\\?token=`));
    const token = new URL(uri, server.url).searchParams.get('token')!;
    expect((await fetch(server.url + uri)).status).toBe(200);
    expect((await fetch(`${server.url}/api/files/${b.fileId}?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/files/${a.fileId}?token=${encodeURIComponent(token.slice(0, -2) + 'AA')}`)).status).toBe(401);
    // A header wins over the link: user B's bearer token on A's file is a 404, link or not.
    expect((await fetch(server.url + uri, { headers: { authorization: `Bearer ${fx.users.other.token}` } })).status).toBe(404);
  });

  it("download A's export for anyone holding the link, only for that project and format", async () => {
    const projectId = await fx.completeProject();
    const otherProject = await fx.completeProject();
    const r = await server.graphql(`mutation D($p: ID!) { exportDownload(projectId: $p, format: STANDARD) { url } }`, { p: projectId }, fx.users.owner.token);
    const url = r.data.exportDownload.url as string;
    expect((await fetch(new URL(url, server.url))).status).toBe(200);
    const token = new URL(url, server.url).searchParams.get('token')!;
    const q = `?token=${encodeURIComponent(token)}`;
    expect((await fetch(`${server.url}/api/projects/csv/${otherProject}${q}`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/api/projects/pond5-csv/${projectId}${q}`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/api/projects/${projectId}/metadata.zip${q}`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/api/projects/csv/${projectId}?token=forged`)).status).toBe(401);
  });
});

describe('GraphQL operations', () => {
  it('answer each caller as their rule says, on HTTP and (subscriptions) graphql-ws', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const field of rootFields()) {
      const rule = graphqlRules[field];
      if (!rule) continue; // reported above
      const name = field.split('.')[1]!;
      const scope = graphqlScope(rule.access, field, rule.scope);
      const answers = await eachCaller(async (caller) => {
        const values = rule.args ? await rule.args(fx, caller) : {};
        const query = documentFor(field, values);
        const token = bearerOf(caller);
        return field.startsWith('Subscription.')
          ? callSubscription(query, values, token, name)
          : rule.files
            ? outcomeOf(await callMultipart(query, values, await rule.files(fx), token), name)
            : outcomeOf(await server.graphql(query, values, token), name);
      });
      for (const [caller, got] of answers) {
        calls++;
        const want = expected(rule.access, caller, scope, true);
        const fine = want === 'ok' ? got.ok || (rule.alsoAllowedCodes ?? []).includes(got.code) : !got.ok && got.code === codeFor[want];
        if (!fine)
          failures.push(
            `${field} as ${caller} (${rule.access}, ${scope}): expected ${want === 'ok' ? 'data' : codeFor[want]}, got ${got.ok ? 'data' : `${got.code}: ${got.message}`}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(25 * CALLERS.length);
  });
});
