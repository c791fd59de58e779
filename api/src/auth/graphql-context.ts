import type { AppError } from '../errors/app-error.js';
import type { User } from '../users/user.entity.js';
import type { Viewer } from './viewer.js';
import type { Scope } from './scopes.js';

/**
 * Per-operation GraphQL context. A bad token does not fail public operations (login with a
 * stale token in storage must still work); it is raised by any resolver that needs a user.
 */
export interface GraphQLContext extends Viewer {
  user: User | null;
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
