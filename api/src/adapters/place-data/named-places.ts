/**
 * Named natural and cultural places buyers search for (fjords, mountain ranges, national parks,
 * deserts, landmarks), near the point the camera looks at.
 *
 * A curated table, kept in the repo by hand: no npm package reachable here ships named features with
 * a usable licence (searched: Natural Earth's geography regions and marine polygons are not packaged;
 * the GeoNames-derived packages carry populated places only; the one package with named features is
 * GPL-3.0). Each row is a well-known place with its centre (or a few centres along a long feature)
 * from its Wikipedia / GeoNames entry, rounded to about 0.01 degree (a fact, not a copied work), and a
 * radius that covers what a drone clip there shows. It is honest but small: a place not in it gets
 * no name, and the place line and features stay editable. Gaps are stated in the README.
 */

export type NamedPlaceKind = 'fjord' | 'range' | 'park' | 'desert' | 'landmark' | 'coast' | 'canyon' | 'valley' | 'islands' | 'lakes';

interface NamedPlace {
  name: string;
  kind: NamedPlaceKind;
  /** Centres [lat, lon]: one, or several along a long feature (a fjord, a range). */
  at: [number, number][];
  /** Km from the nearest centre within which a clip shows it. */
  radiusKm: number;
  /** How a sentence or title puts it: "at Geirangerfjord", "in the Dolomites", "at the Eiffel Tower". */
  phrase: string;
}

/** Ranges, parks, deserts and islands are "in"; the rest "at". Names that read with "the" get it. */
const WITH_THE =
  /^(Dolomites|Matterhorn|Grand Canyon|Colosseum|Eiffel Tower|Statue of Liberty|Sydney Opera House|Golden Gate Bridge|Bixby Bridge|Brandenburg Gate|Tower Bridge|Sagrada Família|Burj Khalifa|Taj Mahal|Cliffs of Moher|Amalfi Coast|Cinque Terre|Niagara Falls|Iguazu Falls)$/;
const IN_KINDS = new Set<NamedPlaceKind>(['range', 'park', 'desert', 'islands', 'valley', 'canyon', 'coast', 'lakes']);

const P = (name: string, kind: NamedPlaceKind, radiusKm: number, ...at: [number, number][]): NamedPlace => {
  const the = WITH_THE.test(name) ? 'the ' : '';
  // A single peak is "at" (at the Matterhorn); a range of peaks, a park, a desert "in".
  const prep =
    IN_KINDS.has(kind) && !/^(Matterhorn|Mont Blanc|Mount |Kilimanjaro|Table Mountain|Kirkjufell|Horseshoe Bend|Antelope Canyon)/.test(name) ? 'in' : 'at';
  return { name, kind, at, radiusKm, phrase: `${prep} ${the}${name}` };
};

