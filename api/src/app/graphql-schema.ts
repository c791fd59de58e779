import 'reflect-metadata';
import { GraphQLDateTime } from 'graphql-scalars';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray, type PubSub } from 'type-graphql';
import type { AppServices } from './compose.js';
import { AuthResolver } from '../features/auth/auth.resolver.js';
import { ApiTokensResolver } from '../features/api-tokens/api-tokens.resolver.js';
import { UsersResolver } from '../features/users/users.resolver.js';
import { CreditsResolver } from '../features/credits/credits.resolver.js';
import { PurchasesResolver } from '../features/purchases/purchases.resolver.js';
import { AdminResolver } from '../features/admin/admin.resolver.js';
import { LedgerEventResolver } from '../features/admin/ledger-event.resolver.js';
import { AdminQueueResolver } from '../features/admin/admin-queue.resolver.js';
import { MailResolver } from '../features/mail/mail.resolver.js';
import { NotificationsResolver } from '../features/notifications/notifications.resolver.js';
import { SiteTextResolver } from '../features/settings/settings.resolver.js';
import { ContactResolver } from '../features/contact/contact.resolver.js';
import { FinanceResolver } from '../features/finance/finance.resolver.js';
import { ExportDownloadFieldsResolver, ExportsResolver } from '../features/exports/exports.resolver.js';
import { TracksResolver } from '../features/tracks/tracks.resolver.js';
import { ProcessingResolver } from '../features/processing/processing.resolver.js';
import { registerProgressSubscription } from '../features/processing/progress-subscription.js';
import { ProjectsResolver } from '../features/projects/projects.resolver.js';
import { UploadsResolver } from '../features/uploads/uploads.resolver.js';
import { UploadStateResolver } from '../features/uploads/upload-state.resolver.js';
import { ResumableUploadsResolver } from '../features/resumable-uploads/resumable-uploads.resolver.js';
import { FileSetsResolver } from '../features/file-sets/file-sets.resolver.js';
import { ResultsResolver } from '../features/results/results.resolver.js';
import { PlaceResolver } from '../features/results/place.resolver.js';
import { ReviewResolver } from '../features/review/review.resolver.js';
import { KeywordRulePresetsResolver } from '../features/review/keyword-rule-presets.resolver.js';
import { DeliveryResolver } from '../features/delivery/delivery.resolver.js';
import { registerDeliverySubscription } from '../features/delivery/delivery-subscription.js';

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
  resolver(MailResolver, (s) => ({ mail: s.mail })),
  resolver(NotificationsResolver, (s) => ({ notifications: s.notifications })),
  resolver(SiteTextResolver, (s) => ({ siteText: s.siteText })),
  resolver(ContactResolver, (s) => ({ contact: s.contact })),
  resolver(FinanceResolver, (s) => ({ finance: s.finance })),
  resolver(ExportsResolver, (s) => ({ exports: s.exports })),
  resolver(ExportDownloadFieldsResolver, (s) => ({ exports: s.exports })),
  resolver(TracksResolver, (s) => ({ tracks: s.tracks })),
  resolver(ProcessingResolver, (s) => ({ idempotency: s.idempotency, processing: s.processing, fileSets: s.fileSets })),
  resolver(ProjectsResolver, (s) => ({ projects: s.projects, idempotency: s.idempotency })),
  resolver(UploadsResolver, (s) => ({ uploads: s.uploads, idempotency: s.idempotency })),
  resolver(UploadStateResolver, (s) => ({ uploadPlans: s.uploadPlans, fileSets: s.fileSets })),
  resolver(ResumableUploadsResolver, (s) => ({ resumableUploads: s.resumableUploads })),
  resolver(FileSetsResolver, (s) => ({ fileSets: s.fileSets, projects: s.projects, processing: s.processing })),
  resolver(ResultsResolver, (s) => ({ results: s.results, processing: s.processing })),
  resolver(PlaceResolver, (s) => ({ results: s.results })),
  resolver(ReviewResolver, (s) => ({ review: s.review })),
  resolver(KeywordRulePresetsResolver, (s) => ({ rulePresets: s.rulePresets })),
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
