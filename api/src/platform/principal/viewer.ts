import { forbidden, unauthenticated, type AppError } from '../errors/app-error.js';
import type { Account } from './principal.js';
import type { GrantedScopes } from './scopes.js';

/** Who is asking: the one place REST routes and GraphQL resolvers check identity and role. */
export interface Viewer {
  user: Account | null;
  /** Why a presented token was refused (revoked, expired, invalid): raised when a user is needed. */
  authError?: AppError | null;
  /** An API token's scopes; null or absent for a login token (every right of the user). */
  scopes?: GrantedScopes;
}

export function requireUser(viewer: Viewer): Account {
  if (!viewer.user) throw viewer.authError ?? unauthenticated();
  return viewer.user;
}

export function requireAdmin(viewer: Viewer): Account {
  const user = requireUser(viewer);
  if (!user.isAdmin) throw forbidden();
  return user;
}
