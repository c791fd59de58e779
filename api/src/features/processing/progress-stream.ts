/**
 * The `projectProgress` subscription's source: the current state first, then a fresh state on
 * every change (re-read from the job rows, so it is the same figure REST answers), and the end
 * when the run is over (after its final state). Bursts of notifications are coalesced.
 */
import type { ProgressListener } from './progress-listener.js';
import type { ProjectProgress } from './progress.js';

/** Minimum time between two emitted states. */
const COALESCE_MS = 60;

export async function progressStream(
  read: () => Promise<ProjectProgress>,
  listener: Pick<ProgressListener, 'subscribe'>,
  projectId: string,
): Promise<AsyncIterableIterator<ProjectProgress>> {
  let dirty = true;
  let done = false;
  let wake: (() => void) | null = null;
  let last = '';
  const unsubscribe = await listener.subscribe(projectId, () => {
    dirty = true;
    wake?.();
  });
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    wake?.();
  };

  const next = async (): Promise<IteratorResult<ProjectProgress>> => {
    for (;;) {
      if (done) return { done: true, value: undefined };
      if (!dirty) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (done) return { done: true, value: undefined };
      dirty = false;
      const state = await read();
      const key = JSON.stringify(state);
      const over = state.runStatus !== 'running';
      if (over) finish();
      if (key !== last) {
        last = key;
        if (!over) await new Promise((r) => setTimeout(r, COALESCE_MS));
        return { done: false, value: state };
      }
      if (over) return { done: true, value: undefined };
    }
  };

  let ended = false;
  const iterator: AsyncIterableIterator<ProjectProgress> = {
    next: async () => {
      if (ended) return { done: true, value: undefined };
      const r = await next();
      // The final state is delivered; the following call completes the stream.
      if (done && !r.done) {
        ended = true;
        return r;
      }
      return r;
    },
    return: async () => {
      finish();
      ended = true;
      return { done: true, value: undefined };
    },
    throw: async (err) => {
      finish();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
