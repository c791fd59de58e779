export {
  reverseGeocode,
  reverseGeocodeDetail,
  warmPlaceIndex,
  placeIndexStats,
  CITY_RADIUS_KM,
  CITY_DISTANCE_SCALE_KM,
  MIN_ASSUMED_POPULATION,
  SKIPPED_FEATURE_CODES,
  type Place,
  type PlaceIndexStats,
  type ReverseGeocodeOptions,
} from './reverse-geocode.js';
export { oceanName, openOceanName, seaName, type WaterLookup, type WaterSample } from './seas.js';
export { COAST_M, LAKE_SHORE_M, NEAR_SHORE_SEA_M, countryInSentence, countryKeywords, placeLineOf, seaAdjective, withWater } from './place-words.js';
