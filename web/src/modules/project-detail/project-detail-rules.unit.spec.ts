import { describe, expect, it } from '@jest/globals';
import { countKeywords, duplicateKeywords, keywordCapProblem, parseKeywords, toProcessedResult } from './result-shape';
import { isProgressFinished, progressHeadline, setDisplayStatus } from './progress-rules';
import { osmEmbedUrl } from './map-embed';

describe('keywords (SPEC §5)', () => {
  it('splits on commas, trims, drops empties and never cuts: over 30 is named, not trimmed', () => {
    expect(parseKeywords(' aerial ,  drone,, ,sunset   coast ,')).toEqual(['aerial', 'drone', 'sunset coast']);
    const forty = Array.from({ length: 32 }, (_, i) => `k${i + 1}`).join(', ');
    expect(parseKeywords(forty)).toHaveLength(32);
    expect(countKeywords(forty)).toBe(32);
    expect(keywordCapProblem(32)).toBe('32 keywords: remove 2 (the limit is 30)');
    expect(keywordCapProblem(30)).toBeNull();
  });
  it('points out duplicates case- and plural-insensitively, naming the spelling each repeats', () => {
    expect(duplicateKeywords(['Boat', 'harbour', 'boats', 'Aerial views', 'aerial view', 'HARBOUR'])).toEqual([
      ['boats', 'Boat'],
      ['aerial view', 'Aerial views'],
      ['HARBOUR', 'harbour'],
    ]);
    expect(duplicateKeywords(['boat', 'boat trip'])).toEqual([]);
  });
});

describe('file set display status (SPEC §4)', () => {
  const job = (status: string, progress: number) => ({ id: 'j', fileSetId: 's', status, progress });
  it('shows the percent while processing and the final state after', () => {
    expect(setDisplayStatus(job('processing', 42.4), null, false)).toEqual({ status: 'processing', percent: 42 });
    expect(setDisplayStatus(job('pending', 0), null, false)).toEqual({ status: 'pending', percent: null });
    expect(setDisplayStatus(job('failed', 30), null, false)).toEqual({ status: 'failed', percent: null });
  });
  it('shows a completed set as completed even without job data', () => {
    expect(setDisplayStatus(undefined, 'completed', false).status).toBe('completed');
    expect(setDisplayStatus(undefined, null, true).status).toBe('completed');
    expect(setDisplayStatus(undefined, null, false).status).toBe('pending');
  });
});

describe('progress polling rules (SPEC §4)', () => {
  const p = (status: string, total: number, completed: number, failed: number) => ({ status, totalJobs: total, completedJobs: completed, failedJobs: failed });
  it('stops when completed, or when failures exist and completed + failed = total', () => {
    expect(isProgressFinished(p('completed', 2, 2, 0))).toBe(true);
    expect(isProgressFinished(p('processing', 3, 2, 1))).toBe(true);
    expect(isProgressFinished(p('processing', 3, 3, 0))).toBe(false);
    expect(isProgressFinished(p('processing', 3, 1, 1))).toBe(false);
  });
  it('reads the headline of SPEC §2', () => {
    expect(progressHeadline({ totalJobs: 0, completedJobs: 0, processingJobs: 0, jobs: [] })).toBe('Preparing to process...');
    expect(
      progressHeadline({ totalJobs: 5, completedJobs: 2, processingJobs: 1, jobs: [{ id: 'a', fileSetId: 'b', status: 'processing', progress: 10 }] }),
    ).toBe('Processing 2 of 5 file sets... (1 in progress)');
  });
});

describe('map preview (SPEC §9)', () => {
  it('boxes +/-0.01 degrees around the point and marks it', () => {
    const url = new URL(osmEmbedUrl(48.85837, 2.294481));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('bbox')).toBe('2.284481,48.848370,2.304481,48.868370');
    expect(url.searchParams.get('layer')).toBe('mapnik');
    expect(url.searchParams.get('marker')).toBe('48.85837,2.294481');
  });
});

describe('a missing or partial result is tolerated (SPEC §8)', () => {
  it('reads null as no result and fills gaps with empty values', () => {
    expect(toProcessedResult(null)).toBeNull();
    const r = toProcessedResult({ content: { title: 'Cliffs' }, metadata: { latitude: 1.5 } });
    expect(r?.content.keywords).toEqual([]);
    expect(r?.metadata).toEqual({ latitude: 1.5, longitude: null, city: null, country: null });
    expect(r?.content.categories.adobe_category).toBeNull();
  });
});
