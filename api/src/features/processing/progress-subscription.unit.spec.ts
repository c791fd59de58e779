import { GraphQLObjectType, GraphQLSchema, GraphQLString, type GraphQLResolveInfo } from 'graphql';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { User } from '../users/user.entity.js';
import type { ProjectProgress } from './progress.js';
import { registerProgressSubscription, subscribeToProgress, type ProgressSubscriptionDeps } from './progress-subscription.js';

/** What no e2e test reaches alone: the subscription's dependencies found through the schema they were registered with. */
const newSchema = () => new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { x: { type: GraphQLString } } }) });
const user = { id: 'u1' } as User;
const context = { user, authError: null, requestId: 'r', scopes: null } as GraphQLContext;
const finalState: ProjectProgress = {
  projectId: 'p1',
  status: 'completed',
  runId: 'run1',
  runStatus: 'completed',
  acceptingSets: false,
  intakeStoppedReason: null,
  totalJobs: 1,
  completedJobs: 1,
  processingJobs: 0,
  failedJobs: 0,
  pendingJobs: 0,
  progress: 100,
  jobs: [],
};

function fakeDeps() {
  const calls: string[] = [];
  const deps = {
    projects: {
      getOwned: async (owner: User, id: unknown) => {
        calls.push(`getOwned ${owner.id} ${String(id)}`);
        return { id: String(id) };
      },
    },
    processing: {
      progressOf: async (id: string) => {
        calls.push(`progressOf ${id}`);
        return finalState;
      },
    },
    progressListener: {
      subscribe: async (id: string) => {
        calls.push(`subscribe ${id}`);
        return () => calls.push(`unsubscribe ${id}`);
      },
    },
  } as unknown as ProgressSubscriptionDeps;
  return { deps, calls };
}

describe('the projectProgress subscription', () => {
  it('finds its dependencies through the schema they were registered with, and only that one', async () => {
    const { deps, calls } = fakeDeps();
    const seen = newSchema();
    registerProgressSubscription(seen, deps);
    const args = { projectId: 'p1' };

    await expect(subscribeToProgress({ args, context, info: { schema: newSchema() } as GraphQLResolveInfo })).rejects.toThrow(
      'Subscription services are not registered for this schema',
    );

    const stream = await subscribeToProgress({ args, context, info: { schema: seen } as GraphQLResolveInfo });
    expect(await stream.next()).toEqual({ done: false, value: finalState });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(calls).toEqual(['getOwned u1 p1', 'subscribe p1', 'progressOf p1', 'unsubscribe p1']);
  });

  it('refuses a subscriber without a user before reading anything', async () => {
    const { deps, calls } = fakeDeps();
    const schema = newSchema();
    registerProgressSubscription(schema, deps);
    await expect(
      subscribeToProgress({ args: { projectId: 'p1' }, context: { ...context, user: null }, info: { schema } as GraphQLResolveInfo }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(calls).toEqual([]);
  });
});
