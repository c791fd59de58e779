import { haversineM } from '../telemetry/geo.js';
import { placeIndexStats, reverseGeocode, warmPlaceIndex } from './reverse-geocode.js';

describe('reverseGeocode', () => {
  it('central Paris (Notre-Dame) is Paris', () => {
    expect(reverseGeocode(48.853, 2.3499)).toEqual({
      city: 'Paris',
      country: 'France',
      countryCode: 'FR',
      region: null,
    });
  });

  it('Paris, not Neuilly-sur-Seine, at the Arc de Triomphe - although Neuilly is the nearest place point', () => {
    const arc = { lat: 48.8738, lon: 2.295 };
    // GeoNames points: Paris 48.85341, 2.3488; Neuilly-sur-Seine 48.8846, 2.26965.
    const toParis = haversineM(arc.lat, arc.lon, 48.85341, 2.3488);
    const toNeuilly = haversineM(arc.lat, arc.lon, 48.8846, 2.26965);
    expect(toNeuilly).toBeLessThan(toParis); // a nearest-place lookup would say Neuilly
    expect(reverseGeocode(arc.lat, arc.lon).city).toBe('Paris');
  });

  it('a city section (PPLX) is never the answer: Prague, not Liben', () => {
    // 50.1065, 14.4760 is in Liben (a PPLX 1.5 km away in the data); Prague's point is ~5 km.
    expect(reverseGeocode(50.1065, 14.476).city).toBe('Prague');
  });

  it('mid-Atlantic: country null (and everything else)', () => {
    expect(reverseGeocode(35, -40)).toEqual({ city: null, country: null, countryCode: null, region: null });
  });

  it('0,0 (DJI no-fix marker) and invalid input give nulls', () => {
    for (const [lat, lon] of [
      [0, 0],
      [NaN, 1],
      [91, 0],
      [0, 181],
    ] as const) {
      expect(reverseGeocode(lat, lon)).toEqual({ city: null, country: null, countryCode: null, region: null });
    }
  });

  it('regions: US state, constituent country, ISO-coded territory', () => {
    expect(reverseGeocode(21.307, -157.858)).toMatchObject({ city: 'Honolulu', countryCode: 'US', region: 'Hawaii' });
    expect(reverseGeocode(55.953, -3.189)).toMatchObject({ city: 'Edinburgh', countryCode: 'GB', region: 'Scotland' });
    expect(reverseGeocode(18.466, -66.106)).toMatchObject({ city: 'San Juan', country: 'Puerto Rico', countryCode: 'PR' });
  });

  it('stays in the country of the point near a border (Kehl, Germany - not Strasbourg)', () => {
    // Kehl town centre, right bank of the Rhine; Strasbourg (FR, ~280k) is 3-4 km west.
    const p = reverseGeocode(48.5723, 7.8153);
    expect(p.countryCode).toBe('DE');
    expect(p.city).toBe('Kehl');
  });

  it('crosses the antimeridian (Fiji, Taveuni at 179.9 W / E)', () => {
    const p = reverseGeocode(-16.8, -179.95);
    expect(p.countryCode).toBe('FJ');
  });

  // Lookup speed is measured in bench/, never asserted here (timings depend on the machine's load).
  it('builds the index once, without city sections', () => {
    const st = warmPlaceIndex();
    expect(placeIndexStats()).toBe(st);
    expect(st.sourceRows).toBeGreaterThan(130_000);
    expect(st.indexedRows).toBeLessThan(st.sourceRows); // PPLX & co dropped
    for (let i = 0; i < 50; i++) reverseGeocode(40 + (i % 20) * 0.5, -5 + (i % 37) * 0.5);
    expect(placeIndexStats()).toBe(st); // lookups reuse the one index
  });
});
