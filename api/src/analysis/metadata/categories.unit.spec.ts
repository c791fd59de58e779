/**
 * Categories for roads and landmarks (issue 21 item 1), chosen per clip and only with their signal:
 * a road from the pictures (a long straight asphalt strip, image-analysis.ts), a landmark from an orbit
 * around built structures. On the real .SRT fixtures (no pictures: neither is ever asserted; with a
 * generated road picture: a road) and on the generated grid of flights (every category with its reason).
 */
import { ROAD_STRIP_THRESHOLD } from '../../adapters/media-tools/image-analysis.js';
import { flightGrid, SCENES } from '../quality/flight-grid.js';
import { fixtureNames } from '../test-support/fixtures.js';
import { fixtureFacts } from '../../features/processing/test-support/fixture-facts.js';
import { LANDMARK_MIN_BUILT } from './category-choice.js';
import { offlineMetadata } from './offline.js';
import type { GeneratedMetadata } from './types.js';

const cats = (g: GeneratedMetadata) => {
  const c = g.result.content.categories;
  return [c.adobe_category, c.shutterstock_a_category, c.shutterstock_b_category];
};
const saysRoad = (g: GeneratedMetadata) => cats(g).some((c) => c === 'Transport' || c === 'Transportation');
const saysLandmark = (g: GeneratedMetadata) => /landmark:/.test(g.reasons!.categories);

describe('roads and landmarks on the real fixtures', () => {
  const names = fixtureNames();

  it('without pictures, no fixture gets a road or a landmark', () => {
    for (const n of names) {
      const g = offlineMetadata(fixtureFacts(n));
      expect([n, saysRoad(g), saysLandmark(g)]).toEqual([n, false, false]);
      expect(g.result.content.keywords).not.toEqual(expect.arrayContaining(['road']));
    }
  });

  it('with a road in the pictures, a fixture on land gets Transport with the road named in the reason', () => {
    let onLand = 0;
    for (const n of names) {
      const f = { ...fixtureFacts(n), scene: SCENES.road!, image: SCENES.road! };
      const g = offlineMetadata(f);
      if (f.place && f.place.country === null) {
        expect(saysRoad(g)).toBe(false); // at sea a grey strip is not a road
        continue;
      }
      onLand++;
      expect(saysRoad(g)).toBe(true);
      expect(g.reasons!.categories).toMatch(/road: a long straight asphalt strip .* \(score 0\.72\)/);
      expect(g.result.content.keywords).toContain('road');
    }
    expect(onLand).toBeGreaterThan(5);
  });

  it('with the same picture but a road score just under the threshold, none', () => {
    for (const n of names) {
      const sc = { ...SCENES.road!, roadStrip: ROAD_STRIP_THRESHOLD - 0.01 };
      expect(saysRoad(offlineMetadata({ ...fixtureFacts(n), scene: sc, image: sc }))).toBe(false);
    }
  });
});

describe('roads and landmarks on the generated grid', () => {
  const grid = flightGrid().map(({ label, facts }) => ({ label, facts, g: offlineMetadata(facts) }));

  it('a road category exactly when the pictures show a road (not at sea)', () => {
    let roads = 0;
    for (const { label, facts, g } of grid) {
      const signal = (facts.scene?.roadStrip ?? 0) >= ROAD_STRIP_THRESHOLD && !(facts.place && facts.place.country === null);
      expect([label, saysRoad(g)]).toEqual([label, signal]);
      if (signal) {
        roads++;
        expect(g.reasons!.categories).toMatch(/road: /);
      }
    }
    expect(roads).toBeGreaterThan(50);
  });

  it('a landmark exactly when the drone orbits over built structures; open country with a road leads with Transport', () => {
    let landmarks = 0;
    for (const { label, facts, g } of grid) {
      const signal = facts.shotTypes.orbit && (facts.scene?.bottom.builtOrBare ?? 0) >= LANDMARK_MIN_BUILT && !!facts.place && facts.place.country !== null;
      expect([label, saysLandmark(g)]).toEqual([label, signal]);
      if (signal) {
        landmarks++;
        expect(cats(g).slice(0, 2)).toEqual(['Buildings and Architecture', 'Buildings/Landmarks']);
        expect(g.result.content.keywords).toContain('landmark');
      }
    }
    expect(landmarks).toBeGreaterThan(5);
    const roadInFields = grid.find(({ label }) => label === 'hover/day/rural/road')!;
    expect(cats(roadInFields.g)).toEqual(['Transport', 'Transportation', 'Nature']);
  });
});
