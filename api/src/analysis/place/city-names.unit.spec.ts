/**
 * City names as English writes them: romanizations without their marks, a Latin-script city's own
 * name kept unless English has one of its own; through the gazetteer too (reverse-geocode.ts).
 */
import { englishCityName } from './city-names.js';
import { reverseGeocode } from './reverse-geocode.js';

it('drops the marks of a romanization from another script (India, Iran, Japan, Russia, Egypt, Vietnam)', () => {
  expect(englishCityName('Allahābād', 'IN')).toBe('Allahabad');
  expect(englishCityName('Hamadān', 'IR')).toBe('Hamadan');
  expect(englishCityName('Hachiōji', 'JP')).toBe('Hachioji');
  expect(englishCityName('Ryazan’', 'RU')).toBe('Ryazan');
  expect(englishCityName('Orël', 'RU')).toBe('Orel');
  expect(englishCityName('Al Maḩallah al Kubrá', 'EG')).toBe('Al Mahallah al Kubra');
  expect(englishCityName('Ðà Lạt', 'VN')).toBe('Da Lat');
  expect(englishCityName('Thessaloníki', 'GR')).toBe('Thessaloniki');
  // A Chinese syllable break stays, as English writes it
  expect(englishCityName('Xi’an', 'CN')).toBe("Xi'an");
  expect(englishCityName('Ürümqi', 'CN')).toBe('Urumqi');
});

it("keeps a Latin-script city's own name, unless English has its own", () => {
  for (const [name, country] of [
    ['São Paulo', 'BR'],
    ['Málaga', 'ES'],
    ['Łódź', 'PL'],
    ['İzmir', 'TR'],
    ['Córdoba', 'AR'],
    ['Munich', 'DE'],
  ] as const)
    expect(englishCityName(name, country)).toBe(name);
  expect(englishCityName('Köln', 'DE')).toBe('Cologne');
  expect(englishCityName('Sevilla', 'ES')).toBe('Seville');
  expect(englishCityName('Genève', 'CH')).toBe('Geneva');
  expect(englishCityName('Göteborg', 'SE')).toBe('Gothenburg');
  // Keyed by country: another country's place of that name is its own
  expect(englishCityName('Gent', 'NL')).toBe('Gent');
});

it('names the cities the gazetteer returns the English way', () => {
  expect(reverseGeocode(50.9413, 6.9583).city).toBe('Cologne'); // the cathedral
  expect(reverseGeocode(37.386, -5.9926).city).toBe('Seville'); // the cathedral
  expect(reverseGeocode(25.4358, 81.8463).city).toBe('Allahabad'); // Prayagraj
  expect(reverseGeocode(34.9858, 135.7588).city).toBe('Kyoto');
});
