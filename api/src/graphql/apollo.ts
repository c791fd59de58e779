import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Express, Request } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { serveGraphQLWs } from './ws-server.js';
import type { AppServices } from '../app/services.js';
import { AppError } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';
import type { GraphQLContext } from './context.js';
import { makeFormatError } from './format-error.js';
import { graphqlUploadMiddleware } from '../uploads/graphql-uploads.js';
import { extraRules, GRAPHQL_PARSE_OPTIONS } from './limits.js';
import { WS_LIMITS, wsOperationLimits } from './ws-limits.js';
import { reenterRequestContext } from '../logging/request-context.js';
import { jsonBodyParser } from '../http/body-limits.js';

/** Resolves the viewer for one operation; a bad token is kept for resolvers that need a user. */
export async function contextFor(services: AppServices, authorization: string | undefined | null, requestId: string, clientAddress?: string): Promise<GraphQLContext> {
  try {
    const user = await services.auth.userForAuthorization(authorization);
    return { user, authError: null, requestId, clientAddress };
  } catch (err) {
    const app = toAppError(err);
    if (app?.code === 'UNAUTHENTICATED') return { user: null, authError: app, requestId, clientAddress };
    throw err;
  }
}

/** Apollo Server on POST/GET /graphql and graphql-ws on the same path. */
export async function createGraphQL(services: AppServices, schema: GraphQLSchema, httpServer: http.Server) {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: WS_LIMITS.maxPayloadBytes });
  const wsCleanup = serveGraphQLWs(
    {
      schema,
      ...wsOperationLimits(schema, services.config.introspection, services.logger),
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const header = (params.authorization ?? params.Authorization) as string | undefined;
        return contextFor(services, header, randomUUID(), ctx.extra.request.socket.remoteAddress);
      },
    },
    wsServer,
    services.logger,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: makeFormatError(services.logger),
    introspection: services.config.introspection,
    validationRules: extraRules(services.config.introspection),
    parseOptions: GRAPHQL_PARSE_OPTIONS,
    // Kept on (Apollo's default) and stated: a browser's simple cross-site request cannot run an operation.
    csrfPrevention: true,
    // One operation per request: no batched arrays of queries.
    allowBatchedHttpRequests: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const mount = (app: Express) => {
    app.use(
      '/graphql',
      graphqlUploadMiddleware(services),
      jsonBodyParser(),
      reenterRequestContext,
      expressMiddleware(apollo, {
        context: async ({ req }: { req: Request }) => contextFor(services, req.headers.authorization, String(req.id ?? randomUUID()), req.ip),
      }),
    );
  };
  return {
    mount,
    stop: async () => {
      await apollo.stop();
      wsServer.close();
    },
  };
}

export { AppError };
