import fc from 'fast-check';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from 'graphql';
import type { RouteEntry } from '../../../src/platform/http/test-support/route-list.js';

/** One raw HTTP request: the path is sent as is (no URL normalisation), the body as bytes. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What generated it, for the failure report. */
  label: string;
}

export interface FuzzContext {
  routes: RouteEntry[];
  /** A valid token and the id of one of its real projects and file sets. */
  token: string;
  projectId: string;
  fileSetId: string;
}

// ----- path ids and query strings -------------------------------------------------------------

const enc = (s: string) => encodeURIComponent(s);
const pathSegment = (ctx: FuzzContext) =>
  fc.oneof(
    fc.constantFrom(
      '..',
      '.',
      '%00',
      '%2e%2e',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      'null',
      'undefined',
      '-1',
      '0',
      '1e309',
      'NaN',
      '%20',
      '[]',
      '%7B%7D',
      "'%20OR%201=1--",
      'trash',
      'empty',
    ),
    fc.constantFrom(ctx.projectId, ctx.fileSetId, '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    fc.uuid().map(String),
    fc.string({ maxLength: 40 }).map(enc),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => enc(s.replace(/[\uD800-\uDFFF]/g, 'x'))),
    fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)),
  );

const queryValue = fc.oneof(
  fc.constantFrom('-1', '0', '1', '201', '1e400', 'NaN', 'Infinity', '0x10', '1.5', '', '%', '%00', 'csv', 'pending', 'ACTIVE', '2026-13-45', 'true'),
  fc.integer().map(String),
  fc.string({ maxLength: 30 }).map(enc),
  fc.integer({ min: 1000, max: 6000 }).map((n) => 'z'.repeat(n)),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    'limit',
    'offset',
    'status',
    'format',
    'userId',
    'type',
    'from',
    'to',
    'first',
    'after',
    'query',
    'variables',
    'limit[]',
    'a[b][c]',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 10 }).map(enc),
);
const queryString = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 6 }).map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('?', '?&&&', '?=', '?limit=1&limit=2', '?%', '?a=%zz') },
);

// ----- bodies -----------------------------------------------------------------------------------

const deepJson = (levels: number, open: string, close: string, inner = '1') => open.repeat(levels) + inner + close.repeat(levels);

