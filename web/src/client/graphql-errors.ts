import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The `extensions.code` of the first GraphQL error, if the error came from the server. */
export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.extensions?.code as string | undefined;
  return undefined;
}

export const isUnauthenticated = (error: unknown) => errorCode(error) === 'UNAUTHENTICATED';

/** The server's message when it sent one, else the fallback (SPEC §8 texts). */
export function serverMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  return fallback;
}

/** A network failure (server unreachable) rather than an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  return !!error && !CombinedGraphQLErrors.is(error);
}
