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