/** Bodies with the content type they claim (or a wrong one). */
const body: fc.Arbitrary<{ type?: string; bytes?: Buffer; kind: string }> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' }) },
  {
    weight: 6,
    arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => ({ kind: 'json', type: 'application/json', bytes: Buffer.from(JSON.stringify(v) ?? 'null') })),
  },
  {
    weight: 6,
    arbitrary: fc
      .dictionary(
        fc.constantFrom(
          'username',
          'password',
          'email',
          'name',
          'cameraType',
          'description',
          'theme',
          'packageId',
          'amount',
          'value',
          'adminNotes',
          'content',
          'metadata',
          'shot_types',
          'firstName',
          '__proto__',
        ),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 300 })),
        { maxKeys: 6 },
      )
      .map((o) => ({ kind: 'json-fields', type: 'application/json', bytes: Buffer.from(JSON.stringify(o)) })),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ kind: 'invalid-json', type: 'application/json', bytes: Buffer.from(`{${s}`) })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('{"a":', '[', '{"__proto__":{"admin":true}}', '"string"', 'null', '1e999', '{"a":1,"a":2}', '\uFEFF{}', '{"password":"\\ud800"}')
      .map((s) => ({ kind: 'json-edge', type: 'application/json', bytes: Buffer.from(s) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(100, 1000, 10_000)
      .map((n) => ({ kind: `deep-json-${n}`, type: 'application/json', bytes: Buffer.from(deepJson(n, '{"a":', '}')) })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(10_000).map((n) => ({ kind: `deep-array-${n}`, type: 'application/json', bytes: Buffer.from(deepJson(n, '[', ']')) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(1.5, 3)
      .map((mb) => ({ kind: `huge-json-${mb}MB`, type: 'application/json', bytes: Buffer.from(JSON.stringify({ name: 'x'.repeat(mb * 1024 * 1024) })) })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      kind: 'long-string-900KB',
      type: 'application/json',
      bytes: Buffer.from(JSON.stringify({ name: 'n'.repeat(900_000), description: 'd', username: 'u'.repeat(900), password: 'p' })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'image/png',
          'application/json; charset=utf-7',
          'application/json; charset=latin1',
          'application/octet-stream',
          '',
        ),
      )
      .map(([s, type]) => ({ kind: 'wrong-type', type, bytes: Buffer.from(s) })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 30 }), fc.string({ maxLength: 200 }), fc.boolean(), fc.constantFrom('same', 'other', ''))
      .map(([boundary, content, close, declared]) => {
        const b = boundary.replace(/[\r\n"]/g, '') || 'b';
        const text = `--${b}\r\nContent-Disposition: form-data; name="files"; filename="${content.slice(0, 20)}.SRT"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n${close ? `--${b}--\r\n` : ''}`;
        return { kind: 'multipart', type: `multipart/form-data; boundary=${declared === 'same' ? b : declared}`, bytes: Buffer.from(text) };
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((a) => ({ kind: 'binary', type: 'application/json', bytes: Buffer.from(a) })) },
);

// ----- GraphQL ----------------------------------------------------------------------------------

const fieldNames = [
  'me',
  'projects',
  'project',
  'edges',
  'node',
  'id',
  'name',
  'fileSets',
  'files',
  'filename',
  'cameraTypes',
  'value',
  'creditPackages',
  'transactions',
  'adminUsers',
  'ledgerEvents',
  'settings',
  '__typename',
  '__schema',
  '__type',
  'types',
  'fields',
  'pageInfo',
  'totalCount',
  'x',
  'login',
  'register',
  'createProject',
  'trashProject',
  'emptyTrash',
];
const gqlLiteral = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    '99999999999999999999',
    '-1',
    '1.5e400',
    'null',
    'true',
    'ACTIVE',
    'TRASH',
    '[]',
    '{}',
    '[1, "a", null]',
    '{ a: { b: { c: 1 } } }',
    '$v',
    '"\\u0000"',
  ),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
);
const gqlArgs = fc.option(
  fc
    .array(fc.tuple(fc.constantFrom('id', 'first', 'after', 'input', 'view', 'search', 'value', 'theme', 'projectId', 'name'), gqlLiteral), { maxLength: 3 })
    .map((a) => `(${a.map(([k, v]) => `${k}: ${v}`).join(', ')})`),
  { nil: '' },
);
const { selection } = fc.letrec<{ selection: string }>((tie) => ({
  selection: fc
    .array(
      fc
        .tuple(
          fc.option(fc.constantFrom('a:', 'b:', 'alias1:'), { nil: '' }),
          fc.constantFrom(...fieldNames),
          gqlArgs,
          fc.option(tie('selection'), { nil: '', depthSize: 'small' }),
        )
        .map(([alias, f, args, sub]) => `${alias}${f}${args}${sub ? ` { ${sub} }` : ''}`),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join(' ')),
}));
const gqlDocument = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '',
          'query ',
          'mutation ',
          'subscription ',
          'query Q($v: ID!) ',
          'query Q($v: Int = "x") ',
          'fragment F on User ',
          'query { ...F } fragment F on Query ',
        ),
        selection,
      )
      .map(([head, sel]) => `${head}{ ${sel} }`),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom(500, 3000, 20_000).map((n) => '{ me '.repeat(n) + '}'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('{ cameraTypes { value } }', 'query { projects(first: 1) { edges { node { id } } } }', 'mutation { emptyTrash { deletedCount } }')
      .chain((q) => fc.nat({ max: q.length }).map((n) => q.slice(0, n))),
  },
);
const gqlVariables = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ v: fc.jsonValue({ maxDepth: 2 }), input: fc.jsonValue({ maxDepth: 2 }) }),
);
const graphqlRequest: fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(gqlDocument, gqlVariables, fc.option(fc.string({ maxLength: 20 }), { nil: undefined })).map(([query, variables, operationName]) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ query, variables, operationName })),
      label: 'graphql document',
    })),
  },
  {
    weight: 2,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(v) ?? 'null'),
      label: 'graphql random json',
    })),
  },
  {
    weight: 1,
    arbitrary: fc.array(gqlDocument, { maxLength: 5 }).map((qs) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(qs.map((query) => ({ query })))),
      label: 'graphql batch',
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ query: '{ me { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } })),
      label: 'graphql persisted query',
    }),
  },
  {
    weight: 2,
    arbitrary: gqlDocument.map((q) => ({
      method: 'GET',
      path: `/graphql?query=${enc(q)}`,
      headers: { 'apollo-require-preflight': 'true' },
      label: 'graphql GET',
    })),
  },
);

