import {
  GraphQLError,
  Kind,
  getOperationAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { Extensions } from 'type-graphql';
import { forbidden } from '../errors/app-error.js';

/**
 * What an API token may do. A login token (JWT) has every right of its user; an API token only
 * those of its scopes. REST routes declare the scope they need where they are declared
 * (`authed`, `adminOnly` and the start-up binding in http/route.ts: never from the request's
 * path); GraphQL root fields declare theirs with `RequiresScope` on the resolver method, read back
 * from the live schema (`graphqlScopeError`, enforced in graphql/apollo.ts for HTTP and
 * graphql-ws). Resolvers and handlers never check scopes themselves.
 *
 * - read: queries and subscriptions; REST routes registered for GET/HEAD.
 * - write: mutations; REST routes registered for POST/PUT/PATCH/DELETE.
 * - process: the mutation and route that start paid processing (declared: RequiresScope / authed).
 * - admin: administrator operations (declared: RequiresScope('admin') on each admin field, every
 *   `adminOnly` route); still only for users who are administrators.
 * - session (not grantable): creating and revoking API tokens needs a login token, so a token
 *   never mints or outlives-by-design another token (issue 14 item 6).
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'process', 'admin'] as const;
export type Scope = (typeof API_TOKEN_SCOPES)[number];

/** What a route or root field needs of the credentials: an API-token scope, or `session`: a login token (every API token refused). */
export type RequiredScope = Scope | 'session';

const SCOPE_EXTENSION = 'requiredScope';

/**
 * Declares on a root GraphQL field (query, mutation, subscription) what an API token needs when
 * it is not the default (read for queries and subscriptions, write for mutations): `admin` on
 * administrator operations, `process` where paid processing starts, `session` where only a login
 * token may act. Kept in the schema's field extensions, so the check reads the live schema.
 */
export const RequiresScope = (scope: RequiredScope) => Extensions({ [SCOPE_EXTENSION]: scope });

/** The scope a root field declared with RequiresScope, if any. */
export function declaredFieldScope(field: GraphQLField<unknown, unknown> | undefined): RequiredScope | undefined {
  return field?.extensions?.[SCOPE_EXTENSION] as RequiredScope | undefined;
}

/** The principal's granted scopes: null means a login token (every right). */
export type GrantedScopes = ReadonlySet<Scope> | null;

export const SESSION_ONLY_MESSAGE = 'API tokens cannot manage API tokens or change the password: sign in with your password to do this';
export const missingScopeMessage = (scope: RequiredScope) =>
  scope === 'session' ? SESSION_ONLY_MESSAGE : `This API token does not have the '${scope}' scope needed for this request`;

const allows = (granted: GrantedScopes, scope: RequiredScope) => !granted || (scope !== 'session' && granted.has(scope));

/** 403 naming the missing scope, or nothing. */
export function requireScope(granted: GrantedScopes, scope: RequiredScope): void {
  if (!allows(granted, scope)) throw forbidden(missingScopeMessage(scope));
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

/** The scopes one GraphQL operation needs: one per root field, as the schema declares it (RequiresScope), else by operation. */
export function graphqlScopesFor(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Set<RequiredScope> {
  const op = getOperationAST(document, operationName ?? undefined);
  const needed = new Set<RequiredScope>();
  if (!op) return needed;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const fields = schema.getRootType(op.operation)?.getFields() ?? {};
  for (const field of rootFieldNames(op.selectionSet, fragments, new Set())) {
    if (field === '__typename') continue;
    needed.add(declaredFieldScope(fields[field]) ?? (op.operation === 'mutation' ? 'write' : 'read'));
  }
  return needed;
}

const CHECK_ORDER: readonly RequiredScope[] = [...API_TOKEN_SCOPES, 'session'];

/**
 * The error for a GraphQL operation outside the token's scopes (HTTP answers 403), or null.
 * Scopes are checked in the order read, write, process, admin, session so the message is predictable.
 */
export function graphqlScopeError(schema: GraphQLSchema, granted: GrantedScopes, document: DocumentNode, operationName?: string | null): GraphQLError | null {
  if (!granted) return null;
  const needed = graphqlScopesFor(schema, document, operationName);
  const missing = CHECK_ORDER.find((s) => needed.has(s) && !allows(granted, s));
  if (!missing) return null;
  return new GraphQLError(missingScopeMessage(missing), { extensions: { code: 'FORBIDDEN', requiredScope: missing, http: { status: 403 } } });
}
