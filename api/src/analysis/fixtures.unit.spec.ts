/**
 * Every real DJI .SRT fixture (api/test/fixtures/srt, see SOURCES.md) through the parser, the track
 * summary and the reverse geocoder. The expected first fix of each file is copied BY HAND from the file
 * (the source line is quoted next to it); the expected place comes from knowing where those
 * coordinates are, not from running the code. Entry counts are SOURCES.md's.
 */
import { parseDjiSrt, reverseGeocode, summarizeTrack } from './index.js';
import { fixtureNames, readFixture } from './test-support/fixtures.js';
import { EXPECTED } from './test-support/fixture-expectations.js';

describe('DJI SRT fixtures', () => {
  it('has an expectation for every fixture file', () => {
    expect(fixtureNames()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(Object.entries(EXPECTED))('%s', (name, exp) => {
    const text = readFixture(name);

    it('parses without throwing, one sample per entry', () => {
      const t = parseDjiSrt(text);
      expect(t.samples).toHaveLength(exp.entries);
      expect(t.format).not.toBe('unknown');
    });

    it('reports the hand-read first fix (or no GPS)', () => {
      const s = summarizeTrack(parseDjiSrt(text));
      if (exp.firstFix === null) {
        expect(s.hasGps).toBe(false);
        expect(s.firstFix).toBeNull();
        return;
      }
      expect(s.hasGps).toBe(true);
      expect(s.firstFix).not.toBeNull();
      expect(s.firstFix!.lat).toBeCloseTo(exp.firstFix.lat, 6);
      expect(s.firstFix!.lon).toBeCloseTo(exp.firstFix.lon, 6);
    });

    if (exp.firstFix) {
      const fix = exp.firstFix;
      it('names the place', () => {
        const p = reverseGeocode(fix.lat, fix.lon);
        expect(p.countryCode).toBe(exp.countryCode);
        expect(p.country).toBe(exp.country);
        if (exp.city !== undefined) expect(p.city).toBe(exp.city);
        if (exp.region !== undefined) expect(p.region).toBe(exp.region);
      });
    }
  });
});
