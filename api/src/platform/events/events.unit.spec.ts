import { EventBus } from './events.js';

function newBus() {
  const logged: unknown[] = [];
  const counted: unknown[] = [];
  const bus = new EventBus({ error: (obj: unknown) => void logged.push(obj) } as never, (labels) => void counted.push(labels));
  return { bus, logged, counted };
}

describe('the event bus', () => {
  it('runs the listeners of an event one after another, awaited, in subscription order, with its payload', async () => {
    const { bus } = newBus();
    const seen: string[] = [];
    bus.on('fileSet.filesRecorded', 'first', async ({ projectId }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`first ${projectId}`);
    });
    bus.on('fileSet.filesRecorded', 'second', ({ projectId }) => void seen.push(`second ${projectId}`));
    bus.on('user.registered', 'other event', () => void seen.push('other'));
    await bus.emit('fileSet.filesRecorded', { projectId: 'p1' });
    expect(seen).toEqual(['first p1', 'second p1']);
  });

  it('an event nobody listens to is a no-op', async () => {
    const { bus } = newBus();
    await expect(bus.emit('project.deletedForGood', { projectIds: ['p1'] })).resolves.toBeUndefined();
  });

  it('a failing listener is logged and counted with the event and listener names, and its error reaches the emitter; later listeners do not run', async () => {
    const { bus, logged, counted } = newBus();
    const seen: string[] = [];
    const boom = new Error('ledger down');
    bus.on('user.registered', 'credits.onboard', () => {
      throw boom;
    });
    bus.on('user.registered', 'after', () => void seen.push('after'));
    await expect(bus.emit('user.registered', { userId: 'u1' })).rejects.toBe(boom);
    expect(seen).toEqual([]);
    expect(counted).toEqual([{ event: 'user.registered', listener: 'credits.onboard' }]);
    expect(logged).toEqual([expect.objectContaining({ err: boom, event: 'user.registered', listener: 'credits.onboard' })]);
  });

  it('a rejected promise counts as a failure too', async () => {
    const { bus, counted } = newBus();
    bus.on('project.deletedForGood', 'fileSets.sweepDeletedFiles', async () => Promise.reject(new Error('disk')));
    await expect(bus.emit('project.deletedForGood', { projectIds: ['p1'] })).rejects.toThrow('disk');
    expect(counted).toHaveLength(1);
  });
});
