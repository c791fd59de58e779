import type { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../auth/graphql-context.js';
import type { DeliveryService, DeliveryView } from './delivery.service.js';

const depsBySchema = new WeakMap<GraphQLSchema, Pick<DeliveryService, 'delivery'>>();

export function registerDeliverySubscription(schema: GraphQLSchema, delivery: Pick<DeliveryService, 'delivery'>): void {
  depsBySchema.set(schema, delivery);
}

const POLL_MS = 400;

/**
 * `deliveryProgress`: the items' rows are written by whichever worker sends the file, so the
 * stream reads the delivery every POLL_MS and yields it when anything changed; the owner check
 * (404 for anyone else) happens before the first read.
 */
export async function subscribeToDelivery({ args, context, info }: { args: { deliveryId: string }; context: GraphQLContext; info: GraphQLResolveInfo }) {
  const deps = depsBySchema.get(info.schema);
  if (!deps) throw new Error('Subscription services are not registered for this schema');
  const user = requireUser(context);
  const first = await deps.delivery(user, args.deliveryId);
  return (async function* (): AsyncGenerator<DeliveryView> {
    let last = JSON.stringify(first);
    yield first;
    let current = first;
    while (!current.done) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      current = await deps.delivery(user, args.deliveryId);
      const key = JSON.stringify(current);
      if (key !== last) {
        last = key;
        yield current;
      }
    }
  })();
}
