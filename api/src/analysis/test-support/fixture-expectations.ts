/**
 * Hand-read expectations for every real DJI .SRT fixture (api/test/fixtures/srt, see SOURCES.md),
 * shared by the analysis specs and the processing pipeline's telemetry+place stage spec. Each value
 * is copied BY HAND from the file (the source line is quoted next to it) or from knowing where the
 * coordinates are, never from running the code.
 */
export interface Expected {
  /** Subtitle entries in the file (SOURCES.md, "Entries"). */
  entries: number;
  /** First valid fix, from the quoted line; null for files without GPS. */
  firstFix: { lat: number; lon: number } | null;
  /** The line the first fix was read from. */
  source?: string;
  countryCode?: string | null;
  country?: string | null;
  /** undefined: not asserted (no single sensible answer); null: no city expected. */
  city?: string | null;
  region?: string | null;
  /** The drone's local wall-clock start to the second (YYYY-MM-DDTHH:mm:ss), from the first entry's date line; null without dates. */
  localStart?: string | null;
}

export const EXPECTED: Record<string, Expected> = {
  'CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT': {
    localStart: '2026-05-27T13:14:22', // '2026-05-27 13:14:22.911'
    entries: 5,
    source: '[latitude: 53.365108] [longitude: 6.460719] [rel_alt: 6.000 abs_alt: -122.769]',
    firstFix: { lat: 53.365108, lon: 6.460719 },
    // Groningen province countryside, ~18 km north of Groningen city: the country is certain, the
    // "city" is a judgement call, so it is not asserted.
    countryCode: 'NL',
    country: 'Netherlands',
  },
  'CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT': {
    localStart: '2026-05-31T16:15:29', // '2026-05-31 16:15:29.797'
    entries: 6,
    // Entries 1-3 are `[latitude: 0.000000] [longitude: 0.000000]` (before GPS lock); entry 4 is the first fix.
    source: 'entry 4: [latitude: 32.848932] [longitude: -84.861966] [rel_alt: 0.400 abs_alt: 269.099]',
    firstFix: { lat: 32.848932, lon: -84.861966 },
    // Pine Mountain, Georgia (Callaway Gardens), ~2 km away; LaGrange and Columbus are 26+ km off.
    countryCode: 'US',
    country: 'United States',
    city: 'Pine Mountain',
    region: 'Georgia',
  },
  'JuanIrache__DJI_SRT_Parser__MAVIC3.srt': {
    localStart: '2021-12-25T12:27:52', // '2021-12-25 12:27:52.373'
    entries: 300,
    source: '[latitude: 3.41531] [longitude: -3.37440] [rel_alt: -2.400 abs_alt: 0.401]',
    firstFix: { lat: 3.41531, lon: -3.3744 },
    // Gulf of Guinea, ~150 km off the Ghana / Ivory Coast coast (privacy-altered): open sea.
    countryCode: null,
    country: null,
    city: null,
  },
  'JuanIrache__DJI_SRT_Parser__air2s.srt': {
    localStart: '2022-08-07T13:40:40', // '2022-08-07 13:40:40,774,808'
    entries: 17,
    source: '[latitude: 41.424724] [longitude: 2.234156] [altitude: 117.000000]',
    firstFix: { lat: 41.424724, lon: 2.234156 },
    // The Besos river mouth on Barcelona's waterfront (Forum / Sant Adria de Besos).
    countryCode: 'ES',
    country: 'Spain',
    city: 'Barcelona',
  },
  'JuanIrache__DJI_SRT_Parser__m2zoom.SRT': {
    localStart: '2020-04-02T15:19:58', // '2020-04-02 15:19:58,720,764'
    entries: 300,
    source: '[latitude : 31.452012] [longtitude : 74.398751] [altitude: 213.983002]',
    firstFix: { lat: 31.452012, lon: 74.398751 },
    // South-east Lahore (Lahore centre 31.55 N 74.34 E, ~12 km).
    countryCode: 'PK',
    country: 'Pakistan',
    city: 'Lahore',
  },
  'JuanIrache__DJI_SRT_Parser__mavic_2pro_new.SRT': {
    localStart: '2019-09-27T10:28:08', // '2019-09-27 10:28:08,438,904'
    entries: 300,
    source: '(after the BOM, FrameCnt : 218) [latitude : -35.080155] [longtitude : -60.286702]',
    firstFix: { lat: -35.080155, lon: -60.286702 },
    // Pampas of Buenos Aires province, ~6 km from the town of Alberti.
    countryCode: 'AR',
    country: 'Argentina',
    city: 'Alberti',
  },
  'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT': {
    localStart: '2017-08-05T14:11:51', // 'HOME(149.0251,-20.2532) 2017.08.05 14:11:51'
    entries: 300,
    source: 'GPS(149.0251,-20.2533,16) BAROMETER:1.9  (longitude first)',
    firstFix: { lat: -20.2533, lon: 149.0251 },
    // Whitsunday Island (Whitehaven Beach area), Queensland. The only GeoNames place within 30 km is
    // "Whitsundays", a PPLX section, which is skipped; Airlie Beach is just over 30 km away.
    countryCode: 'AU',
    country: 'Australia',
    city: null,
  },
  'JuanIrache__DJI_SRT_Parser__old_format.SRT': {
    localStart: '2017-08-05T14:11:51', // 'HOME(149.0251,-20.2532) 2017.8.5 14:11:51'
    entries: 300,
    source: 'GPS(149.0251,-20.2533,16) Hb:1.9 Hs:1.9  (longitude first)',
    firstFix: { lat: -20.2533, lon: 149.0251 },
    countryCode: 'AU',
    country: 'Australia',
    city: null,
  },
  'JuanIrache__DJI_SRT_Parser__mavic_mini.SRT': {
    localStart: null, // compact format: no date
    entries: 117,
    source: 'F/2.8, SS 30.15, ISO 260, EV -1.7, GPS (-121.7458, 48.0771, 17), D 221.21m, H 200.70m',
    firstFix: { lat: 48.0771, lon: -121.7458 },
    // Cascade foothills east of Granite Falls, Snohomish County, Washington: no obvious single town.
    countryCode: 'US',
    country: 'United States',
    region: 'Washington',
  },
  'JuanIrache__DJI_SRT_Parser__p4_rtk.SRT': {
    localStart: null, // compact format: no date
    entries: 55,
    source: 'GPS (-58.851745, -34.237922, 15), HOME (-58.847509, -34.232707, -57.98m)',
    firstFix: { lat: -34.237922, lon: -58.851745 },
    // Parana delta edge north of Buenos Aires (between Escobar and Campana): country only.
    countryCode: 'AR',
    country: 'Argentina',
  },
  'JuanIrache__DJI_SRT_Parser__matrice_300.srt': {
    localStart: '2022-06-21T16:06:17', // '2022.06.21 16:06:17'
    entries: 300,
    source: 'GPS(36.6146,-6.1120,0.0M) BAROMETER:0.3M  (LATITUDE first)',
    firstFix: { lat: 36.6146, lon: -6.112 },
    // ~8 km south of Jerez de la Frontera, Andalusia.
    countryCode: 'ES',
    country: 'Spain',
    city: 'Jerez de la Frontera',
  },
  'JuanIrache__DJI_SRT_Parser__mavic_air.SRT': {
    localStart: '2018-02-19T08:04:51', // '2018-02-19 08:04:51,265,847'
    entries: 2,
    firstFix: null,
  },
  'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT': {
    localStart: '2022-12-29T08:32:20', // '2022-12-29 08:32:20.113'
    entries: 300,
    source: '[dzoom_ratio: 10000, delta:0],[latitude: 41.151572] [longitude: 16.412772] [rel_alt: 50.700 abs_alt: 172.044]',
    firstFix: { lat: 41.151572, lon: 16.412772 },
    // Corato, Apulia (the repo says "near Corato/Bari").
    countryCode: 'IT',
    country: 'Italy',
    city: 'Corato',
  },
  'ruz76__dji_srt2gpx__DJI.SRT': {
    localStart: '2024-04-23T14:04:07', // '2024-04-23 14:04:07.002'
    entries: 7,
    source: '[latitude: 49.379442] [longitude: 15.032166] [rel_alt: 43.225 abs_alt: 758.949]',
    firstFix: { lat: 49.379442, lon: 15.032166 },
    // Vysocina highlands between Tabor and Pelhrimov: country only.
    countryCode: 'CZ',
    country: 'Czechia',
  },
  'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT': {
    localStart: '2024-05-23T17:36:01', // '2024-05-23 17:36:01.877'
    entries: 12,
    source: '[dzoom_ratio: 4.00], [latitude: 50.106373] [longitude: 14.495168] [rel_alt: 80.504 abs_alt: 327.094]',
    firstFix: { lat: 50.106373, lon: 14.495168 },
    // Prague 9 (Vysocany), inside the city.
    countryCode: 'CZ',
    country: 'Czechia',
    city: 'Prague',
  },
};
