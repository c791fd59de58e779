import 'reflect-metadata';
import { GraphQLDateTime } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray, type PubSub } from 'type-graphql';
import type { AppServices } from './compose.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { ApiTokensResolver } from '../api-tokens/api-tokens.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';
import { CreditsResolver } from '../credits/credits.resolver.js';
import { PurchasesResolver } from '../purchases/purchases.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { LedgerEventResolver } from '../admin/ledger-event.resolver.js';
import { AdminQueueResolver } from '../admin/admin-queue.resolver.js';
import { FinanceResolver } from '../finance/finance.resolver.js';
import { ExportDownloadFieldsResolver, ExportsResolver } from '../exports/exports.resolver.js';
import { TracksResolver } from '../tracks/tracks.resolver.js';
import { ProcessingResolver } from '../processing/processing.resolver.js';
import { registerProgressSubscription } from '../processing/progress-subscription.js';
import { ProjectsResolver } from '../projects/projects.resolver.js';
import { UploadsResolver } from '../uploads/uploads.resolver.js';
import { ResumableUploadsResolver } from '../resumable-uploads/resumable-uploads.resolver.js';
import { FileSetsResolver } from '../file-sets/file-sets.resolver.js';
import { ResultsResolver } from '../results/results.resolver.js';
import { ReviewResolver } from '../review/review.resolver.js';
import { DeliveryResolver } from '../delivery/delivery.resolver.js';
import { registerDeliverySubscription } from '../delivery/delivery-subscription.js';

/** A resolver class and how its narrow object is taken from the services (its type sits in the resolver's file). */
interface ResolverEntry {
  resolver: Function;
  build(s: AppServices): object;
}
function resolver<D>(resolverClass: new (deps: D) => object, deps: (s: AppServices) => NoInfer<D>): ResolverEntry {
  return { resolver: resolverClass, build: (s) => new resolverClass(deps(s)) };
}

/** Every GraphQL resolver, each with what it is built with. */
const resolvers: ResolverEntry[] = [
  resolver(AuthResolver, (s) => ({ auth: s.auth, config: s.config })),
  resolver(ApiTokensResolver, (s) => ({ apiTokens: s.apiTokens })),
  resolver(UsersResolver, (s) => ({ users: s.users, credits: s.credits })),
  resolver(CreditsResolver, (s) => ({ credits: s.credits })),
  resolver(PurchasesResolver, (s) => ({ purchases: s.purchases, idempotency: s.idempotency })),
  resolver(AdminResolver, (s) => ({ admin: s.admin, settings: s.settings })),
  resolver(LedgerEventResolver, (s) => ({ users: s.users })),
  resolver(AdminQueueResolver, (s) => ({ queue: s.queue, logger: s.logger })),
  resolver(FinanceResolver, (s) => ({ finance: s.finance })),
  resolver(ExportsResolver, (s) => ({ exports: s.exports })),
  resolver(ExportDownloadFieldsResolver, (s) => ({ exports: s.exports })),
  resolver(TracksResolver, (s) => ({ tracks: s.tracks })),
  resolver(ProcessingResolver, (s) => ({ idempotency: s.idempotency, processing: s.processing })),
  resolver(ProjectsResolver, (s) => ({ projects: s.projects, idempotency: s.idempotency })),
  resolver(UploadsResolver, (s) => ({ uploads: s.uploads, idempotency: s.idempotency })),
  resolver(ResumableUploadsResolver, (s) => ({ resumableUploads: s.resumableUploads })),
  resolver(FileSetsResolver, (s) => ({ fileSets: s.fileSets, projects: s.projects, processing: s.processing })),
  resolver(ResultsResolver, (s) => ({ results: s.results, processing: s.processing })),
  resolver(ReviewResolver, (s) => ({ review: s.review })),
  resolver(DeliveryResolver, (s) => ({ delivery: s.delivery })),
];

/**
 * type-graphql calls a subscription's `subscribe` without its resolver instance: each finds its
 * services through the schema it runs on (several servers may share one process in tests).
 */
function registerSubscriptions(schema: GraphQLSchema, s: AppServices): void {
  registerProgressSubscription(schema, { projects: s.projects, processing: s.processing, progressListener: s.progressListener });
  registerDeliverySubscription(schema, s.delivery);
}

const noTopicPubSub: PubSub = {
  publish() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
  subscribe() {
    throw new Error('In-process pub/sub topics are not used: subscriptions define their own subscribe function');
  },
};

/**
 * Builds the executable schema from the resolvers, each constructed once (on first use) with its
 * narrow object; `null` builds the schema alone (emitting the SDL, checking scopes) with resolvers
 * that are never called.
 */
export async function buildAppSchema(services: AppServices | null): Promise<GraphQLSchema> {
  const byClass = new Map<unknown, ResolverEntry>(resolvers.map((r) => [r.resolver, r]));
  const instances = new Map<unknown, object>();
  const container: ContainerType = {
    get(someClass: new (deps: null) => object) {
      if (!instances.has(someClass)) instances.set(someClass, services ? byClass.get(someClass)!.build(services) : new someClass(null));
      return instances.get(someClass);
    },
  };
  const schema = await buildSchema({
    resolvers: resolvers.map((r) => r.resolver) as NonEmptyArray<Function>,
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
  if (services) registerSubscriptions(schema, services);
  return schema;
}

function describeRoot(type: { description?: string | null } | null | undefined, description: string): void {
  if (type && !type.description) type.description = description;
}