export const NAMED_PLACES: readonly NamedPlace[] = [
  // Fjords
  P('Geirangerfjord', 'fjord', 6, [62.105, 7.2], [62.12, 7.08], [62.13, 6.96]),
  P('Sognefjord', 'fjord', 10, [61.08, 5.55], [61.13, 6.0], [61.2, 6.5], [61.1, 6.95]),
  P('Nærøyfjord', 'fjord', 6, [60.88, 6.87]),
  P('Lysefjord', 'fjord', 8, [58.98, 6.15], [59.03, 6.4]),
  P('Hardangerfjord', 'fjord', 10, [60.0, 5.9], [60.2, 6.3], [60.4, 6.7]),
  P('Milford Sound', 'fjord', 9, [-44.61, 167.87]),
  // Mountains and ranges
  P('Dolomites', 'range', 22, [46.43, 11.85], [46.57, 11.73], [46.6, 12.2], [46.3, 11.95]),
  P('Matterhorn', 'range', 8, [45.977, 7.659]),
  P('Mont Blanc', 'range', 10, [45.833, 6.865]),
  P('Mount Fuji', 'range', 12, [35.361, 138.727]),
  P('Mount Everest', 'range', 15, [27.988, 86.925]),
  P('Kilimanjaro', 'range', 15, [-3.067, 37.356]),
  P('Table Mountain', 'range', 2, [-33.963, 18.404]),
  P('Kirkjufell', 'range', 3, [64.942, -23.307]),
  P('Preikestolen', 'landmark', 2, [58.986, 6.19]),
  P('Trolltunga', 'landmark', 2, [60.124, 6.74]),
  // Islands and coasts
  P('Lofoten', 'islands', 30, [67.95, 13.1], [68.15, 13.8], [68.35, 14.6]),
  P('Big Sur', 'coast', 25, [36.27, -121.81], [36.0, -121.5]),
  P('Cinque Terre', 'coast', 7, [44.12, 9.71]),
  P('Amalfi Coast', 'coast', 12, [40.63, 14.6]),
  P('Cliffs of Moher', 'landmark', 4, [52.972, -9.431]),
  P('Santorini', 'islands', 10, [36.4, 25.43]),
  P('Ha Long Bay', 'coast', 25, [20.9, 107.1]),
  // Deserts and canyons
  P('Monument Valley', 'valley', 12, [36.98, -110.1]),
  P('Grand Canyon', 'canyon', 25, [36.06, -112.14], [36.2, -112.6], [36.1, -111.85]),
  P('Antelope Canyon', 'canyon', 3, [36.862, -111.374]),
  P('Horseshoe Bend', 'canyon', 1.5, [36.879, -111.51]),
  P('Death Valley', 'valley', 50, [36.5, -117.0]),
  P('Erg Chebbi', 'desert', 20, [31.15, -3.98]),
  P('Wadi Rum', 'desert', 25, [29.57, 35.42]),
  P('Sossusvlei', 'desert', 15, [-24.73, 15.33]),
  P('Uluru', 'landmark', 5, [-25.344, 131.037]),
  // National parks
  P('Yellowstone National Park', 'park', 50, [44.6, -110.5]),
  P('Yosemite National Park', 'park', 25, [37.75, -119.55]),
  P('Zion National Park', 'park', 15, [37.3, -113.05]),
  P('Banff National Park', 'park', 40, [51.5, -115.93]),
  P('Torres del Paine National Park', 'park', 25, [-50.94, -73.0]),
  P('Plitvice Lakes National Park', 'lakes', 10, [44.88, 15.62]),
  // Landmarks
  P('Golden Gate Bridge', 'landmark', 1.5, [37.82, -122.478]),
  P('Bixby Bridge', 'landmark', 1, [36.372, -121.902]),
  P('Colosseum', 'landmark', 0.6, [41.89, 12.492]),
  P('Eiffel Tower', 'landmark', 0.6, [48.858, 2.294]),
  P('Statue of Liberty', 'landmark', 1, [40.689, -74.045]),
  P('Sydney Opera House', 'landmark', 0.8, [-33.857, 151.215]),
  P('Neuschwanstein Castle', 'landmark', 1.5, [47.558, 10.75]),
  P('Mont-Saint-Michel', 'landmark', 2, [48.636, -1.512]),
  P('Brandenburg Gate', 'landmark', 0.5, [52.516, 13.378]),
  P('Tower Bridge', 'landmark', 0.6, [51.506, -0.075]),
  P('Stonehenge', 'landmark', 1, [51.179, -1.826]),
  P('Sagrada Família', 'landmark', 0.5, [41.404, 2.174]),
  P('Burj Khalifa', 'landmark', 0.8, [25.197, 55.274]),
  P('Taj Mahal', 'landmark', 1, [27.175, 78.042]),
  P('Machu Picchu', 'landmark', 3, [-13.163, -72.545]),
  P('Niagara Falls', 'landmark', 3, [43.08, -79.075]),
  P('Iguazu Falls', 'landmark', 4, [-25.695, -54.437]),
  P('Skógafoss', 'landmark', 1.5, [63.532, -19.511]),
];

/** Most named places a point gets (a landmark inside a park inside a range). */
const MAX_NAMED = 3;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The named places at a point, most specific (smallest) first, with the first one's phrase; none for an invalid position. */
export function namedPlacesAt(lat: number, lon: number): { names: string[]; phrase: string | null; kind: NamedPlaceKind | null } {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return { names: [], phrase: null, kind: null };
  const hits = NAMED_PLACES.filter((p) => p.at.some(([a, b]) => distanceKm(lat, lon, a, b) <= p.radiusKm))
    .sort((a, b) => a.radiusKm - b.radiusKm)
    .slice(0, MAX_NAMED);
  return { names: hits.map((h) => h.name), phrase: hits[0]?.phrase ?? null, kind: hits[0]?.kind ?? null };
}
