import type { GraphQLSchema, GraphQLResolveInfo } from 'graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { progressStream } from './progress-stream.js';
import type { ProcessingService } from './processing.service.js';
import type { ProgressListener } from './progress-listener.js';

/** What the `projectProgress` subscription is registered with (app/graphql-schema.ts). */
export interface ProgressSubscriptionDeps {
  /** The owner check (the query's goes through `processing.progress`). */
  projects: Pick<ProjectsService, 'getOwned'>;
  processing: Pick<ProcessingService, 'progressOf'>;
  /** Progress changes from every worker. */
  progressListener: Pick<ProgressListener, 'subscribe'>;
}

/**
 * type-graphql calls a subscription's `subscribe` without the resolver instance, so it finds its
 * dependencies through the schema it runs on (several servers may share one process in tests).
 * Filled when the app's schema is built (app/graphql-schema.ts).
 */
const depsBySchema = new WeakMap<GraphQLSchema, ProgressSubscriptionDeps>();

export function registerProgressSubscription(schema: GraphQLSchema, deps: ProgressSubscriptionDeps): void {
  depsBySchema.set(schema, deps);
}

/** The `projectProgress` subscription's source: owners only (404 for anyone else), like the query. */
export async function subscribeToProgress({ args, context, info }: { args: { projectId: string }; context: GraphQLContext; info: GraphQLResolveInfo }) {
  const deps = depsBySchema.get(info.schema);
  if (!deps) throw new Error('Subscription services are not registered for this schema');
  const project = await deps.projects.getOwned(requireUser(context), args.projectId);
  return progressStream(() => deps.processing.progressOf(project.id), deps.progressListener, project.id);
}
