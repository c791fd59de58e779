import type { ProcessedResult } from '../../../src/analysis/metadata/processed-result.js';
import type { RequiredScope, Scope } from '../../../src/platform/principal/scopes.js';

/** The accounts: user A (who owns the objects), user B, an administrator. */
export type Account = 'owner' | 'other' | 'admin';

/**
 * API tokens (`shl_...`) of those accounts, one per kind of grant: user A's single-scope tokens,
 * and an administrator's token without `admin` and one with only `admin`.
 */
export const TOKEN_CALLERS = {
  ownerReadToken: { account: 'owner', scopes: ['read'] },
  ownerWriteToken: { account: 'owner', scopes: ['write'] },
  ownerProcessToken: { account: 'owner', scopes: ['process'] },
  adminTokenWithoutAdmin: { account: 'admin', scopes: ['read', 'write', 'process'] },
  adminTokenAdminOnly: { account: 'admin', scopes: ['admin'] },
} as const satisfies Record<string, { account: Account; scopes: readonly Scope[] }>;
export type TokenCaller = keyof typeof TOKEN_CALLERS;

/** Who calls: signed out, each account with its login token, each API token. */
export type Caller = 'anonymous' | Account | TokenCaller;
export const CALLERS: Caller[] = ['anonymous', 'owner', 'other', 'admin', ...(Object.keys(TOKEN_CALLERS) as TokenCaller[])];

export const isTokenCaller = (c: Caller): c is TokenCaller => c in TOKEN_CALLERS;
/** The account a caller speaks for (null: signed out). */
export const accountOf = (c: Caller): Account | null => (c === 'anonymous' ? null : isTokenCaller(c) ? TOKEN_CALLERS[c].account : c);

export interface MatrixAccount {
  token: string;
  id: string;
  username: string;
  password: string;
}

/** Real objects of user A, made fresh for each call so destructive calls do not interfere (test-support/authorization-fixtures.ts). */
export interface MatrixFixture {
  users: Record<Account, MatrixAccount>;
  /** The secret of each API-token caller. */
  tokens: Record<TokenCaller, string>;
  packageId: string;
  unique(prefix: string): string;
  project(opts?: { trashed?: boolean }): Promise<string>;
  fileSet(): Promise<{ projectId: string; fileSetId: string; fileId: string }>;
  /** A set holding one real JPG (its file id is `fileId`). */
  jpgFileSet(): Promise<{ projectId: string; fileSetId: string; fileId: string }>;
  /** A project with one complete file set (real MP4, JPG and SRT uploaded through the API). */
  completeProject(): Promise<string>;
  purchaseRequest(): Promise<string>;
  apiToken(): Promise<string>;
  /** The secret of a fresh one-time password-reset link, for a throwaway account (not A's: A's sessions must survive). */
  passwordResetSecret(): Promise<string>;
  uploadForm(): Promise<FormData>;
  /** A tus upload of user A's, begun (nothing sent yet): its id, and the .SRT bytes it is waiting for. */
  tusUpload(): Promise<{ projectId: string; uploadId: string; data: Buffer }>;
  /** One real .SRT file, for multipart GraphQL uploads. */
  srtFile(): Promise<{ filename: string; data: Buffer }>;
  sampleResult(): ProcessedResult;
  /** One of A's delivery connections (custom FTP to 127.0.0.1:1, which refuses at once). */
  deliveryConnection(): Promise<string>;
  /** One of A's deliveries (of a complete project to such a connection). */
  delivery(): Promise<{ projectId: string; deliveryId: string }>;
  /** One of A's keyword rule presets (one name, so repeated calls replace it). */
  keywordRulePreset(): Promise<string>;
}

/**
 * Who may call what: one rule per REST route and per GraphQL root field, read by
 * authorization-matrix.e2e.spec.ts, which calls every route and field as each caller and fails
 * for any route or field without a rule here.
 *
 * - public: everyone gets a 2xx (SPEC §6: login, register, packages; health and readiness).
 * - user:   the signed-in user's own account data, named by no id: 401 signed out, 2xx for any user.
 * - owned:  an object named by id that belongs to user A: 401 signed out, 2xx for A, 404 for
 *           user B and for an administrator (owners only; a foreign id answers like a missing one).
 * - admin:  administrator operations: 401 signed out, 403 for users, 2xx for administrators.
 *
 * An API token is also held to the scope the route or field needs (`scope`, else `admin` for
 * admin access, else read for GET/HEAD and queries/subscriptions, write otherwise): 403 without it.
 *
 * A rule for a route or field that does not exist fails too, so the table names only real ones.
 */
export type Access = 'public' | 'user' | 'owned' | 'admin';

export interface RestCall {
  /** Values of the route's `:params`. */
  params?: Record<string, string>;
  /** A query string (without `?`), added after the path. */
  query?: string;
  /** A literal URL, for routes that are patterns (the web app fallback); holds no ids. */
  url?: string;
  body?: unknown;
  form?: FormData;
  /** Raw bytes (a tus chunk), sent with the headers as given. */
  raw?: Uint8Array;
  headers?: Record<string, string>;
}

