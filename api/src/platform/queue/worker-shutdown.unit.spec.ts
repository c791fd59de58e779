import { EventEmitter } from 'node:events';
import type { Worker } from 'bullmq';
import { JobsInFlight, within } from './worker-shutdown.js';

// The events JobsInFlight listens to, from a stand-in emitter: BullMQ emits 'active' per job taken and
// 'completed'/'failed' per outcome, and nothing for a job the processor moved back (DelayedError).
describe('JobsInFlight', () => {
  it('is idle once every job taken has completed, failed or stepped back to the queue', async () => {
    const events = new EventEmitter();
    const inFlight = new JobsInFlight(events as unknown as Worker);
    expect(await within(inFlight.idle(), 10)).toBe(true);
    for (let i = 0; i < 3; i++) events.emit('active');
    expect(inFlight.running).toBe(3);
    events.emit('completed');
    events.emit('failed');
    const idle = inFlight.idle();
    expect(await within(idle, 10)).toBe(false);
    inFlight.steppedBack();
    expect(await within(idle, 10)).toBe(true);
    expect(inFlight.running).toBe(0);
  });
});
