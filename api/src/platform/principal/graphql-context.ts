import { toAppError } from '../errors/to-app-error.js';
import type { Account, Authenticator } from './principal.js';
import type { AppError } from '../errors/app-error.js';
import type { Viewer } from './viewer.js';
import type { Scope } from './scopes.js';

/**
 * Per-operation GraphQL context. A bad token does not fail public operations (login with a
 * stale token in storage must still work); it is raised by any resolver that needs a user.
 */
export interface GraphQLContext extends Viewer {
  user: Account | null;
  authError: AppError | null;
  requestId: string;
  /** An API token's scopes (checked once per operation in apollo.ts); null for a login token. */
  scopes: ReadonlySet<Scope> | null;
  /** The API token behind this operation, if any. */
  apiTokenId?: string | null;
  /** When the presented credential expires (null: never, or none presented). */
  expiresAt?: Date | null;
  /** The client's address (rate limits). */
  clientAddress?: string;
}

/** Resolves the viewer for one operation; a bad token is kept for resolvers that need a user. */
export async function graphqlContextFor(
  auth: Authenticator,
  authorization: string | undefined | null,
  requestId: string,
  clientAddress?: string,
): Promise<GraphQLContext> {
  try {
    const principal = await auth.authenticate(authorization);
    return {
      user: principal?.user ?? null,
      scopes: principal?.scopes ?? null,
      apiTokenId: principal?.apiTokenId ?? null,
      expiresAt: principal?.expiresAt ?? null,
      authError: null,
      requestId,
      clientAddress,
    };
  } catch (err) {
    const app = toAppError(err);
    if (app?.code === 'UNAUTHENTICATED') return { user: null, scopes: null, authError: app, requestId, clientAddress };
    throw err;
  }
}