// ----- whole requests ---------------------------------------------------------------------------

const authHeader = (ctx: FuzzContext) =>
  fc.constantFrom<Record<string, string>>(
    {},
    { authorization: `Bearer ${ctx.token}` },
    { authorization: 'Bearer x.y.z' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: `Bearer ${ctx.token} extra` },
    { authorization: 'Bearer ' + 'a'.repeat(4000) },
  );

export function fuzzRequest(ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const route = fc.constantFrom(...ctx.routes);
  const rest = fc
    .tuple(
      route,
      fc.array(pathSegment(ctx), { minLength: 4, maxLength: 4 }),
      queryString,
      body,
      authHeader(ctx),
      fc.boolean(),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    )
    .map(([r, segments, qs, b, auth, keepMethod, otherMethod]) => {
      let i = 0;
      // RegExp routes (the web app) get a random page path; templates get random ids.
      const path = r.path.startsWith('/') && !r.path.includes('*') ? r.path.replace(/:\w+/g, () => segments[i++ % segments.length]!) : `/${segments[0]}`;
      const headers: Record<string, string> = { ...auth };
      if (b.type !== undefined) headers['content-type'] = b.type;
      const method = keepMethod ? r.method : otherMethod;
      return {
        method,
        path: path + qs,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : b.bytes,
        label: `${r.method} ${r.path} [${b.kind}]`,
      };
    });
  return fc.oneof(
    { weight: 4, arbitrary: rest },
    { weight: 2, arbitrary: graphqlRequest.chain((g) => authHeader(ctx).map((auth) => ({ ...g, headers: { ...g.headers, ...auth } }))) },
  );
}

// ----- schema-aware GraphQL arguments -------------------------------------------------------------

const weirdString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '..',
    '../../etc/passwd',
    '\u0000',
    'null',
    '2026-13-45',
    '2026-02-30',
    '9999-12-31T23:59:59Z',
    '-1',
    'NaN',
    '1e309',
    '0.001',
    '-0.00',
    '1.005',
    '99999999999999999999.99',
    'ACTIVE',
    'pending',
    'approved',
    "'; DROP TABLE users; --",
    '$argon2id$v=19',
    'eyJhbGciOiJub25lIn0.e30.',
    'MDA=',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.uuid().map(String),
  fc.base64String({ maxLength: 40 }),
  fc.integer({ min: 300, max: 5000 }).map((n) => 'w'.repeat(n)),
);

/** A value for an input type: mostly well-typed with hostile content, sometimes the wrong type. */
export function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueFor(type.ofType, depth);
  const wrong = fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));
  let right: fc.Arbitrary<unknown>;
  if (isListType(type)) right = depth > 3 ? fc.constant([]) : fc.array(valueFor(type.ofType, depth + 1), { maxLength: 5 });
  else if (isEnumType(type)) right = fc.constantFrom(...type.getValues().map((v) => v.name));
  else if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    right =
      depth > 3
        ? fc.constant({})
        : fc.record(Object.fromEntries(fields.map((f) => [f.name, valueFor(f.type, depth + 1)])), {
            requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name),
          });
  } else if (isScalarType(type)) {
    const n = getNamedType(type).name;
    right =
      n === 'Int'
        ? fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2_147_483_647, -2_147_483_648, 201, 1001))
        : n === 'Float'
          ? fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1000, 1001, 1e308, 0.5))
          : n === 'Boolean'
            ? fc.boolean()
            : weirdString;
  } else right = weirdString;
  return fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: wrong });
}
