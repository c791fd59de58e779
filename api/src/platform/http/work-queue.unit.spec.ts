/**
 * Issue 28: expensive work (image decodes, track reads) runs on a bounded queue: never more than
 * `concurrency` at once, never more than `maxQueued` waiting; one more is refused at once (503).
 */
import { AppError } from '../errors/app-error.js';
import { WorkQueue } from './work-queue.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

it('runs at most `concurrency` jobs at once, queues `maxQueued`, refuses the rest with 503 and Retry-After', async () => {
  const q = new WorkQueue({ name: 'Decoding', concurrency: 2, maxQueued: 3, settings: 'X=2, Y=3' });
  let running = 0;
  let most = 0;
  const gates = Array.from({ length: 10 }, gate);
  const outcomes = gates.map((g, i) =>
    q
      .run(async () => {
        running++;
        most = Math.max(most, running);
        await g.opened;
        running--;
        return i;
      })
      .then(
        (v) => ({ ok: v }),
        (e: unknown) => ({ err: e }),
      ),
  );
  await new Promise((r) => setImmediate(r));
  expect(q.stats).toMatchObject({ active: 2, queued: 3, refused: 5, started: 2 });
  for (const g of gates) g.open();
  const done = await Promise.all(outcomes);
  expect(done.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((ok) => ({ ok })));
  for (const d of done.slice(5)) {
    const err = (d as { err: AppError }).err;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(503);
    expect(err.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.message).toMatch(/^Decoding is busy: 2 running and 3 waiting, the most this server allows \(X=2, Y=3\)/);
  }
  expect(most).toBe(2);
  expect(q.stats.peak).toBe(2);
  expect(q.stats).toMatchObject({ active: 0, queued: 0, started: 5 });
});

it('drops a waiting job whose caller went away, without running it; a failing job frees its place', async () => {
  const q = new WorkQueue({ name: 'Reading', concurrency: 1, maxQueued: 5, settings: 'X=1' });
  const g = gate();
  const first = q.run(() => g.opened.then(() => Promise.reject(new Error('broken'))));
  const abort = new AbortController();
  let ran = false;
  const gone = q.run(async () => {
    ran = true;
  }, abort.signal);
  const third = q.run(async () => 'third');
  abort.abort(new Error('client gone'));
  await expect(gone).rejects.toThrow('client gone');
  expect(q.stats.queued).toBe(1);
  g.open();
  await expect(first).rejects.toThrow('broken');
  await expect(third).resolves.toBe('third');
  expect(ran).toBe(false);
  expect(q.stats.peak).toBe(1);
});
