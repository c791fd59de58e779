import type { GraphQLSchema, GraphQLResolveInfo } from 'graphql';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../auth/graphql-context.js';
import type { ProcessingDeps } from './processing.module.js';
import { progressStream } from './progress-stream.js';

type SubscriptionDeps = Pick<ProcessingDeps, 'projects' | 'processing' | 'progressListener'>;

/**
 * type-graphql calls a subscription's `subscribe` without the resolver instance, so it finds its
 * dependencies through the schema it runs on (several servers may share one process in tests).
 * Filled by the processing module's `onSchema` hook.
 */
const depsBySchema = new WeakMap<GraphQLSchema, SubscriptionDeps>();

export function registerProgressSubscription(schema: GraphQLSchema, deps: SubscriptionDeps): void {
  depsBySchema.set(schema, deps);
}

/** The `projectProgress` subscription's source: owners only (404 for anyone else), like the query. */
export async function subscribeToProgress({ args, context, info }: { args: { projectId: string }; context: GraphQLContext; info: GraphQLResolveInfo }) {
  const deps = depsBySchema.get(info.schema);
  if (!deps) throw new Error('Subscription services are not registered for this schema');
  const project = await deps.projects.getOwned(requireUser(context), args.projectId);
  return progressStream(() => deps.processing.progressOf(project.id), deps.progressListener, project.id);
}
