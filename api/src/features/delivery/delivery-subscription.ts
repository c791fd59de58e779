import type { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { DeliveryService, DeliveryView } from './delivery.service.js';
import type { ProgressWatch } from './delivery-progress.js';

type SubscriptionDeps = Pick<DeliveryService, 'delivery'> & { progress: ProgressWatch };
const depsBySchema = new WeakMap<GraphQLSchema, SubscriptionDeps>();

export function registerDeliverySubscription(schema: GraphQLSchema, delivery: SubscriptionDeps): void {
  depsBySchema.set(schema, delivery);
}

/** A safety re-read while nothing is announced (a notification lost while the listener reconnected). */
const QUIET_REREAD_MS = 15_000;

/** Every stream's reads and how many are open: the hook the tests count through. */
export const deliveryStreamStats = { open: 0, reads: 0 };

/**
 * The delivery now, then again whenever it may have changed (a NOTIFY on its id, or once per
 * `quietMs` without one), yielded when something did; ends when the delivery is done or the consumer
 * returns (a graphql-ws client completing or its socket closing): the watch and the timer end at
 * once, a pending `next()` resolves as done, and no read runs afterwards.
 */
export function deliveryStream(
  first: DeliveryView,
  read: () => Promise<DeliveryView>,
  watch: (onChange: () => void) => () => void,
  quietMs = QUIET_REREAD_MS,
): AsyncIterableIterator<DeliveryView> {
  let ended = false;
  let started = false;
  let dirty = false;
  let last = JSON.stringify(first);
  let current = first;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  deliveryStreamStats.open++;
  const unwatch = watch(() => {
    dirty = true;
    wake?.();
  });
  const end = (): IteratorResult<DeliveryView> => {
    if (!ended) {
      ended = true;
      deliveryStreamStats.open--;
      unwatch();
      clearTimeout(timer);
      wake?.();
    }
    return { done: true, value: undefined };
  };
  const it: AsyncIterableIterator<DeliveryView> = {
    async next() {
      if (ended) return end();
      if (!started) {
        started = true;
        return { done: false, value: first };
      }
      for (;;) {
        if (current.done) return end();
        if (!dirty)
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, quietMs);
          });
        wake = undefined;
        clearTimeout(timer);
        if (ended) return end();
        dirty = false;
        deliveryStreamStats.reads++;
        current = await read();
        if (ended) return end();
        const key = JSON.stringify(current);
        if (key !== last) {
          last = key;
          return { done: false, value: current };
        }
      }
    },
    async return() {
      return end();
    },
    [Symbol.asyncIterator]() {
      return it;
    },
  };
  return it;
}

/**
 * `deliveryProgress`: the items' rows are written by whichever worker sends the file, and each
 * change is announced on PostgreSQL's delivery_progress channel (delivery-progress.ts); the owner
 * check (404 for anyone else) happens before the first read.
 */
export async function subscribeToDelivery({ args, context, info }: { args: { deliveryId: string }; context: GraphQLContext; info: GraphQLResolveInfo }) {
  const deps = depsBySchema.get(info.schema);
  if (!deps) throw new Error('Subscription services are not registered for this schema');
  const user = requireUser(context);
  const first = await deps.delivery(user, args.deliveryId);
  return deliveryStream(
    first,
    () => deps.delivery(user, first.id),
    (onChange) => deps.progress.watch(first.id, onChange),
  );
}
