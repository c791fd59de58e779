/**
 * City names as English writes them: romanizations without their marks, a Latin-script city's own
 * name kept unless English has one of its own; through the gazetteer too (reverse-geocode.ts).
 */
import { englishCityName } from './city-names.js';
import { reverseGeocode } from './reverse-geocode.js';

/** [GeoNames name, country, as English writes it]. */
const expectNames = (rows: ReadonlyArray<readonly [string, string, string]>) => {
  for (const [name, country, english] of rows) expect([name, englishCityName(name, country)]).toEqual([name, english]);
};

it('drops the marks of a romanization from another script (India, Iran, Japan, Russia, Egypt, Vietnam)', () => {
  expectNames([
    ['Allahābād', 'IN', 'Allahabad'],
    ['Hamadān', 'IR', 'Hamadan'],
    ['Hachiōji', 'JP', 'Hachioji'],
    ['Ryazan’', 'RU', 'Ryazan'],
    ['Orël', 'RU', 'Orel'],
    ['Al Maḩallah al Kubrá', 'EG', 'Al Mahallah al Kubra'],
    ['Ðà Lạt', 'VN', 'Da Lat'],
    ['Thessaloníki', 'GR', 'Thessaloniki'],
    // A Chinese syllable break stays, as English writes it
    ['Xi’an', 'CN', "Xi'an"],
    ['Ürümqi', 'CN', 'Urumqi'],
  ]);
});

it("keeps a Latin-script city's own name, unless English has its own", () => {
  expectNames([
    ['São Paulo', 'BR', 'São Paulo'],
    ['Málaga', 'ES', 'Málaga'],
    ['Łódź', 'PL', 'Łódź'],
    ['İzmir', 'TR', 'İzmir'],
    ['Córdoba', 'AR', 'Córdoba'],
    ['Munich', 'DE', 'Munich'],
    ['Köln', 'DE', 'Cologne'],
    ['Sevilla', 'ES', 'Seville'],
    ['Genève', 'CH', 'Geneva'],
    ['Göteborg', 'SE', 'Gothenburg'],
    // Keyed by country: another country's place of that name is its own
    ['Gent', 'NL', 'Gent'],
  ]);
});

it('names the cities the gazetteer returns the English way', () => {
  expect(reverseGeocode(50.9413, 6.9583).city).toBe('Cologne'); // the cathedral
  expect(reverseGeocode(37.386, -5.9926).city).toBe('Seville'); // the cathedral
  expect(reverseGeocode(25.4358, 81.8463).city).toBe('Allahabad'); // Prayagraj
  expect(reverseGeocode(34.9858, 135.7588).city).toBe('Kyoto');
});
