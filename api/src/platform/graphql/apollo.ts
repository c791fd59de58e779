import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler } from 'express';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { serveGraphQLWs } from './ws-server.js';
import type { Logger } from '../logging/logger.js';
import { makeFormatError } from './format-error.js';
import { extraRules, GRAPHQL_PARSE_OPTIONS, operationLimitsPlugin } from './limits.js';
import { WS_LIMITS, wsOperationLimits } from './ws-limits.js';
import { listBoundsFor, type UnpagedListSources } from './list-bounds.js';
import { reenterRequestContext } from '../logging/request-context.js';
import { jsonBodyParser } from '../http/body-limits.js';
import { GraphQLError, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { OperationContext } from './operation-context.js';

/** A websocket as graphql-ws hands it to the context function. */
export interface ContextSocket {
  close(code: number, reason: string): void;
  once(event: 'close', fn: () => void): unknown;
}

/**
 * What GraphQL needs from the features, handed over by the composition root (app/graphql-server.ts):
 * this folder knows no feature.
 */
export interface GraphQLServerOptions<C extends OperationContext> {
  schema: GraphQLSchema;
  httpServer: http.Server;
  config: { introspection: boolean; wsMaxConnectionsPerAddress: number };
  logger: Logger;
  /** Bounds of the unpaged lists, as the features count them (list-bounds.ts). */
  listBounds: UnpagedListSources;
  /** The per-operation context from the presented credential (HTTP header, or the socket's connectionParams). */
  contextFor(authorization: string | undefined | null, requestId: string, clientAddress?: string): Promise<C>;
  /** An operation refused before anything runs (API token scopes), or null. */
  refusal(schema: GraphQLSchema, context: C, document: DocumentNode, operationName: string | null | undefined): GraphQLError | null;
  /** A websocket operation's context was made (revocation tracking, closing at expiry). */
  onSocketContext?(context: C, socket: ContextSocket): void;
  /** Middleware before the JSON body parser on /graphql (multipart uploads). */
  beforeJson?: RequestHandler[];
  /** Started before the server and stopped when it drains. */
  companions?: { start(): Promise<void>; stop(): Promise<void> }[];
}

/** graphql-ws: a refused operation as a result (no HTTP status there). */
function asResult(refused: GraphQLError | null): ExecutionResult | null {
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
export function closeAtExpiry(socket: ContextSocket, expiresAt: Date): void {
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

/** Apollo Server on POST/GET /graphql and graphql-ws on the same path. */
export async function createGraphQL<C extends OperationContext>(options: GraphQLServerOptions<C>) {
  const { schema, httpServer, config, logger, contextFor, refusal } = options;
  const companions = options.companions ?? [];
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: WS_LIMITS.maxPayloadBytes });
  for (const companion of companions) await companion.start();
  const listBounds = listBoundsFor(options.listBounds);
  const limits = wsOperationLimits(schema, config.introspection, logger, listBounds);
  const refusalOf = (args: ExecutionArgs) => asResult(refusal(args.schema, args.contextValue as C, args.document, args.operationName));
  const wsCleanup = serveGraphQLWs(
    {
      schema,
      ...limits,
      // API token scopes, checked before anything runs (the same rule as the HTTP plugin below).
      execute: (args) => refusalOf(args) ?? limits.execute!(args),
      subscribe: (args) => refusalOf(args) ?? limits.subscribe!(args),
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const header = (params.authorization ?? params.Authorization) as string | undefined;
        const context = await contextFor(header, randomUUID(), ctx.extra.request.socket.remoteAddress);
        options.onSocketContext?.(context, ctx.extra.socket);
        return context;
      },
    },
    wsServer,
    logger,
    { maxConnectionsPerAddress: config.wsMaxConnectionsPerAddress },
  );

  const apollo = new ApolloServer<C>({
    schema,
    formatError: makeFormatError(logger, config.introspection),
    introspection: config.introspection,
    validationRules: extraRules(config.introspection),
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
      // Nothing about operations or the schema goes to Apollo's cloud, even with an APOLLO_KEY in the
      // environment; Shotlog is no federated subgraph, so the trace plugin (and its protobuf code) is not loaded.
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // Cost with the variables' values and unpaged lists at their real bound (limits.ts).
      operationLimitsPlugin<C>(listBounds),
      {
        // API token scopes: one check per operation, before any resolver runs (auth/scopes.ts).
        async requestDidStart() {
          return {
            async didResolveOperation({ contextValue, document, operationName, schema }) {
              const refused = refusal(schema, contextValue, document, operationName);
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
              for (const companion of companions) await companion.stop();
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
      ...(options.beforeJson ?? []),
      jsonBodyParser(),
      reenterRequestContext,
      expressMiddleware(apollo, {
        context: async ({ req }: { req: Request }) => contextFor(req.headers.authorization, String(req.id ?? randomUUID()), req.ip),
      }),
    );
  };
  return {
    mount,
    stop: async () => {
      await apollo.stop();
      for (const companion of companions) await companion.stop();
      wsServer.close();
    },
  };
}
