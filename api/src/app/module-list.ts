import type { FeatureModule, ResolverClass, RouteMount, RunningWorker, ServiceFactory, Step } from '../kernel/feature-module.js';
import type { ServicesOf } from './compose.js';
import { authModule } from '../auth/auth.module.js';
import { apiTokensModule } from '../api-tokens/api-tokens.module.js';
import { usersModule } from '../users/users.module.js';
import { settingsModule } from '../settings/settings.module.js';
import { quotasModule } from '../quotas/quotas.module.js';
import { creditsModule } from '../credits/credits.module.js';
import { purchasesModule } from '../purchases/purchases.module.js';
import { adminModule } from '../admin/admin.module.js';
import { financeModule } from '../finance/finance.module.js';
import { exportsModule } from '../exports/exports.module.js';
import { tracksModule } from '../tracks/tracks.module.js';
import { processingModule } from '../processing/processing.module.js';
import { projectsModule } from '../projects/projects.module.js';
import { uploadsModule } from '../uploads/uploads.module.js';
import { resumableUploadsModule } from '../resumable-uploads/resumable-uploads.module.js';
import { fileSetsModule } from '../file-sets/file-sets.module.js';
import { filesModule } from '../files/files.module.js';
import { resultsModule } from '../results/results.module.js';
import { reviewModule } from '../review/review.module.js';
import { healthModule } from '../health/health.module.js';
import { explorerModule } from '../explorer/explorer.module.js';
import { deliveryModule } from '../delivery/delivery.module.js';

/**
 * Every feature of the API, once. The composition root derives from this list the services (built
 * in dependency order, whatever the order here), the MikroORM entities, the GraphQL schema, the REST
 * routes (mounted in this order: where two modules share a path prefix, the earlier one's router and
 * JSON parser run first), the start steps (in this order), the stop steps (in reverse) and the
 * workers. A new feature adds its module here and nowhere else.
 */
export const modules = [
  authModule,
  apiTokensModule,
  usersModule,
  settingsModule,
  quotasModule,
  creditsModule,
  purchasesModule,
  adminModule,
  financeModule,
  exportsModule,
  tracksModule,
  processingModule,
  projectsModule,
  uploadsModule,
  resumableUploadsModule,
  fileSetsModule,
  filesModule,
  resultsModule,
  reviewModule,
  healthModule,
  explorerModule,
  deliveryModule,
] as const;

/** What one module names, by its services, handlers and steps (each typed by the module). */
export type NeedsOf<M> = (M extends { services: ServiceFactory<infer N, object> } ? N : unknown) &
  (M extends { handlers: { routes?: readonly RouteMount<infer H>[] } } ? H : unknown) &
  (M extends { handlers: { resolvers?: readonly ResolverClass<infer H>[] } } ? H : unknown) &
  (M extends { handlers: { mount?(app: never, deps: infer H): void } } ? H : unknown) &
  (M extends { start: Step<infer S> } ? S : unknown) &
  (M extends { stop: Step<infer S> } ? S : unknown) &
  (M extends { worker: Step<infer S, RunningWorker> } ? S : unknown);

/**
 * Compile-time wiring check: the names of the modules whose needs the registry does not meet
 * (a missing service, or one whose type does not fit what the module says it uses). Must be never.
 */
type Unmet<Ms extends readonly FeatureModule[], Registry> = {
  [I in keyof Ms]: Registry extends NeedsOf<Ms[I]> ? never : Ms[I] extends { name: infer N } ? N : never;
}[number];
export type UnmetModules = Unmet<typeof modules, ServicesOf<typeof modules>>;
export const everyModuleNeedIsMet: [UnmetModules] extends [never] ? true : UnmetModules = true;
