import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Express, Request } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { serveGraphQLWs } from './ws-server.js';
import type { AppServices } from '../app/services.js';
import { AppError } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';
import type { GraphQLContext } from '../auth/graphql-context.js';
import { makeFormatError } from './format-error.js';
import { graphqlUploadMiddleware } from '../uploads/graphql-uploads.js';
import { extraRules, GRAPHQL_PARSE_OPTIONS, operationLimitsPlugin } from './limits.js';
import { WS_LIMITS, wsOperationLimits } from './ws-limits.js';
import { listBoundsFor } from './list-bounds.js';
import { reenterRequestContext } from '../logging/request-context.js';
import { jsonBodyParser } from '../http/body-limits.js';
import { GraphQLError, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { graphqlScopeError } from '../auth/scopes.js';
import { RevocationListener, sessionKey } from '../api-tokens/revocation-listener.js';

/** graphql-ws: the refusal of an operation outside the token's scopes, as a result (no HTTP status there). */
function scopeRefusal(args: ExecutionArgs): ExecutionResult | null {
  const refused = graphqlScopeError(args.schema, (args.contextValue as GraphQLContext).scopes, args.document, args.operationName);
  if (!refused) return null;
  const { http: _http, ...extensions } = refused.extensions;
  return { errors: [new GraphQLError(refused.message, { extensions })] };
}

/** The longest a timer can wait (about 24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const expiryTimers = new WeakMap<object, NodeJS.Timeout>();

/**
 * A websocket authenticates once and may stream for hours: when the credential it opened with
 * expires, the socket is closed (4401, like a revoked token) and the client must sign in again.
 * One timer per socket, for the earliest expiry its operations presented.
 */
function closeAtExpiry(socket: { close(code: number, reason: string): void; once(event: 'close', fn: () => void): unknown }, expiresAt: Date): void {
  if (expiryTimers.has(socket)) return;
  const arm = () => {
    const wait = expiresAt.getTime() - Date.now();
    const timer = setTimeout(
      () => (wait > MAX_TIMER_MS ? arm() : socket.close(4401, 'Session expired. Please log in again.')),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    timer.unref();
    expiryTimers.set(socket, timer);
  };
  arm();
  socket.once('close', () => clearTimeout(expiryTimers.get(socket)));
}

/** Resolves the viewer for one operation; a bad token is kept for resolvers that need a user. */
export async function contextFor(
  services: AppServices,
  authorization: string | undefined | null,
  requestId: string,
  clientAddress?: string,
): Promise<GraphQLContext> {
  try {
    const principal = await services.auth.authenticate(authorization);
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

/** Apollo Server on POST/GET /graphql and graphql-ws on the same path. */
export async function createGraphQL(services: AppServices, schema: GraphQLSchema, httpServer: http.Server) {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: WS_LIMITS.maxPayloadBytes });
  const revocations = new RevocationListener(services.pool, services.logger);
  await revocations.start();
  const listBounds = listBoundsFor(services.pool);
  const limits = wsOperationLimits(schema, services.config.introspection, services.logger, listBounds);
  const wsCleanup = serveGraphQLWs(
    {
      schema,
      ...limits,
      // API token scopes, checked before anything runs (the same rule as the HTTP plugin below).
      execute: (args) => scopeRefusal(args) ?? limits.execute!(args),
      subscribe: (args) => scopeRefusal(args) ?? limits.subscribe!(args),
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const header = (params.authorization ?? params.Authorization) as string | undefined;
        const context = await contextFor(services, header, randomUUID(), ctx.extra.request.socket.remoteAddress);
        if (context.apiTokenId) revocations.track(context.apiTokenId, ctx.extra.socket);
        else if (context.user) revocations.track(sessionKey(context.user.id, context.user.sessionVersion), ctx.extra.socket);
        if (context.expiresAt) closeAtExpiry(ctx.extra.socket, context.expiresAt);
        return context;
      },
    },
    wsServer,
    services.logger,
    { maxConnectionsPerAddress: services.config.wsMaxConnectionsPerAddress },
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError: makeFormatError(services.logger, services.config.introspection),
    introspection: services.config.introspection,
    validationRules: extraRules(services.config.introspection),
    parseOptions: GRAPHQL_PARSE_OPTIONS,
    // Kept on (Apollo's default) and stated: a browser's simple cross-site request cannot run an operation.
    csrfPrevention: true,
    // One operation per request: no batched arrays of queries.
    allowBatchedHttpRequests: false,
    // main.ts owns SIGINT/SIGTERM and stops everything in order; Apollo's own handler would start
    // draining at the same moment and re-raise the signal.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // Apollo's landing page loads Apollo Sandbox from a CDN; Shotlog serves its own at /explorer.
      ApolloServerPluginLandingPageDisabled(),
      // Cost with the variables' values and unpaged lists at their real bound (limits.ts).
      operationLimitsPlugin<GraphQLContext>(listBounds),
      {
        // API token scopes: one check per operation, before any resolver runs (auth/scopes.ts).
        async requestDidStart() {
          return {
            async didResolveOperation({ contextValue, document, operationName, schema }) {
              const refused = graphqlScopeError(schema, contextValue.scopes, document, operationName);
              if (refused) throw refused;
            },
          };
        },
      },
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
              await revocations.stop();
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
      await revocations.stop();
      wsServer.close();
    },
  };
}

export { AppError };
