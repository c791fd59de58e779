import 'reflect-metadata';
import { GraphQLDateTime } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray, type PubSub } from 'type-graphql';
import type { FeatureModule, ResolverClass } from '../kernel/feature-module.js';
import { modules as moduleList } from './module-list.js';

const noTopicPubSub: PubSub = {
  publish() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
  subscribe() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
};

/**
 * Builds the executable schema from the modules' resolvers. Each resolver is constructed once with
 * its module's handler dependencies (`handlerDeps`, from app/compose.ts); `null` builds the schema
 * alone (emitting the SDL, checking scopes) with resolvers that are never called.
 */
export async function buildAppSchema(
  handlerDeps: ReadonlyMap<FeatureModule, unknown> | null,
  modules: readonly FeatureModule[] = moduleList,
): Promise<GraphQLSchema> {
  const moduleOf = new Map<Function, FeatureModule>();
  for (const m of modules) for (const resolver of m.handlers?.resolvers ?? []) moduleOf.set(resolver, m);
  const instances = new Map<unknown, unknown>();
  const container: ContainerType = {
    get(someClass: ResolverClass<unknown>) {
      if (!instances.has(someClass)) instances.set(someClass, new someClass(handlerDeps?.get(moduleOf.get(someClass)!) ?? null));
      return instances.get(someClass);
    },
  };
  const schema = await buildSchema({
    resolvers: [...moduleOf.keys()] as NonEmptyArray<Function>,
    container,
    validate: false,
    scalarsMap: [{ type: Date, scalar: GraphQLDateTime }],
    // Subscriptions bring their own `subscribe` function (shared stores feed them); no in-process topics.
    pubSub: noTopicPubSub,
  });
  // type-graphql cannot describe the root types; integrators read these in the explorer.
  describeRoot(schema.getQueryType(), 'Reads. Each field says who may call it: public, any signed-in user (your own data), or administrators.');
  describeRoot(schema.getMutationType(), 'Writes. Each field says who may call it; writes that create or spend accept an idempotencyKey for safe retries.');
  describeRoot(schema.getSubscriptionType(), 'Live updates over graphql-ws (same bearer token, in connectionParams.authorization).');
  if (handlerDeps) for (const m of modules) m.handlers?.onSchema?.(schema, handlerDeps.get(m));
  return schema;
}

function describeRoot(type: { description?: string | null } | null | undefined, description: string): void {
  if (type && !type.description) type.description = description;
}