export interface RestRule {
  access: Access;
  /** The API-token scope the route needs when it is not the default (see above); `session`: no API token at all. */
  scope?: RequiredScope;
  /** Builds the request for one caller; objects named in it belong to user A. */
  call?: (fx: MatrixFixture, caller: Caller) => Promise<RestCall>;
  /** Statuses also accepted for a caller who is allowed in (a business refusal, never 401/403/404). */
  alsoAllowed?: number[];
}

export interface GraphQLRule {
  access: Access;
  /** The API-token scope the field needs when it is not the default (see above); `session`: no API token at all. */
  scope?: RequiredScope;
  /** Files for Upload arguments (variable path, e.g. `files.0`): sent as a GraphQL multipart request. */
  files?: (fx: MatrixFixture) => Promise<Record<string, { filename: string; data: Buffer }>>;
  /** Values for the field's arguments (the document is generated from the live schema). */
  args?: (fx: MatrixFixture, caller: Caller) => Promise<Record<string, unknown>>;
  /** extensions.code values also accepted for a caller who is allowed in. */
  alsoAllowedCodes?: string[];
}

const project = (fx: MatrixFixture) => fx.project().then((id) => ({ params: { id } }));
const trashedProject = (fx: MatrixFixture) => fx.project({ trashed: true }).then((id) => ({ params: { id } }));
const uploadProject = (fx: MatrixFixture) => fx.project().then((projectId) => ({ params: { projectId } }));
const fileSet = (fx: MatrixFixture) => fx.fileSet().then((s) => ({ params: { id: s.fileSetId } }));
const file = (fx: MatrixFixture) => fx.fileSet().then((s) => ({ params: { fileId: s.fileId } }));
/** One set with an SRT shared by every read-only track call (each fresh set is a project: the owner's 1,000-project quota). */
const trackSets = new WeakMap<MatrixFixture, ReturnType<MatrixFixture['fileSet']>>();
const trackSet = (fx: MatrixFixture) => {
  let set = trackSets.get(fx);
  if (!set) trackSets.set(fx, (set = fx.fileSet()));
  return set;
};
const trackFileSet = (fx: MatrixFixture) => trackSet(fx).then((s) => ({ params: { id: s.fileSetId } }));
const trackProject = (fx: MatrixFixture) => trackSet(fx).then((s) => ({ params: { id: s.projectId } }));
const completeProject = (fx: MatrixFixture) => fx.completeProject().then((id) => ({ params: { id } }));
// Exports only read a project: every export route and field shares one complete project per
// fixture (an upload of real media per call was a third of the matrix's time).
const exportProjects = new WeakMap<MatrixFixture, Promise<string>>();
const exportProject = (fx: MatrixFixture) => {
  if (!exportProjects.has(fx)) exportProjects.set(fx, fx.completeProject());
  return exportProjects.get(fx)!;
};
const exported = (fx: MatrixFixture) => exportProject(fx).then((id) => ({ params: { id } }));
// Review (issue 20): every review route and field shares one complete project per fixture (their
// calls do not destroy it), so they do not add hundreds of projects towards the account quota.
const reviewProjects = new WeakMap<MatrixFixture, Promise<string>>();
const reviewProject = (fx: MatrixFixture) => {
  if (!reviewProjects.has(fx)) reviewProjects.set(fx, fx.completeProject());
  return reviewProjects.get(fx)!;
};
const review = (fx: MatrixFixture) => reviewProject(fx).then((id) => ({ params: { id } }));
const allSets = (fx: MatrixFixture) => reviewProject(fx).then((projectId) => ({ projectId, allMatching: {} }));
const srtForm = async (fx: MatrixFixture) => {
  const f = await fx.srtFile();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(f.data)], { type: 'application/x-subrip' }), f.filename);
  return form;
};
const tusHeaders = { 'tus-resumable': '1.0.0' };
const deliveryConnection = (fx: MatrixFixture) => fx.deliveryConnection().then((id) => ({ params: { id } }));
const credentials = async (fx: MatrixFixture) => ({ username: fx.users.owner.username, password: fx.users.owner.password });
const newPasswordTwice = { newPassword: 'matrix-new-1', confirmPassword: 'matrix-new-1' };
const passwordMismatch = { currentPassword: 'whatever', newPassword: 'matrix-new-1', confirmPassword: 'matrix-new-2' };
const newAccount = async (fx: MatrixFixture) => {
  const username = fx.unique('reg');
  return { username, email: `${username}@example.com`, password: 'secret123' };
};

