/**
 * The held-out reading check (issue 32 item 5): generated flights over real places of every kind
 * through the telemetry, place and water stages and the offline wording; title, description and
 * keywords must carry the words a buyer searches there and none of the wrong ones. The second list
 * is kept apart from the first (the rules were not tuned on it) and runs here too.
 */
import { NAMED_PLACES } from '../../../adapters/place-data/named-places.js';
import { readPlace, type ReadingPlace } from './place-reading.js';
import { HELD_OUT_PLACES } from './reading-places-held-out.js';
import { READING_PLACES } from './reading-places.js';
import { UNLISTED_PLACES } from './reading-places-unlisted.js';

const KINDS = ['sea', 'coast', 'beach', 'lake', 'river', 'fjord', 'desert', 'mountain', 'city', 'village', 'national park', 'landmark'];

async function check(p: ReadingPlace, i: number) {
  const o = await readPlace(p, i + 1);
  const why = `${p.name}:\n${o.text}\nplace line: ${o.placeLine}; water: ${o.water}`;
  expect({ missing: o.missing, forbidden: o.forbidden, why: o.missing.length || o.forbidden.length ? why : '' }).toEqual({
    missing: [],
    forbidden: [],
    why: '',
  });
  expect({ water: o.water, name: p.name }).toEqual({ water: p.water, name: p.name });
  expect({ placeLine: o.placeLine, right: o.placeLineRight }).toEqual({ placeLine: o.placeLine, right: true });
  expect({ feature: p.feature ?? null, right: o.featureRight }).toEqual({ feature: p.feature ?? null, right: true });
}

describe('reading check: the places the wording was developed on', () => {
  it('has at least 30 places covering every kind of place', () => {
    expect(READING_PLACES.length).toBeGreaterThanOrEqual(30);
    expect(KINDS.filter((k) => !READING_PLACES.some((p) => p.kind === k || (k === 'coast' && p.kind === 'cliffs')))).toEqual([]);
  });
  it.each(READING_PLACES.map((p, i) => [p.name, p, i] as const))('%s', (_name, p, i) => check(p, i));
});

describe('reading check: the held-out places (kept apart from the rules)', () => {
  it('shares no place with the first list', () => {
    const first = new Set(READING_PLACES.map((p) => `${p.lat},${p.lon}`));
    expect(HELD_OUT_PLACES.filter((p) => first.has(`${p.lat},${p.lon}`))).toEqual([]);
    expect(HELD_OUT_PLACES.length).toBeGreaterThanOrEqual(15);
  });
  it.each(HELD_OUT_PLACES.map((p, i) => [p.name, p, i] as const))('%s', (_name, p, i) => check(p, i));
});

describe('reading check: well-known places not in the named-places table (no name, and no wrong one)', () => {
  const tableNames = new Set(NAMED_PLACES.map((n) => n.name));
  it('shares no place with the other lists and none is in the table', () => {
    const others = new Set([...READING_PLACES, ...HELD_OUT_PLACES].map((p) => `${p.lat},${p.lon}`));
    expect(UNLISTED_PLACES.filter((p) => others.has(`${p.lat},${p.lon}`))).toEqual([]);
    expect(UNLISTED_PLACES.filter((p) => tableNames.has(p.name))).toEqual([]);
    expect(UNLISTED_PLACES.length).toBeGreaterThanOrEqual(10);
  });
  it.each(UNLISTED_PLACES.map((p, i) => [p.name, p, i] as const))('%s', async (_name, p, i) => {
    await check(p, i);
    // Only what the data names (a sea, an ocean): nothing from the table of famous places.
    const o = await readPlace(p, i + 1);
    expect(o.features.filter((f) => tableNames.has(f))).toEqual([]);
  });
});
