import 'reflect-metadata';
import { GraphQLDateTime } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray, type PubSub } from 'type-graphql';
import type { AppServices } from '../app/services.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';
import { ProjectsResolver } from '../projects/projects.resolver.js';
import { CreditsResolver } from '../credits/credits.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { ProcessingResolver } from '../processing/processing.resolver.js';
import { ResultsResolver } from '../results/results.resolver.js';
import { servicesBySchema } from '../processing/schema-services.js';
import { ApiTokensResolver } from '../api-tokens/api-tokens.resolver.js';
import { UploadsResolver } from '../uploads/uploads.resolver.js';
import { FileSetsResolver } from '../file-sets/file-sets.resolver.js';
import { ExportsResolver } from '../exports/exports.resolver.js';
import { AdminQueueResolver } from '../admin/admin-queue.resolver.js';
import { LedgerEventResolver } from '../admin/ledger-event.resolver.js';

// Every resolver class of the API; a new feature adds its resolver here.
export const resolverClasses = [
  AuthResolver,
  UsersResolver,
  ProjectsResolver,
  CreditsResolver,
  AdminResolver,
  LedgerEventResolver,
  AdminQueueResolver,
  UploadsResolver,
  FileSetsResolver,
  ExportsResolver,
  ApiTokensResolver,
  ProcessingResolver,
  ResultsResolver,
] as const;

const noTopicPubSub: PubSub = {
  publish() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
  subscribe() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
};

/** Builds the executable schema; resolvers get the process's services through the container. */
export async function buildAppSchema(services: AppServices | null): Promise<GraphQLSchema> {
  const instances = new Map<unknown, unknown>();
  const container: ContainerType = {
    get(someClass: new (s: AppServices | null) => unknown) {
      if (!instances.has(someClass)) instances.set(someClass, new someClass(services));
      return instances.get(someClass);
    },
  };
  const schema = await buildSchema({
    resolvers: resolverClasses as unknown as NonEmptyArray<Function>,
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
  if (services) servicesBySchema.set(schema, services);
  return schema;
}

function describeRoot(type: { description?: string | null } | null | undefined, description: string): void {
  if (type && !type.description) type.description = description;
}
