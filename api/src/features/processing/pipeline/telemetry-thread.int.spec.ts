/**
 * The telemetry threads are kept for the next sets: reads one after another use one thread, reads at
 * once at most TELEMETRY_THREADS, and a file that is gone fails its own read only (the thread
 * answers the next).
 */
import path from 'node:path';
import { factsOfFile } from './telemetry-facts.js';
import { telemetryFactsOnThread, telemetryThreads } from './telemetry-thread.js';

const FIXTURES = path.join(import.meta.dirname, '../../../../test/fixtures/srt');
const files = ['JuanIrache__DJI_SRT_Parser__air2s.srt', 'CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT', 'JuanIrache__DJI_SRT_Parser__mavic_air.SRT'].map((f) =>
  path.join(FIXTURES, f),
);

afterAll(() => telemetryThreads().close());

it('reads one file after another on one kept thread, with the facts the main thread would find', async () => {
  const pool = telemetryThreads();
  for (const f of [...files, ...files]) expect(await telemetryFactsOnThread(f)).toEqual(await factsOfFile(f));
  expect(pool.threads).toBe(1);
  expect(pool.peakThreads).toBe(1);
});

it('reads at once on at most two threads, and a missing file fails alone', async () => {
  const pool = telemetryThreads();
  const all = await Promise.allSettled([...files, path.join(FIXTURES, 'no-such.srt'), ...files].map((f) => telemetryFactsOnThread(f)));
  expect(all.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  expect((all[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'ENOENT' });
  expect(pool.peakThreads).toBe(2);
  expect(pool.queue.stats.peak).toBe(2);
  expect((await telemetryFactsOnThread(files[0]!)).summary).toEqual((await factsOfFile(files[0]!)).summary);
});
