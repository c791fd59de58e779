/**
 * Named natural and cultural places buyers search for (fjords, mountain ranges, national parks,
 * deserts, landmarks), near the point the camera looks at.
 *
 * A curated table, kept in the repo by hand: no npm package reachable here ships named features with
 * a usable licence (searched: Natural Earth's geography regions and marine polygons are not packaged;
 * the GeoNames-derived packages carry populated places only; the one package with named features is
 * GPL-3.0). Each row is a well-known place with its centre (or a few centres along a long feature)
 * from its Wikipedia / GeoNames entry, rounded to about 0.01 degree (a fact, not a copied work), and a
 * radius that covers what a drone clip there shows. It is honest but small (127 places): a place
 * not in it gets no name (reading-places-unlisted.ts checks that it gets no wrong one either), and
 * the place line and features stay editable. Gaps are stated in the README.
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
  /^(Dolomites|Matterhorn|Grand Canyon|Colosseum|Eiffel Tower|Statue of Liberty|Sydney Opera House|Golden Gate Bridge|Bixby Bridge|Brandenburg Gate|Tower Bridge|Sagrada Família|Burj Khalifa|Taj Mahal|Cliffs of Moher|Amalfi Coast|Cinque Terre|Niagara Falls|Iguazu Falls|Faroe Islands|Isle of Skye|Eiger|Jungfrau|Lauterbrunnen Valley|Giant's Causeway|White Cliffs of Dover|Palace of Westminster|Alhambra|Leaning Tower of Pisa|Acropolis of Athens|Hollywood Sign|Space Needle|Gateway Arch|Perito Moreno Glacier|Cape of Good Hope|Pyramids of Giza|Great Wall of China|Phi Phi Islands|Twelve Apostles|Victoria Falls)$/;
const IN_KINDS = new Set<NamedPlaceKind>(['range', 'park', 'desert', 'islands', 'valley', 'canyon', 'coast', 'lakes']);

const P = (name: string, kind: NamedPlaceKind, radiusKm: number, ...at: [number, number][]): NamedPlace => {
  const the = WITH_THE.test(name) ? 'the ' : '';
  // A single peak is "at" (at the Matterhorn); a range of peaks, a park, a desert "in".
  const prep =
    IN_KINDS.has(kind) && !/^(Matterhorn|Mont Blanc|Mount |Kilimanjaro|Table Mountain|Kirkjufell|Horseshoe Bend|Antelope Canyon|Vestrahorn|Eiger|Jungfrau|Tre Cime|Ben Nevis)/.test(name)
      ? 'in'
      : 'at';
  // One island is "on" (on the Isle of Skye); a group of them "in" (in the Faroe Islands).
  return { name, kind, at, radiusKm, phrase: `${/^Isle of /.test(name) ? 'on' : prep} ${the}${name}` };
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
  // Added 2026-11-28: more of what buyers search by name, same sources and rounding.
  // Iceland and the North Atlantic
  P('Seljalandsfoss', 'landmark', 1.5, [63.616, -19.989]),
  P('Gullfoss', 'landmark', 1.5, [64.327, -20.121]),
  P('Dettifoss', 'landmark', 1.5, [65.815, -16.385]),
  P('Jökulsárlón', 'landmark', 4, [64.048, -16.18]),
  P('Reynisfjara', 'landmark', 2, [63.404, -19.045]),
  P('Vestrahorn', 'range', 4, [64.255, -15.04]),
  P('Thingvellir National Park', 'park', 10, [64.256, -21.13]),
  P('Faroe Islands', 'islands', 45, [62.05, -6.95]),
  // The Alps
  P('Eiger', 'range', 5, [46.577, 8.005]),
  P('Jungfrau', 'range', 5, [46.537, 7.962]),
  P('Lauterbrunnen Valley', 'valley', 5, [46.594, 7.909]),
  P('Tre Cime di Lavaredo', 'range', 4, [46.619, 12.303]),
  P('Hallstatt', 'landmark', 2, [47.562, 13.649]),
  // Britain and Ireland, Iberia
  P('Isle of Skye', 'islands', 20, [57.55, -6.3], [57.25, -6.2], [57.45, -6.6]),
  P('Ben Nevis', 'range', 5, [56.797, -5.004]),
  P('Edinburgh Castle', 'landmark', 0.5, [55.949, -3.2]),
  P("Giant's Causeway", 'landmark', 1.5, [55.241, -6.512]),
  P('Durdle Door', 'landmark', 1.5, [50.621, -2.277]),
  P('White Cliffs of Dover', 'landmark', 4, [51.133, 1.36]),
  P('Palace of Westminster', 'landmark', 0.5, [51.4995, -0.1248]),
  P('Cabo da Roca', 'landmark', 3, [38.78, -9.499]),
  P('Alhambra', 'landmark', 0.8, [37.176, -3.588]),
  // Italy, Greece, Turkey
  P('Leaning Tower of Pisa', 'landmark', 0.5, [43.723, 10.397]),
  P("St. Peter's Basilica", 'landmark', 0.5, [41.902, 12.454]),
  P('Acropolis of Athens', 'landmark', 0.8, [37.9715, 23.7257]),
  P('Meteora', 'landmark', 4, [39.714, 21.631]),
  P('Navagio Beach', 'landmark', 1.5, [37.859, 20.625]),
  P('Hagia Sophia', 'landmark', 0.4, [41.0086, 28.9802]),
  P('Cappadocia', 'valley', 20, [38.64, 34.83]),
  // North America
  P('Arches National Park', 'park', 10, [38.73, -109.59]),
  P('Canyonlands National Park', 'park', 25, [38.33, -109.88]),
  P('Bryce Canyon National Park', 'park', 10, [37.6, -112.17]),
  P('Grand Teton National Park', 'park', 25, [43.79, -110.68]),
  P('Glacier National Park', 'park', 30, [48.7, -113.72]),
  P('Joshua Tree National Park', 'park', 25, [33.88, -115.9]),
  P('Olympic National Park', 'park', 30, [47.8, -123.6]),
  P('Acadia National Park', 'park', 12, [44.34, -68.27]),
  P('Great Smoky Mountains National Park', 'park', 30, [35.61, -83.49]),
  P('Rocky Mountain National Park', 'park', 22, [40.34, -105.68]),
  P('Jasper National Park', 'park', 50, [52.87, -118.08]),
  P('Moraine Lake', 'landmark', 2, [51.322, -116.186]),
  P('Lake Louise', 'landmark', 2, [51.417, -116.217]),
  P('Mount Rainier', 'range', 15, [46.853, -121.76]),
  P('Mount Rushmore', 'landmark', 2, [43.879, -103.459]),
  P('Hollywood Sign', 'landmark', 1.5, [34.134, -118.321]),
  P('Space Needle', 'landmark', 0.5, [47.6205, -122.3493]),
  P('Gateway Arch', 'landmark', 0.8, [38.6247, -90.1848]),
  P('Chichen Itza', 'landmark', 2, [20.683, -88.569]),
  // South America
  P('Christ the Redeemer', 'landmark', 1, [-22.952, -43.211]),
  P('Sugarloaf Mountain', 'landmark', 1.5, [-22.949, -43.157]),
  P('Copacabana Beach', 'landmark', 2, [-22.971, -43.182]),
  P('Perito Moreno Glacier', 'landmark', 6, [-50.496, -73.138]),
  P('Mount Fitz Roy', 'range', 10, [-49.271, -73.043]),
  P('Salar de Uyuni', 'desert', 50, [-20.13, -67.49]),
  // Africa and the Middle East
  P('Victoria Falls', 'landmark', 4, [-17.925, 25.857]),
  P('Cape of Good Hope', 'landmark', 3, [-34.357, 18.474]),
  P('Kruger National Park', 'park', 15, [-24.99, 31.59], [-25.12, 31.92], [-24.39, 31.78], [-23.85, 31.58], [-23.11, 31.43]),
  P('Serengeti National Park', 'park', 45, [-2.45, 34.82], [-1.75, 34.95]),
  P('Pyramids of Giza', 'landmark', 2, [29.979, 31.134]),
  P('Petra', 'landmark', 3, [30.329, 35.444]),
  // Asia and Oceania
  P('Angkor Wat', 'landmark', 3, [13.412, 103.867]),
  P('Great Wall of China', 'landmark', 5, [40.432, 116.57], [40.359, 116.02]),
  P('Marina Bay Sands', 'landmark', 0.8, [1.2834, 103.8607]),
  P('Phi Phi Islands', 'islands', 6, [7.74, 98.77]),
  P('Zhangjiajie National Forest Park', 'park', 12, [29.32, 110.43]),
  P('Mount Bromo', 'range', 6, [-7.942, 112.953]),
  P('Twelve Apostles', 'landmark', 3, [-38.665, 143.104]),
  P('Bondi Beach', 'landmark', 1.5, [-33.891, 151.277]),
  P('Whitehaven Beach', 'landmark', 3, [-20.282, 149.039]),
  P('Mount Cook', 'range', 15, [-43.595, 170.142]),
  P('Tongariro National Park', 'park', 20, [-39.2, 175.58]),
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
