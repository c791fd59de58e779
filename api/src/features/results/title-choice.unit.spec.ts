/**
 * Unique titles within a project (issue 21 item 2): by a real difference between clips when there is
 * one, else by a natural ordinal phrase; never a file name, never padding, always within every
 * agency's limits (Adobe <= 70 characters and no commas, Pond5 40-80 characters, Shutterstock >= 5 words).
 */
import { flightGrid } from '../../analysis/quality/flight-grid.js';
import { offlineMetadata } from '../../analysis/metadata/offline.js';
import { titleProblems } from '../../analysis/metadata/titles.js';
import type { ClipFacts } from '../../analysis/metadata/types.js';
import { chooseTitle, ordinalWord } from './title-choice.js';

/** Titles for a project, in order, as the pipeline's save chooses them. */
function projectTitles(sets: readonly ClipFacts[]): string[] {
  const used = new Set<string>();
  return sets.map((f) => {
    const t = chooseTitle(offlineMetadata(f).titleCandidates, used, f.baseName, `id-${f.ordinal}`);
    used.add(t.toLowerCase());
    return t;
  });
}

function expectAgencyReady(titles: readonly string[], sets: readonly ClipFacts[]): void {
  expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
  const bad = titles.flatMap((t) => titleProblems(t).map((p) => `"${t}": ${p}`));
  expect(bad).toEqual([]);
  for (const [i, t] of titles.entries()) {
    expect(t).not.toContain(sets[i]!.baseName);
    expect(t).not.toMatch(/[(),]|DJI_|\bid-/);
    // Pond5 also wants 40-80 characters: within 40-70 by construction.
    expect([...t].length).toBeGreaterThanOrEqual(40);
  }
}

it('ordinals in words', () => {
  expect([2, 3, 4, 5, 8, 9, 12, 20, 21, 42, 99, 100, 101, 112].map(ordinalWord)).toEqual([
    'second',
    'third',
    'fourth',
    'fifth',
    'eighth',
    'ninth',
    'twelfth',
    'twentieth',
    'twenty-first',
    'forty-second',
    'ninety-ninth',
    'one hundredth',
    'one hundred and first',
    'one hundred and twelfth',
  ]);
});

describe('a generated project of 100 sets', () => {
  const grid = flightGrid();

  it('where nothing differs between the clips: 100 unique titles, the second onward by take in words', () => {
    // The longest-titled flight of the grid, a hundred times: the hardest case for the 70 characters.
    const longest = grid.map((g) => g.facts).sort((a, b) => offlineMetadata(b).titleCandidates[0]!.length - offlineMetadata(a).titleCandidates[0]!.length)[0]!;
    const only = {
      ...longest,
      summary: { ...longest.summary, localStart: null, netHeading: null, initialHeading: null },
      motion: null,
      scene: null,
      image: null,
    };
    const sets = Array.from({ length: 100 }, (_, i) => ({ ...only, ordinal: i + 1, baseName: `DJI_${String(i + 1).padStart(4, '0')}` }));
    const titles = projectTitles(sets);
    expectAgencyReady(titles, sets);
    const firstFree = offlineMetadata(sets[0]!).titleCandidates.length;
    expect(titles[firstFree]).toMatch(/ in a second take$/);
    expect(titles[99]).toMatch(/ in an? \d+(st|nd|rd|th) take$/);
    expect(titles.join('\n')).toMatch(/ in an 11th take$/m);
  });

  it('of one place and one kind of flight at different times and heights: unique by real differences', () => {
    const base = grid.find((g) => g.label === 'flyover/day/urban/city')!.facts;
    const sets: ClipFacts[] = Array.from({ length: 100 }, (_, i) => {
      const hour = 6 + (i % 16);
      const height = 15 + (i % 7) * 20;
      return {
        ...base,
        ordinal: i + 1,
        baseName: `DJI_${String(i + 1).padStart(4, '0')}`,
        summary: { ...base.summary, localStart: `2024-06-01T${String(hour).padStart(2, '0')}:00:00`, netHeading: (i * 37) % 360, altitudeMedian: height },
      };
    });
    const titles = projectTitles(sets);
    expectAgencyReady(titles, sets);
    // Most titles differ by a fact (time of day, heading, height); takes only once those run out.
    expect(titles.filter((t) => / take$/.test(t)).length).toBeLessThan(50);
  });

  it('over 100 varied flights of the grid, every title differs without a take', () => {
    const sets = grid
      .filter((_, i) => i % Math.floor(grid.length / 100) === 0)
      .slice(0, 100)
      .map((g) => g.facts);
    expect(sets).toHaveLength(100);
    const titles = projectTitles(sets);
    expectAgencyReady(titles, sets);
    expect(titles.filter((t) => / take$/.test(t)).length).toBeLessThanOrEqual(5);
  });
});
