import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from '../logging/logger.js';
import { toAppError } from '../errors/to-app-error.js';

/** graphql-js's suggestions (` Did you mean "adminUsers"?`): they name fields and types of the schema. */
const SUGGESTION = / Did you mean [^?]*\?$/;

/**
 * Maps errors thrown by services to `extensions.code` and a user-facing message. Unknown errors
 * are logged and answered without internals. With introspection off, validation messages lose
 * their "Did you mean" suggestions, which would otherwise spell out the hidden schema.
 */
export function makeFormatError(logger: Logger, introspection = true) {
  const formatError = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const app = toAppError(original);
    if (app) {
      return { ...formatted, message: app.message, extensions: { ...app.details, code: app.code } };
    }
    const code = formatted.extensions?.code;
    if (code && code !== 'INTERNAL_SERVER_ERROR') {
      // GraphQL validation / parse / variable errors: already client errors with a message.
      return {
        message: formatted.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: code === 'BAD_REQUEST' ? 'BAD_USER_INPUT' : code },
      };
    }
    if (original instanceof GraphQLError && !original.originalError) {
      return { ...formatted, extensions: { code: 'BAD_USER_INPUT' } };
    }
    logger.error({ err: original }, 'unexpected GraphQL error');
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
  if (introspection) return formatError;
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const out = formatError(formatted, error);
    return out.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' ? { ...out, message: out.message.replace(SUGGESTION, '') } : out;
  };
}
