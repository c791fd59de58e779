import { jest } from '@jest/globals';
import type { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import { deliveryStreamStats, registerDeliverySubscription, subscribeToDelivery } from './delivery-subscription.js';
import type { DeliveryView } from './delivery-views.js';

/**
 * `deliveryProgress` streams (issue 28 finding 8): a stream reads the delivery only when it is told
 * it changed, and once the consumer returns (a socket closing) no read runs for it again. Reads
 * are counted through the services the stream calls; time is jest's fake clock.
 */
const view = (n: number, done = false): DeliveryView =>
  ({
    id: 'd1',
    projectId: 'p1',
    override: false,
    resendOf: null,
    startedBy: null,
    startedByOwner: true,
    createdAt: new Date(0),
    connections: [],
    items: [{ n } as never],
    done,
  }) as DeliveryView;

function harness() {
  let n = 0;
  let doneAfter = Infinity;
  const reads = { count: 0 };
  const watchers = new Set<() => void>();
  const deps = {
    delivery: async () => {
      reads.count++;
      n++;
      return view(n, n >= doneAfter);
    },
    progress: {
      watch: (_id: string, fn: () => void) => {
        watchers.add(fn);
        return () => watchers.delete(fn);
      },
    },
  };
  const schema = {} as GraphQLSchema;
  registerDeliverySubscription(schema, deps as never);
  const open = async () =>
    (await subscribeToDelivery({
      args: { deliveryId: 'd1' },
      context: { user: { id: 'u1' } } as never,
      info: { schema } as GraphQLResolveInfo,
    })) as AsyncIterableIterator<DeliveryView>;
  return { reads, watchers, open, notify: () => [...watchers].forEach((fn) => fn()), finishAt: (k: number) => (doneAfter = k) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('deliveryProgress stream', () => {
  it('stops reading once returned, even while it waits: no read for a closed socket, however long', async () => {
    const h = harness();
    const openBefore = deliveryStreamStats.open;
    const it = await h.open();
    expect((await it.next()).value).toMatchObject({ items: [{ n: 1 }] });
    const pending = it.next();
    await it.return!();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
    const readsAtClose = h.reads.count;
    h.notify();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(h.reads.count).toBe(readsAtClose);
    expect(h.watchers.size).toBe(0);
    expect(deliveryStreamStats.open).toBe(openBefore);
  });

  it('reads when notified (not on a timer) and completes once the delivery is done', async () => {
    const h = harness();
    const it = await h.open();
    await it.next();
    const second = it.next();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(h.reads.count).toBe(1);
    h.notify();
    expect((await second).value).toMatchObject({ items: [{ n: 2 }] });
    expect(h.reads.count).toBe(2);
    h.finishAt(3);
    const third = it.next();
    h.notify();
    expect((await third).value).toMatchObject({ done: true });
    await expect(it.next()).resolves.toEqual({ done: true, value: undefined });
    expect(h.watchers.size).toBe(0);
  });
});
