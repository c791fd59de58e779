import type http from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { closeAtExpiry, createGraphQL } from '../platform/graphql/apollo.js';
import { graphqlContextFor, type GraphQLContext } from '../platform/principal/graphql-context.js';
import { graphqlScopeError } from '../platform/principal/scopes.js';
import { RevocationListener, sessionKey } from '../features/api-tokens/revocation-listener.js';
import { graphqlUploadMiddleware } from '../features/uploads/graphql-uploads.js';
import type { AppServices } from './compose.js';

/**
 * GraphQL over HTTP and graphql-ws, with what the features bring to it: who is asking (auth), the
 * API-token scope check, sockets closed when their token is revoked (api-tokens) or expires, and
 * multipart uploads (uploads).
 */
export function startGraphQL(services: AppServices, schema: GraphQLSchema, httpServer: http.Server) {
  const revocations = new RevocationListener(services.pool, services.logger);
  return createGraphQL<GraphQLContext>({
    schema,
    httpServer,
    config: services.config,
    logger: services.logger,
    listBounds: { fileSets: (userId) => services.fileSets.largestProjectSetCount(userId) },
    contextFor: (authorization, requestId, clientAddress) => graphqlContextFor(services.auth, authorization, requestId, clientAddress),
    refusal: (s, context, document, operationName) => graphqlScopeError(s, context.scopes, document, operationName),
    onSocketContext: (context, socket) => {
      if (context.apiTokenId) revocations.track(context.apiTokenId, socket);
      else if (context.user) revocations.track(sessionKey(context.user.id, context.user.sessionVersion), socket);
      if (context.expiresAt) closeAtExpiry(socket, context.expiresAt);
    },
    beforeJson: [graphqlUploadMiddleware(services)],
    companions: [revocations],
  });
}
