/**
 * The water data as the pipeline reads it: built on a worker thread and adopted by this one; sea,
 * coast distance and inland water at known points; nothing for an invalid position.
 */
import { loadWaterData, waterDataStats, waterLookupOffThread, waterSample } from './water-data.js';
import { usStateAt } from './us-states.js';

describe('water data (OSM seas and inland water from @geo-maps)', () => {
  beforeAll(async () => {
    await loadWaterData();
  });

  it('is built on a thread once and shared by later loads', async () => {
    const first = waterDataStats();
    expect(first.seas?.vertices).toBeGreaterThan(1_000_000);
    expect(first.inland?.rings).toBeGreaterThan(100_000);
    expect(first.rivers?.rings).toBeGreaterThan(10_000);
    await loadWaterData();
    expect(waterDataStats().seas).toBe(first.seas);
  });

  it('tells sea from land and measures the coastline', async () => {
    // Camps Bay, Cape Town: the beach (on land, within ~200 m of the water) and the bay 300 m out.
    const beach = await waterLookupOffThread.sample(-33.951, 18.3775);
    expect(beach).toMatchObject({ sea: false, inlandWater: false });
    expect(beach!.coastM).toBeLessThan(400);
    const bay = waterSample(-33.951, 18.372);
    expect(bay!.sea).toBe(true);
    // 60 km off Cabo da Roca: at sea, no coast within the measured range.
    expect(waterSample(38.78, -10.2)).toMatchObject({ sea: true, coastM: null });
    // Monument Valley: dry land far from any water.
    expect(waterSample(36.998, -110.098)).toMatchObject({ sea: false, coastM: null, inlandWater: false });
  });

  it('finds inland water only where the data has a water body', () => {
    expect(waterSample(46.45, 6.55)).toMatchObject({ sea: false, inlandWater: true, river: false }); // Lake Geneva
    expect(waterSample(47.4963, 19.0465)).toMatchObject({ sea: false, inlandWater: false }); // the Danube in Budapest
  });

  it('calls a position inside a river area a river, never a lake', () => {
    // The Rhine at the Lorelei and the Thames at Westminster: river areas, not in the lakes layer.
    expect(waterSample(50.1395, 7.7295)).toMatchObject({ sea: false, inlandWater: true, river: true });
    expect(waterSample(51.5007, -0.12)).toMatchObject({ sea: false, inlandWater: true, river: true });
    // Dry land a few hundred metres from the Danube in Budapest: neither.
    expect(waterSample(47.4963, 19.0465)).toMatchObject({ river: false });
  });

  it('answers nothing for an invalid position', () => {
    expect(waterSample(Number.NaN, 0)).toBeNull();
    expect(waterSample(91, 0)).toBeNull();
    expect(waterSample(0, 181)).toBeNull();
  });
});

describe('US states by boundary (us-atlas)', () => {
  it('names the state across a line from the nearest town', () => {
    expect(usStateAt(44.525, -110.838)).toBe('Wyoming'); // Grand Prismatic Spring; West Yellowstone is in Montana
    expect(usStateAt(36.23, -116.83)).toBe('California'); // Death Valley, no town within 30 km
    expect(usStateAt(48.8566, 2.3522)).toBeNull();
  });
});
