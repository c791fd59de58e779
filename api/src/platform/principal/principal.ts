import type { GrantedScopes } from './scopes.js';

/**
 * The signed-in account as the request plumbing knows it: an id and whether it is an administrator.
 * The users feature registers its entity here by declaration merging (features/users/user.entity.ts:
 * `declare module ... { interface AccountTypes { account: User } }`), the way Express types
 * `Request.user`: this folder names no feature, and every route and resolver still receives the
 * full `User` from `requireUser`, `userOf` and the GraphQL context.
 */
export interface SignedInAccount {
  id: string;
  isAdmin: boolean;
}

/** Filled in by the feature that owns accounts (see above); empty here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountTypes {}

/** The account type of a signed-in request: the registered entity, else the plain shape above. */
export type Account = AccountTypes extends { account: infer A extends SignedInAccount } ? A : SignedInAccount;

/** Who a bearer token speaks for, and within which scopes (null: a login token, every right). */
export interface Principal {
  user: Account;
  scopes: GrantedScopes;
  apiTokenId: string | null;
  /** When the credential expires (a login token's exp, an API token's expiresAt); null: never. */
  expiresAt: Date | null;
}

/** Turns a bearer header into its principal (the auth feature's AuthService is the one). */
export interface Authenticator {
  authenticate(header: string | undefined | null): Promise<Principal | null>;
}
