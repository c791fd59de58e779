import 'reflect-metadata';
import { GraphQLDateTime } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray } from 'type-graphql';
import type { AppServices } from '../app/services.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';
import { ProjectsResolver } from '../projects/projects.resolver.js';
import { CreditsResolver } from '../credits/credits.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { UploadsResolver } from '../uploads/uploads.resolver.js';
import { FileSetsResolver } from '../filesets/filesets.resolver.js';
import { ProcessingResolver } from '../processing/processing.resolver.js';
import { ResultsResolver } from '../results/results.resolver.js';
import { servicesBySchema } from '../processing/schema-services.js';
import { ExportsResolver } from '../exports/exports.resolver.js';

/** type-graphql requires a PubSub once any subscription exists; ours never publish through it. */
const unusedPubSub = {
  publish: () => undefined,
  subscribe: (): AsyncIterable<unknown> => {
    throw new Error('Subscriptions use their own subscribe function');
  },
};

// Every resolver class of the API; a new feature adds its resolver here.
export const resolverClasses = [AuthResolver, UsersResolver, ProjectsResolver, CreditsResolver, AdminResolver, UploadsResolver, FileSetsResolver, ProcessingResolver, ResultsResolver, ExportsResolver] as const;

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
    // Subscriptions bring their own `subscribe` (LISTEN/NOTIFY); type-graphql still asks for a PubSub.
    pubSub: unusedPubSub,
  });
  if (services) servicesBySchema.set(schema, services);
  return schema;
}
