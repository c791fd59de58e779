import { describe, expect, it } from '@jest/globals';
import { nearLongitude, scaleLength, seriesPath, unwrapLongitudes, valueRange } from './track-geometry';

describe('flight map and chart helpers', () => {
  it('unwraps a track across the antimeridian both ways', () => {
    const east = unwrapLongitudes([179.9, 179.99, -179.98, -179.9].map((longitude) => ({ latitude: 0, longitude })));
    expect(east.map((p) => Number(p.longitude.toFixed(2)))).toEqual([179.9, 179.99, 180.02, 180.1]);
    const west = unwrapLongitudes([-179.9, 179.9].map((longitude) => ({ latitude: 0, longitude })));
    expect(west.map((p) => Number(p.longitude.toFixed(2)))).toEqual([-179.9, -180.1]);
    expect(nearLongitude(-179.95, 180.02)).toBeCloseTo(180.05);
  });

  it('picks a round scale length', () => {
    expect(scaleLength(730)).toEqual({ metres: 500, label: '500 m' });
    expect(scaleLength(2400)).toEqual({ metres: 2000, label: '2 km' });
    expect(scaleLength(19)).toEqual({ metres: 10, label: '10 m' });
  });

  it('draws series with gaps and a non-empty range', () => {
    const d = seriesPath(
      [
        { t: 0, value: 0 },
        { t: 5, value: null },
        { t: 10, value: 10 },
      ],
      { width: 100, height: 50, t0: 0, t1: 10, lo: 0, hi: 10 },
    );
    expect(d).toBe('M0.0,50.0M100.0,0.0');
    expect(valueRange([3, 3])).toEqual([2.42, 3.58]);
    expect(valueRange([null])).toBeNull();
  });
});
