import { getToken } from './token-store';

/**
 * The one place the stored token becomes a credential (SPEC §6): `authorization: Bearer <token>`
 * on every HTTP request to the API, and the same key in graphql-ws's connectionParams. Empty when
 * signed out, so a signed-out request carries no credential at all.
 */
export function authHeader(token: string | null = getToken()): { authorization?: string } {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** What a GraphQL POST carries besides its body: the credential and Apollo-Require-Preflight (CSRF prevention). */
export function graphqlHeaders(): Record<string, string> {
  return { 'Apollo-Require-Preflight': 'true', ...authHeader() };
}