export const restRules: Record<string, RestRule> = {
  // Accounts (SPEC §7)
  'POST /auth/register': { access: 'public', call: async (fx) => ({ body: await newAccount(fx) }) },
  'POST /auth/login': { access: 'public', call: async (fx) => ({ body: await credentials(fx) }) },
  'GET /api/user/profile': { access: 'user' },
  'GET /api/user/theme': { access: 'user' },
  'PUT /api/user/theme': { access: 'user', call: async () => ({ body: { theme: 'minimalist' } }) },
  'GET /api/user/credits/balance': { access: 'user' },
  'GET /api/user/transactions': { access: 'user' },
  // Changing the matrix users' passwords would end their sessions: a mismatch reaches the handler and changes nothing.
  'POST /api/user/password': { access: 'user', scope: 'session', call: async () => ({ body: passwordMismatch }), alsoAllowed: [400] },
  'POST /auth/password-reset/request': { access: 'public', call: async (fx) => ({ body: { identifier: fx.unique('nobody') } }) },
  'POST /auth/password-reset': { access: 'public', call: async (fx) => ({ body: { token: await fx.passwordResetSecret(), ...newPasswordTwice } }) },

  // Projects
  'GET /api/projects': { access: 'user' },
  'GET /api/projects/trash': { access: 'user' },
  'DELETE /api/projects/trash/empty': { access: 'user' },
  'POST /api/projects': { access: 'user', call: async () => ({ body: { name: 'Matrix project', cameraType: 'dji-mavic-3-pro-series' } }) },
  'GET /api/projects/:id': { access: 'owned', call: project },
  'DELETE /api/projects/:id': { access: 'owned', call: project },
  'POST /api/projects/:id/restore': { access: 'owned', call: trashedProject },
  'DELETE /api/projects/:id/permanent': { access: 'owned', call: trashedProject },

  // Purchases
  'GET /api/purchase/packages': { access: 'public' },
  'POST /api/purchase/request': { access: 'user', call: async (fx) => ({ body: { packageId: fx.packageId } }) },
  'POST /api/purchase/requests/:id/proof': {
    access: 'owned',
    call: async (fx) => ({ params: { id: await fx.purchaseRequest() }, body: { paymentProof: 'Bank transfer 2026-11-27, ref on it' } }),
  },
  'GET /api/purchase/requests': { access: 'user' },
  // A notification e-mail's unsubscribe link: no sign-in, the signed token is the authority (a bad one: 400, nothing changed).
  'GET /api/notifications/unsubscribe': { access: 'public', call: async () => ({ query: 'token=not-a-token' }), alsoAllowed: [400] },
  'POST /api/notifications/unsubscribe': { access: 'public', call: async () => ({ query: 'token=not-a-token' }), alsoAllowed: [400] },

  // Administration
  'GET /api/admin/users': { access: 'admin' },
  'POST /api/admin/users/:id/credits': {
    access: 'admin',
    call: async (fx) => ({ params: { id: fx.users.owner.id }, body: { amount: 1, description: 'matrix' } }),
  },
  'POST /api/admin/users/:id/password-reset': { access: 'admin', call: async (fx) => ({ params: { id: fx.users.owner.id } }) },
  'GET /api/admin/settings': { access: 'admin' },
  'PUT /api/admin/settings/:key': { access: 'admin', call: async () => ({ params: { key: 'CREDIT_MARKUP_PERCENTAGE' }, body: { value: 50 } }) },
  'GET /api/admin/purchase-requests': { access: 'admin' },
  'POST /api/admin/purchase-requests/:id/approve': {
    access: 'admin',
    call: async (fx) => ({ params: { id: await fx.purchaseRequest() }, body: { adminNotes: 'paid' } }),
  },
  'POST /api/admin/purchase-requests/:id/reject': {
    access: 'admin',
    call: async (fx) => ({ params: { id: await fx.purchaseRequest() }, body: { adminNotes: 'no payment' } }),
  },
  'GET /api/admin/ledger/events': { access: 'admin' },
  'GET /api/admin/ledger/verify': { access: 'admin' },
  'GET /api/admin/ledger/replay': { access: 'admin' },
  'GET /api/admin/ledger/trial-balance': { access: 'admin', call: async () => ({ query: 'asOf=2026-01-31' }) },
  'GET /api/admin/ledger/statement': { access: 'admin', call: async () => ({ query: 'from=2026-01-01&to=2026-03-01' }) },
  'GET /api/admin/ledger/journal.csv': { access: 'admin', call: async () => ({ query: 'from=2026-01-01&to=2026-02-01' }) },
  'GET /api/admin/users/:id/balance': { access: 'admin', call: async (fx) => ({ params: { id: fx.users.owner.id }, query: 'asOf=2026-01-31' }) },
  'GET /api/admin/queue': { access: 'admin' },
  'GET /metrics': { access: 'admin' },

  // Operations
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  // The web app: index.html for any page, or 503 with instructions while it is not built.
  'GET /.*/': { access: 'public', call: async () => ({ url: '/dashboard', headers: { accept: 'text/html' } }), alsoAllowed: [503] },

  // The GraphQL endpoint's GET form (queries only; Apollo's CSRF prevention wants a preflight header).
  'GET /graphql': { access: 'public', call: async () => ({ url: '/graphql?query=%7B__typename%7D', headers: { 'apollo-require-preflight': 'true' } }) },
  // The explorer page: served from web/dist, 503 with instructions while the web app is not built.
  'GET /explorer': { access: 'public', alsoAllowed: [503] },
  'GET /explorer.html': { access: 'public', alsoAllowed: [503] },

  // Uploads and file sets (issue 4)
  'POST /api/upload/:projectId': { access: 'owned', call: async (fx) => ({ ...(await uploadProject(fx)), form: await fx.uploadForm() }) },
  'POST /api/filesets/:id/files': { access: 'owned', call: async (fx) => ({ ...(await fileSet(fx)), form: await srtForm(fx) }) },
  // Resumable uploads (tus): every method writes; the project (creation) or the upload (the rest) must be A's.
  'POST /api/uploads/tus': {
    access: 'owned',
    scope: 'write',
    call: async (fx) => {
      const projectId = await fx.project();
      const meta = [`filename ${Buffer.from('DJI_0001.SRT').toString('base64')}`, `projectId ${Buffer.from(projectId).toString('base64')}`].join(',');
      return { headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': meta } };
    },
  },
  'HEAD /api/uploads/tus/:id': {
    access: 'owned',
    scope: 'write',
    call: (fx) => fx.tusUpload().then((u) => ({ params: { id: u.uploadId }, headers: tusHeaders })),
  },
  'PATCH /api/uploads/tus/:id': {
    access: 'owned',
    scope: 'write',
    call: async (fx) => {
      const u = await fx.tusUpload();
      return { params: { id: u.uploadId }, headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, raw: u.data };
    },
  },
  'DELETE /api/uploads/tus/:id': {
    access: 'owned',
    scope: 'write',
    call: (fx) => fx.tusUpload().then((u) => ({ params: { id: u.uploadId }, headers: tusHeaders })),
  },
  // Discovery and browser preflights: no token, nothing but the server's tus capabilities.
  'OPTIONS /api/uploads/tus': { access: 'public' },
  'OPTIONS /api/uploads/tus/:id': { access: 'public', call: async () => ({ params: { id: '0123456789abcdef0123456789abcdef' } }) },
  'GET /api/upload/:projectId/unfinished': { access: 'owned', call: uploadProject },
  // Issue 30: a card's small files in batches; the card's list (what is there, what is still to send).
  'POST /api/upload/:projectId/batch': { access: 'owned', call: async (fx) => ({ ...(await uploadProject(fx)), form: await fx.uploadForm() }) },
  'POST /api/upload/:projectId/plan': {
    access: 'owned',
    call: async (fx) => ({ ...(await uploadProject(fx)), body: { files: [{ filename: 'DJI_0001.SRT', size: 10, sample: '0'.repeat(64) }] } }),
  },
  'DELETE /api/upload/:projectId/plan': { access: 'owned', call: uploadProject },
  'GET /api/projects/:id/verify-filesets': { access: 'owned', call: project },
  'POST /api/projects/:id/generate-json': { access: 'owned', call: completeProject },
  'GET /api/projects/:id/cost-estimate': { access: 'owned', call: project },
  // Issue 30: step 3's choices (process without telemetry, leave a photo out).
  'POST /api/projects/:id/fileset-choices': { access: 'owned', call: async (fx) => ({ params: { id: await fx.project() }, body: { withoutTelemetry: true } }) },
  // Issue 16: removing a set (fresh for each caller), and the retry of failed sets (none failed: a 409 for the owner).
  'DELETE /api/filesets/:id': { access: 'owned', call: fileSet },
  'POST /api/projects/:id/process/retry': { access: 'owned', scope: 'process', call: completeProject, alsoAllowed: [409] },
  // A stored file to its owner by the Authorization header (signed links: the matrix's own test).
  'GET /api/files/:fileId': { access: 'owned', call: file },
  'HEAD /api/files/:fileId': { access: 'owned', call: file },
  // A JPG's thumbnail (issue 16 item 7).
  'GET /api/files/:fileId/thumbnail': { access: 'owned', call: (fx) => fx.jpgFileSet().then((s) => ({ params: { fileId: s.fileId } })) },
  'HEAD /api/files/:fileId/thumbnail': { access: 'owned', call: (fx) => fx.jpgFileSet().then((s) => ({ params: { fileId: s.fileId } })) },
  // A JPG's 1024 px preview (issue 31 item 8).
  'GET /api/files/:fileId/preview': { access: 'owned', call: (fx) => fx.jpgFileSet().then((s) => ({ params: { fileId: s.fileId } })) },
  'HEAD /api/files/:fileId/preview': { access: 'owned', call: (fx) => fx.jpgFileSet().then((s) => ({ params: { fileId: s.fileId } })) },

  // Processing and results (issue 5)
  'POST /api/projects/:id/process': { access: 'owned', scope: 'process', call: completeProject },
  // Issue 18 item 6: a run taking sets as they complete (opened on a fresh project; the stop finds none there: 409 for the owner).
  'POST /api/projects/:id/process/as-sets-complete': { access: 'owned', scope: 'process', call: project },
  'POST /api/projects/:id/process/as-sets-complete/stop': { access: 'owned', scope: 'process', call: project, alsoAllowed: [409] },
  'GET /api/projects/:id/progress': { access: 'owned', call: project },
  'GET /api/filesets/:id/results': { access: 'owned', call: fileSet },
  'PUT /api/filesets/:id/results': { access: 'owned', call: async (fx) => ({ ...(await fileSet(fx)), body: fx.sampleResult() }) },
  'POST /api/filesets/:id/results/reset': { access: 'owned', call: fileSet },
  // The place of a result (issue 32): preview (dryRun) or save, with the text rewrite.
  'POST /api/filesets/:id/results/place': { access: 'owned', call: async (fx) => ({ ...(await fileSet(fx)), body: { city: 'Lisbon', rewriteText: true } }) },

  // Exports (issue 6); signed `?token=` download links: the matrix's own test.
  'GET /api/projects/csv/:id': { access: 'owned', call: exported },
  'GET /api/projects/pond5-csv/:id': { access: 'owned', call: exported },
  'GET /api/projects/adobe-csv/:id': { access: 'owned', call: exported },
  'GET /api/projects/shutterstock-csv/:id': { access: 'owned', call: exported },
  'GET /api/projects/:id/export-check': {
    access: 'owned',
    call: async (fx) => ({ params: { id: await exportProject(fx) }, query: 'format=adobe' }),
  },
  'GET /api/projects/:id/metadata.zip': { access: 'owned', call: exported },

  // Flight tracks (issue 21 item 5): fileSet()'s set and project carry a real SRT.
  'GET /api/filesets/:id/track.gpx': { access: 'owned', call: trackFileSet },
  'GET /api/filesets/:id/track.kml': { access: 'owned', call: trackFileSet },
  'GET /api/filesets/:id/track.geojson': { access: 'owned', call: trackFileSet },
  'GET /api/projects/:id/tracks.gpx': { access: 'owned', call: trackProject },
  'GET /api/projects/:id/tracks.kml': { access: 'owned', call: trackProject },
  'GET /api/projects/:id/tracks.geojson': { access: 'owned', call: trackProject },
  // Review (issue 20): keyword rules, the grid, bulk actions, history and undo
  'GET /api/projects/:id/review/rules': { access: 'owned', call: review },
  'PUT /api/projects/:id/review/rules': { access: 'owned', call: async (fx) => ({ ...(await review(fx)), body: { alwaysInclude: ['drone'] } }) },
  'GET /api/projects/:id/review/sets': { access: 'owned', call: review },
  'POST /api/projects/:id/review/bulk/:action': {
    access: 'owned',
    call: async (fx) => ({ params: { id: await reviewProject(fx), action: 'reorderKeywordsByRelevance' }, body: { allMatching: {} } }),
  },
  'GET /api/projects/:id/review/history': { access: 'owned', call: review },
  // Undo answers 200, or 409 when there is nothing to undo or a set was edited since.
  'POST /api/projects/:id/review/undo': { access: 'owned', call: async (fx) => ({ ...(await review(fx)), body: {} }), alsoAllowed: [409] },

  // API tokens (issue 8)
  'GET /api/user/tokens': { access: 'user' },
  // Tokens are managed from a login session only: no API token mints or revokes tokens (issue 14 item 6).
  'POST /api/user/tokens': { access: 'user', scope: 'session', call: async (fx) => ({ body: { name: fx.unique('matrix'), scopes: ['read'] } }) },
  'DELETE /api/user/tokens/:id': { access: 'owned', scope: 'session', call: async (fx) => ({ params: { id: await fx.apiToken() } }) },

  // Delivery (issue 19): connections and deliveries are the owner's; others get 404.
  'GET /api/delivery/agencies': { access: 'user' },
  'GET /api/delivery/connections': { access: 'user' },
  'POST /api/delivery/connections': { access: 'user', call: async () => ({ body: { agency: 'pond5', username: 'matrix', password: 'matrix-pass' } }) },
  'GET /api/delivery/connections/:id': { access: 'owned', call: deliveryConnection },
  'PATCH /api/delivery/connections/:id': { access: 'owned', call: async (fx) => ({ ...(await deliveryConnection(fx)), body: { name: 'renamed' } }) },
  'DELETE /api/delivery/connections/:id': { access: 'owned', call: deliveryConnection },
  'POST /api/delivery/connections/:id/test': { access: 'owned', call: deliveryConnection },
  'POST /api/delivery/connections/:id/resume': { access: 'owned', call: deliveryConnection },
  'POST /api/delivery/projects/:id/deliveries': {
    access: 'owned',
    call: async (fx) => ({ params: { id: (await fx.delivery()).projectId }, body: { connectionIds: [await fx.deliveryConnection()] } }),
  },
  // An administrator starting a delivery of user A's project to A's connections (issue 33 item 5).
  'POST /api/delivery/admin/projects/:id/deliveries': {
    access: 'admin',
    call: async (fx) => ({ params: { id: (await fx.delivery()).projectId }, body: { connectionIds: [await fx.deliveryConnection()] } }),
  },
  'GET /api/delivery/projects/:id/deliveries': { access: 'owned', call: async (fx) => ({ params: { id: (await fx.delivery()).projectId } }) },
  'GET /api/delivery/deliveries/:id': { access: 'owned', call: async (fx) => ({ params: { id: (await fx.delivery()).deliveryId } }) },
  'POST /api/delivery/deliveries/:id/resend': { access: 'owned', call: async (fx) => ({ params: { id: (await fx.delivery()).deliveryId } }) },
  'GET /api/delivery/projects/:id/delivery-record': { access: 'owned', call: async (fx) => ({ params: { id: (await fx.delivery()).projectId } }) },
};

const input = (value: Record<string, unknown>) => ({ input: value });

export const graphqlRules: Record<string, GraphQLRule> = {
  'Query.cameraTypes': { access: 'public' },
  'Query.creditPackages': { access: 'public' },
  'Mutation.register': { access: 'public', args: async (fx) => input(await newAccount(fx)) },
  'Mutation.login': { access: 'public', args: async (fx) => input(await credentials(fx)) },

  'Query.me': { access: 'user' },
  'Mutation.updateTheme': { access: 'user', args: async () => ({ theme: 'minimalist' }) },
  'Mutation.changePassword': { access: 'user', scope: 'session', args: async () => input(passwordMismatch), alsoAllowedCodes: ['BAD_USER_INPUT'] },
  'Mutation.requestPasswordReset': { access: 'public', args: async (fx) => ({ identifier: fx.unique('nobody') }) },
  'Mutation.resetPassword': { access: 'public', args: async (fx) => input({ token: await fx.passwordResetSecret(), ...newPasswordTwice }) },
  'Mutation.issuePasswordResetLink': { access: 'admin', args: async (fx) => ({ userId: fx.users.owner.id }) },
  'Query.transactions': { access: 'user' },
  'Query.projects': { access: 'user' },
  'Query.projectCounts': { access: 'user' },
  'Mutation.createProject': { access: 'user', args: async () => input({ name: 'Matrix project', cameraType: 'dji-mavic-3-pro-series' }) },
  'Mutation.emptyTrash': { access: 'user' },
  'Query.myPurchaseRequests': { access: 'user' },
  'Mutation.submitPaymentProof': { access: 'owned', args: async (fx) => ({ id: await fx.purchaseRequest(), paymentProof: 'PayPal 7XK2' }) },
  'Query.paymentInstructions': { access: 'user' },
  'Query.contactEmail': { access: 'public' },
  'Query.notificationSettings': { access: 'user' },
  'Query.myNotifications': { access: 'user' },
  'Mutation.setNotificationEnabled': { access: 'user', args: async () => ({ kind: 'credits-low', enabled: true }) },
  'Mutation.setLowCreditsThreshold': { access: 'user', args: async () => ({ credits: 10 }) },
  'Mutation.sendContactMessage': { access: 'public', args: async (fx) => input({ name: 'Matrix', email: `${fx.unique('c')}@example.com`, message: 'Hello' }) },
  'Mutation.createPurchaseRequest': { access: 'user', args: async (fx) => ({ packageId: fx.packageId }) },

  'Query.project': { access: 'owned', args: async (fx) => ({ id: await fx.project() }) },
  'Mutation.trashProject': { access: 'owned', args: async (fx) => ({ id: await fx.project() }) },
  'Mutation.restoreProject': { access: 'owned', args: async (fx) => ({ id: await fx.project({ trashed: true }) }) },
  'Mutation.deleteProjectPermanently': { access: 'owned', args: async (fx) => ({ id: await fx.project({ trashed: true }) }) },

  'Query.adminUsers': { access: 'admin' },
  'Query.settings': { access: 'admin' },
  'Query.adminPurchaseRequests': { access: 'admin' },
  'Query.ledgerEvents': { access: 'admin' },
  'Query.ledgerVerification': { access: 'admin' },
  'Query.ledgerReplay': { access: 'admin' },
  'Query.trialBalance': { access: 'admin' },
  'Query.userBalanceAsOf': { access: 'admin', args: async (fx) => ({ userId: fx.users.owner.id }) },
  'Query.ledgerStatement': { access: 'admin' },
  'Query.adminQueueStats': { access: 'admin' },
  'Query.mailOutbox': { access: 'admin' },
  'Query.contactMessages': { access: 'admin' },
  'Mutation.markContactMessageRead': {
    access: 'admin',
    args: async () => ({ id: 'not-a-message', read: true }),
    alsoAllowedCodes: ['BAD_USER_INPUT'],
  },
  'Mutation.replyToContactMessage': {
    access: 'admin',
    args: async () => ({ id: 'not-a-message', reply: 'Hi' }),
    alsoAllowedCodes: ['BAD_USER_INPUT'],
  },
  'Mutation.resendMail': { access: 'admin', args: async () => ({ id: 'not-a-message' }), alsoAllowedCodes: ['BAD_USER_INPUT'] },
  'Subscription.adminQueueStatsUpdates': { access: 'admin', args: async () => ({ intervalSeconds: 2 }) },
  'Mutation.adjustUserCredits': { access: 'admin', args: async (fx) => ({ userId: fx.users.owner.id, amount: '1.00', reason: 'matrix' }) },
  'Mutation.updateMarkup': { access: 'admin', args: async () => ({ value: 50 }) },
  'Mutation.setPaymentInstructions': {
    access: 'admin',
    args: async () => input({ bank: 'Shotlog Ltd\nIBAN XX00 0000', paypal: 'pay@shotlog.example', venmo: '', other: '' }),
  },
  'Mutation.setContactEmail': { access: 'admin', args: async () => ({ email: 'hello@shotlog.example' }) },
  'Mutation.approvePurchaseRequest': { access: 'admin', args: async (fx) => ({ id: await fx.purchaseRequest(), adminNotes: 'paid' }) },
  'Mutation.rejectPurchaseRequest': { access: 'admin', args: async (fx) => ({ id: await fx.purchaseRequest(), adminNotes: 'no payment' }) },

  // Static vocabularies for the result editor (like cameraTypes: no account needed).
  'Query.shotTypeVocabulary': { access: 'public' },
  'Query.categoryOptions': { access: 'public' },

  // Uploads, file sets and processing
  'Mutation.uploadFiles': {
    access: 'owned',
    args: async (fx) => ({ projectId: await fx.project(), files: [null] }),
    files: async (fx) => ({ 'files.0': await fx.srtFile() }),
  },
  'Mutation.replaceFileSetFile': {
    access: 'owned',
    args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId, file: null }),
    files: async (fx) => ({ file: await fx.srtFile() }),
  },
  'Query.verifyFileSets': { access: 'owned', args: async (fx) => ({ projectId: await fx.project() }) },
  'Query.unfinishedUploads': { access: 'owned', args: async (fx) => ({ projectId: await fx.project() }) },
  'Query.costEstimate': { access: 'owned', args: async (fx) => ({ projectId: await fx.project() }) },
  'Mutation.generateProjectJson': { access: 'owned', args: async (fx) => ({ projectId: await fx.completeProject() }) },
  'Mutation.startProcessing': { access: 'owned', scope: 'process', args: async (fx) => ({ projectId: await fx.completeProject() }) },
  'Mutation.startProcessingAsSetsComplete': { access: 'owned', scope: 'process', args: async (fx) => ({ projectId: await fx.project() }) },
  'Mutation.stopTakingSets': { access: 'owned', scope: 'process', args: async (fx) => ({ projectId: await fx.project() }), alsoAllowedCodes: ['CONFLICT'] },
  'Mutation.retryProcessing': {
    access: 'owned',
    scope: 'process',
    args: async (fx) => ({ projectId: await fx.completeProject() }),
    alsoAllowedCodes: ['CONFLICT'],
  },
  'Mutation.chooseFileSetProcessing': { access: 'owned', args: async (fx) => ({ projectId: await fx.project(), withoutTelemetry: true }) },
  'Mutation.removeFileSet': { access: 'owned', args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId }) },
  'Query.projectProgress': { access: 'owned', args: async (fx) => ({ projectId: await fx.project() }) },
  'Subscription.projectProgress': { access: 'owned', args: async (fx) => ({ projectId: await fx.project() }) },

  // Results
  'Query.fileSetResult': { access: 'owned', args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId }) },
  'Mutation.updateFileSetResult': {
    access: 'owned',
    args: async (fx) => ({
      fileSetId: (await fx.fileSet()).fileSetId,
      input: { title: 'Aerial view over the coast', finalDescription: 'A drone flies along the coast.', keywords: ['aerial', 'coast'] },
    }),
  },
  'Mutation.resetFileSetResult': { access: 'owned', args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId }) },
  // The place (issue 32): the map picker's point re-read (any signed-in user), a place edit's preview and the edit.
  'Query.placeAt': { access: 'user', args: async () => ({ latitude: 36.998, longitude: -110.098 }) },
  'Query.placeEditPreview': { access: 'owned', args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId, place: { city: 'Lisbon' } }) },
  'Mutation.updateResultPlace': {
    access: 'owned',
    args: async (fx) => ({ fileSetId: (await fx.fileSet()).fileSetId, place: { city: 'Lisbon', region: null }, rewriteText: true }),
  },

  // Exports
  'Query.exportCsv': { access: 'owned', args: async (fx) => ({ projectId: await exportProject(fx), format: 'STANDARD' }) },
  'Query.exportCheck': { access: 'owned', args: async (fx) => ({ projectId: await exportProject(fx), format: 'ADOBE' }) },
  'Query.exportPreview': { access: 'owned', args: async (fx) => ({ projectId: await exportProject(fx) }) },
  'Mutation.exportDownload': { access: 'owned', args: async (fx) => ({ projectId: await exportProject(fx), format: 'METADATA_ZIP' }) },

  // Flight tracks
  'Query.fileSetTrack': { access: 'owned', args: async (fx) => ({ fileSetId: (await trackSet(fx)).fileSetId }) },
  'Query.projectTrackDownloads': { access: 'owned', args: async (fx) => ({ projectId: (await trackSet(fx)).projectId }) },
  // Review (issue 20)
  'Query.reviewSets': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx) }) },
  'Query.keywordRules': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx) }) },
  'Mutation.setKeywordRules': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx), rules: { alwaysInclude: ['drone'] } }) },
  'Mutation.addKeywords': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx), keywords: ['drone'] }) },
  'Mutation.removeKeywords': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx), keywords: ['drone'] }) },
  'Mutation.replaceKeyword': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx), from: 'drone', to: 'aerial' }) },
  'Mutation.findReplace': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx), field: 'TITLE', find: 'coast', replace: 'shore' }) },
  'Mutation.setCategories': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx), adobeCategory: 'Travel' }) },
  'Mutation.reorderKeywordsByRelevance': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx) }) },
  'Mutation.resetToAiOriginal': { access: 'owned', args: async (fx) => ({ selection: await allSets(fx) }) },
  'Query.projectEditHistory': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx) }) },
  // Keyword rules panel (issue 31): a preview of a project's rules, the user's presets.
  'Query.keywordRulesPreview': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx), rules: { alwaysInclude: ['drone'] } }) },
  'Query.keywordRulePresets': { access: 'user' },
  'Mutation.saveKeywordRulePreset': { access: 'user', args: async (fx) => ({ name: fx.unique('Matrix preset '), rules: { neverInclude: ['nobody'] } }) },
  'Mutation.deleteKeywordRulePreset': { access: 'owned', args: async (fx) => ({ id: await fx.keywordRulePreset() }) },
  'Mutation.applyKeywordRulePreset': {
    access: 'owned',
    args: async (fx) => ({ projectId: await reviewProject(fx), presetId: await fx.keywordRulePreset() }),
  },
  'Mutation.undoProjectEdit': { access: 'owned', args: async (fx) => ({ projectId: await reviewProject(fx) }), alsoAllowedCodes: ['CONFLICT'] },

  // API tokens
  'Query.apiTokens': { access: 'user' },
  'Mutation.createApiToken': { access: 'user', scope: 'session', args: async (fx) => input({ name: fx.unique('matrix'), scopes: ['read'] }) },
  'Mutation.revokeApiToken': { access: 'owned', scope: 'session', args: async (fx) => ({ id: await fx.apiToken() }) },
  // Delivery (issue 19)
  'Query.deliveryAgencies': { access: 'user' },
  'Query.deliveryConnections': { access: 'user' },
  'Query.projectDeliveries': { access: 'owned', args: async (fx) => ({ projectId: (await fx.delivery()).projectId }) },
  'Query.delivery': { access: 'owned', args: async (fx) => ({ id: (await fx.delivery()).deliveryId }) },
  'Subscription.deliveryProgress': { access: 'owned', args: async (fx) => ({ deliveryId: (await fx.delivery()).deliveryId }) },
  'Mutation.createDeliveryConnection': { access: 'user', args: async () => input({ agency: 'pond5', username: 'matrix', password: 'matrix-pass' }) },
  'Mutation.updateDeliveryConnection': { access: 'owned', args: async (fx) => ({ id: await fx.deliveryConnection(), input: { name: 'renamed' } }) },
  'Mutation.deleteDeliveryConnection': { access: 'owned', args: async (fx) => ({ id: await fx.deliveryConnection() }) },
  'Mutation.testDeliveryConnection': { access: 'owned', args: async (fx) => ({ id: await fx.deliveryConnection() }) },
  'Mutation.resumeDeliveryConnection': { access: 'owned', args: async (fx) => ({ id: await fx.deliveryConnection() }) },
  'Mutation.resendDelivery': { access: 'owned', args: async (fx) => input({ deliveryId: (await fx.delivery()).deliveryId }) },
  'Mutation.deliverProject': {
    access: 'owned',
    args: async (fx) => input({ projectId: (await fx.delivery()).projectId, connectionIds: [await fx.deliveryConnection()] }),
  },
};
