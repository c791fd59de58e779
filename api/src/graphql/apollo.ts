import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Express, Request } from 'express';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { AppServices } from '../app/services.js';
import { AppError } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';
import type { GraphQLContext } from './context.js';
import { makeFormatError } from './format-error.js';
import { extraRules, validateWithLimits } from './limits.js';
import { graphqlUploadMiddleware } from '../uploads/graphql-uploads.js';

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
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: 1024 * 1024 });
  const wsCleanup = useServer(
    {
      schema,
      validate: validateWithLimits(services.config.introspection),
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const header = (params.authorization ?? params.Authorization) as string | undefined;
        return contextFor(services, header, randomUUID(), ctx.extra.request.socket.remoteAddress);
      },
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: makeFormatError(services.logger),
    introspection: services.config.introspection,
    validationRules: extraRules(services.config.introspection),
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
      express.json({ limit: '1mb' }),
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
