import { GraphQLError, Kind, getOperationAST, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { forbidden } from '../errors/app-error.js';

/**
 * What an API token may do. A login token (JWT) has every right of its user; an API token only
 * those of its scopes. REST routes declare the scope they need where they are declared
 * (`authed`, `adminOnly` and the start-up binding in http/route.ts: never from the request's
 * path); GraphQL maps root fields here (`graphqlScopeError`, enforced in graphql/apollo.ts for
 * HTTP and graphql-ws). Resolvers and handlers never check scopes themselves.
 *
 * - read: queries and subscriptions; REST routes registered for GET/HEAD.
 * - write: mutations; REST routes registered for POST/PUT/PATCH/DELETE.
 * - process: the mutations and routes that start paid processing (PROCESS_* below; REST: declared).
 * - admin: administrator operations (ADMIN_* below; REST: every `adminOnly` route); still only for
 *   users who are administrators.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'process', 'admin'] as const;
export type Scope = (typeof API_TOKEN_SCOPES)[number];

/** The root GraphQL fields of administrator operations (api/src/admin/admin.resolver.ts). */
export const ADMIN_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'adminUsers',
  'adjustUserCredits',
  'settings',
  'updateMarkup',
  'adminPurchaseRequests',
  'approvePurchaseRequest',
  'rejectPurchaseRequest',
  'ledgerEvents',
  'ledgerVerification',
  'ledgerReplay',
]);

/**
 * The root GraphQL mutations that start (and pay for) processing. Any mutation whose name
 * mentions "process" counts too, so a processing mutation added later cannot slip under `write`.
 */
export const PROCESS_ROOT_FIELDS: ReadonlySet<string> = new Set(['processProject', 'startProcessing', 'retryProcessing', 'reprocessFileSet']);
const isProcessMutation = (field: string) => PROCESS_ROOT_FIELDS.has(field) || /process/i.test(field);

/** The principal's granted scopes: null means a login token (every right). */
export type GrantedScopes = ReadonlySet<Scope> | null;

export const missingScopeMessage = (scope: Scope) => `This API token does not have the '${scope}' scope needed for this request`;

/** 403 naming the missing scope, or nothing. */
export function requireScope(granted: GrantedScopes, scope: Scope): void {
  if (granted && !granted.has(scope)) throw forbidden(missingScopeMessage(scope));
}

function rootFieldNames(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, out: Set<string>, seen = new Set<string>()): Set<string> {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.add(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) rootFieldNames(sel.selectionSet, fragments, out, seen);
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const f = fragments.get(sel.name.value);
      if (f) rootFieldNames(f.selectionSet, fragments, out, seen);
    }
  }
  return out;
}

/** The scopes one GraphQL operation needs: one per root field. */
export function graphqlScopesFor(document: DocumentNode, operationName?: string | null): Set<Scope> {
  const op = getOperationAST(document, operationName ?? undefined);
  const needed = new Set<Scope>();
  if (!op) return needed;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  for (const field of rootFieldNames(op.selectionSet, fragments, new Set())) {
    if (field === '__typename') continue;
    if (ADMIN_ROOT_FIELDS.has(field)) needed.add('admin');
    else if (op.operation === 'mutation' && isProcessMutation(field)) needed.add('process');
    else needed.add(op.operation === 'mutation' ? 'write' : 'read');
  }
  return needed;
}

/**
 * The error for a GraphQL operation outside the token's scopes (HTTP answers 403), or null.
 * Scopes are checked in the order read, write, process, admin so the message is predictable.
 */
export function graphqlScopeError(granted: GrantedScopes, document: DocumentNode, operationName?: string | null): GraphQLError | null {
  if (!granted) return null;
  const needed = graphqlScopesFor(document, operationName);
  const missing = API_TOKEN_SCOPES.find((s) => needed.has(s) && !granted.has(s));
  if (!missing) return null;
  return new GraphQLError(missingScopeMessage(missing), { extensions: { code: 'FORBIDDEN', requiredScope: missing, http: { status: 403 } } });
}
