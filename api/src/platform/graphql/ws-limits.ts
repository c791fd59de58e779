import { execute, GraphQLError, parse, subscribe, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import type { Logger } from '../logging/logger.js';
import { withRequestContext } from '../logging/request-context.js';
import type { OperationContext } from './operation-context.js';
import { makeFormatError } from './format-error.js';
import { GRAPHQL_PARSE_OPTIONS, operationLimitError, validateWithLimits, type ListBounds } from './limits.js';

/** graphql-ws limits (HTTP has the same through Apollo; see limits.ts). */
export const WS_LIMITS = {
  /** Largest websocket message accepted (ws closes the socket with 1009 above it). */
  maxPayloadBytes: 1024 * 1024,
  /** Operations (subscriptions, queries, mutations) running at once on one socket. */
  maxOperationsPerSocket: 20,
  /** Refusals in a row for that limit after which the socket is closed (4429): it keeps flooding. */
  maxRateLimitedInARow: 10,
} as const;

/** Close code for a client that floods: its own range (4xxx), like graphql-ws's 4400/4401. */
export const WS_TOO_MANY_REQUESTS = 4429;

/** Rate-limit refusals in a row, per socket; an accepted operation starts the count again. */
const refusedInARow = new WeakMap<object, number>();

const withCode = (e: GraphQLError, code: string) =>
  e.extensions?.code ? e : new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, extensions: { ...e.extensions, code } });

/**
 * graphql-ws runs neither Apollo's validation rules nor its plugins, so this hook does for each
 * websocket operation what Apollo does for HTTP: parse with the same token limit, validate with
 * the same depth/cost/alias/introspection rules, cap operations in flight per socket, map errors
 * to the same `extensions.code`, and log under the operation's request id.
 */
export function wsOperationLimits(
  schema: GraphQLSchema,
  introspection: boolean,
  logger: Logger,
  boundsFor: (context: OperationContext, document: DocumentNode) => Promise<ListBounds>,
): Partial<ServerOptions> {
  const validate = validateWithLimits(introspection);
  const formatError = makeFormatError(logger, introspection);
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => formatError(e.toJSON(), e));
  /** The cost with the variables' values and the unpaged lists' real bounds, as HTTP's plugin does (limits.ts). */
  const overLimit = async (args: ExecutionArgs) => {
    const bounds = await boundsFor(args.contextValue as OperationContext, args.document);
    const refused = operationLimitError(args.schema, args.document, args.operationName, args.variableValues as Record<string, unknown> | undefined, bounds);
    return refused ? { errors: [refused] } : null;
  };
  const inContext = (args: ExecutionArgs, run: () => ReturnType<typeof execute>) =>
    withRequestContext((args.contextValue as OperationContext).requestId, async () => (await overLimit(args)) ?? run());
  return {
    onSubscribe: (ctx, _id, payload) => {
      const socket = (ctx.extra as { socket?: { close(code: number, reason: string): void } }).socket ?? ctx;
      // The id of this operation is already counted in ctx.subscriptions.
      if (Object.keys(ctx.subscriptions).length > WS_LIMITS.maxOperationsPerSocket) {
        const strikes = (refusedInARow.get(socket) ?? 0) + 1;
        refusedInARow.set(socket, strikes);
        // Told it is over the limit and still sending: stop reading it at all.
        if (strikes >= WS_LIMITS.maxRateLimitedInARow && 'close' in socket) socket.close(WS_TOO_MANY_REQUESTS, 'Too many requests');
        return [
          new GraphQLError(`Too many operations at once on this connection: at most ${WS_LIMITS.maxOperationsPerSocket}`, {
            extensions: { code: 'RATE_LIMITED' },
          }),
        ];
      }
      refusedInARow.delete(socket);
      let document: DocumentNode;
      try {
        document = parse(payload.query, GRAPHQL_PARSE_OPTIONS);
      } catch (err) {
        return [withCode(err instanceof GraphQLError ? err : new GraphQLError('The query could not be parsed'), 'GRAPHQL_PARSE_FAILED')];
      }
      const errors = validate(schema, document);
      if (errors.length) return errors.map((e) => withCode(e, 'GRAPHQL_VALIDATION_FAILED'));
      const variables = payload.variables;
      if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
        return [new GraphQLError('Variables must be an object', { extensions: { code: 'BAD_USER_INPUT' } })];
      }
      return { schema, document, operationName: payload.operationName, variableValues: variables ?? undefined };
    },
    execute: (args) => inContext(args, () => execute(args)),
    subscribe: (args) => inContext(args, () => subscribe(args) as ReturnType<typeof execute>),
    onNext: (_ctx, _id, _payload, _args, result) => (result.errors?.length ? { ...result, errors: format(result.errors) } : undefined),
    onError: (_ctx, _id, _payload, errors) => format(errors),
  };
}
