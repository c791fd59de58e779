/**
 * A point-in-polygon and distance-to-edge index over one large GeoJSON (Multi)Polygon set, packed
 * into typed arrays behind a 0.25 degree grid (the parsed JSON is released after the build):
 *  - vertices as Float32 lon/lat (~1.7 m precision at the antimeridian);
 *  - per grid cell the segments crossing it (CSR arrays);
 *  - per grid cell whether its centre is inside (even-odd over every ring, one scanline per row);
 *  - per ring its compactness 4*pi*area/perimeter^2 (a river's polygon is long and thin, a lake's is not).
 * A lookup tests the segment from its cell's centre to the point against the cell's segments (the
 * parity flips at each crossing) and measures the nearest segment in the 3x3 cells around it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const CELL = 0.25;
const COLS = 360 / CELL;
const ROWS = 180 / CELL;
/** Beyond this the edge distance is not measured (null): 3x3 cells of 0.25 degrees cover at least ~13 km. */
export const MAX_EDGE_M = 12_000;

type Ring = number[][];
interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
}
interface GeoJsonRoot {
  geometries?: GeoJsonGeometry[];
  features?: { geometry: GeoJsonGeometry }[];
}

export interface PolygonIndexStats {
  vertices: number;
  rings: number;
  loadMs: number;
  buildMs: number;
  /** Size of the typed arrays kept in memory, MB. */
  indexMb: number;
}

export interface PolygonSample {
  inside: boolean;
  /** Metres to the nearest edge, null beyond MAX_EDGE_M. */
  edgeM: number | null;
  /** Compactness (0-1) of the ring of the nearest edge, null without one. */
  compactness: number | null;
}

// Plain arithmetic, no Math.* calls, in the build's hot loops: under jest's VM context Math.floor ran
// ~100x slower than in node (17 s for 20 M calls), which made the build take a minute in tests.
const clampIndex = (v: number, max: number) => (v <= 0 ? 0 : v >= max ? max : v | 0);
const rowOf = (lat: number) => clampIndex((lat + 90) / CELL, ROWS - 1);
const colOf = (lon: number) => clampIndex((lon + 180) / CELL, COLS - 1);
const lesser = (a: number, b: number) => (a < b ? a : b);
const greater = (a: number, b: number) => (a > b ? a : b);

/** True when segment (ax,ay)-(bx,by) properly crosses segment (cx,cy)-(dx,dy). */
function crosses(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
}

/** Metres from (lat, lon) to the segment, on a local equirectangular plane (fine within ~15 km); kx = metres per degree of longitude there. */
function segmentDistanceM(kx: number, lat: number, lon: number, ax: number, ay: number, bx: number, by: number): number {
  const ky = 110_574;
  const x1 = (ax - lon) * kx;
  const y1 = (ay - lat) * ky;
  const dx = (bx - lon) * kx - x1;
  const dy = (by - lat) * ky - y1;
  const len2 = dx * dx + dy * dy;
  const u = len2 > 0 ? -(x1 * dx + y1 * dy) / len2 : 0;
  const t = u < 0 ? 0 : u > 1 ? 1 : u;
  const ex = x1 + t * dx;
  const ey = y1 + t * dy;
  return (ex * ex + ey * ey) ** 0.5;
}

function ringsOf(root: GeoJsonRoot): Ring[] {
  const out: Ring[] = [];
  const geoms = root.geometries ?? root.features?.map((f) => f.geometry) ?? [];
  for (const g of geoms) {
    if (g.type === 'Polygon') out.push(...(g.coordinates as Ring[]));
    else if (g.type === 'MultiPolygon') for (const p of g.coordinates as Ring[][]) out.push(...p);
  }
  return out;
}

/** 4*pi*A/P^2 of a ring on a local plane at its first vertex's latitude. */
function compactnessOf(r: Ring): number {
  const k = Math.cos(((r[0]?.[1] ?? 0) * Math.PI) / 180);
  let a = 0;
  let p = 0;
  for (let i = 0; i + 1 < r.length; i++) {
    const x1 = r[i]![0]! * k;
    const y1 = r[i]![1]!;
    const x2 = r[i + 1]![0]! * k;
    const y2 = r[i + 1]![1]!;
    a += x1 * y2 - x2 * y1;
    p += ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)) ** 0.5;
  }
  return p > 0 ? Math.min(1, (4 * Math.PI * Math.abs(a / 2)) / (p * p)) : 0;
}

/** The packed index: typed arrays only, so a thread can build it and transfer it without a copy. */
export interface PackedPolygons {
  x: Float32Array;
  y: Float32Array;
  cellStart: Uint32Array;
  cellSegs: Uint32Array;
  centreInside: Uint8Array;
  ringStart: Uint32Array;
  ringCompact: Float32Array;
  stats: PolygonIndexStats;
}

/** The buffers of a packed index, for postMessage's transfer list. */
export function packedBuffers(p: PackedPolygons): ArrayBuffer[] {
  return [p.x, p.y, p.cellStart, p.cellSegs, p.centreInside, p.ringStart, p.ringCompact].map((a) => a.buffer as ArrayBuffer);
}

/** Reads the GeoJSON file (resolved like an import, e.g. '@geo-maps/earth-seas-10m/map.geo.json') and packs it. */
export function packPolygons(modulePath: string): PackedPolygons {
  {
    const require = createRequire(import.meta.url);
    const t0 = performance.now();
    const path = require.resolve(modulePath);
    // Read and parsed here, not through require: nothing keeps the ~170-320 MB of parsed objects alive.
    let rings = ringsOf(JSON.parse(readFileSync(path, 'utf8')) as GeoJsonRoot);
    const t1 = performance.now();
    let n = 0;
    for (const r of rings) n += r.length;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    const segOk = new Uint8Array(n);
    const ringStart = new Uint32Array(rings.length + 1);
    const ringCompact = new Float32Array(rings.length);
    let k = 0;
    rings.forEach((r, ri) => {
      ringStart[ri] = k;
      ringCompact[ri] = compactnessOf(r);
      for (let i = 0; i < r.length; i++, k++) {
        x[k] = r[i]![0]!;
        y[k] = r[i]![1]!;
        segOk[k] = i < r.length - 1 ? 1 : 0;
      }
    });
    ringStart[rings.length] = n;
    const ringCount = rings.length;
    rings = [];

    // Segments per cell (every cell the segment's bounding box touches): counted, then filled (CSR).
    // Two passes of plain loops (no callbacks: under jest's module VM a closure per segment ran 40x slower).
    const cellStart = new Uint32Array(ROWS * COLS + 1);
    const segBox = new Int32Array(4);
    const boxOf = (i: number) => {
      segBox[0] = rowOf(lesser(y[i]!, y[i + 1]!));
      segBox[1] = rowOf(greater(y[i]!, y[i + 1]!));
      segBox[2] = colOf(lesser(x[i]!, x[i + 1]!));
      segBox[3] = colOf(greater(x[i]!, x[i + 1]!));
    };
    for (let i = 0; i < n; i++) {
      if (!segOk[i]) continue;
      boxOf(i);
      for (let r = segBox[0]!; r <= segBox[1]!; r++) for (let c = segBox[2]!; c <= segBox[3]!; c++) cellStart[r * COLS + c + 1]++;
    }
    for (let c = 0; c < ROWS * COLS; c++) cellStart[c + 1] += cellStart[c]!;
    const fill = cellStart.slice(0, ROWS * COLS);
    const cellSegs = new Uint32Array(cellStart[ROWS * COLS]!);
    for (let i = 0; i < n; i++) {
      if (!segOk[i]) continue;
      boxOf(i);
      for (let r = segBox[0]!; r <= segBox[1]!; r++) for (let c = segBox[2]!; c <= segBox[3]!; c++) cellSegs[fill[r * COLS + c]!++] = i;
    }

    // Cell centres: one scanline per row at the centre latitude; parity of the crossings left of each centre.
    const crossings: number[][] = Array.from({ length: ROWS }, () => []);
    for (let i = 0; i < n; i++) {
      if (!segOk[i]) continue;
      const ya = y[i]!;
      const yb = y[i + 1]!;
      const hi = greater(ya, yb);
      // First row whose centre latitude is at or above the segment's lower end.
      const first = (lesser(ya, yb) + 90) / CELL - 0.5;
      for (let r = first <= 0 ? 0 : first === (first | 0) ? first : (first | 0) + 1; r < ROWS; r++) {
        const yc = -90 + (r + 0.5) * CELL;
        if (yc > hi) break;
        if (ya > yc !== yb > yc) crossings[r]!.push(x[i]! + ((yc - ya) * (x[i + 1]! - x[i]!)) / (yb - ya));
      }
    }
    const centreInside = new Uint8Array(ROWS * COLS);
    for (let r = 0; r < ROWS; r++) {
      const xs = crossings[r]!.sort((a, b) => a - b);
      let p = 0;
      for (let c = 0; c < COLS; c++) {
        const xc = -180 + (c + 0.5) * CELL;
        while (p < xs.length && xs[p]! < xc) p++;
        centreInside[r * COLS + c] = p & 1;
      }
      crossings[r] = [];
    }
    const bytes = [x, y, cellStart, cellSegs, centreInside, ringStart, ringCompact].reduce((s, a) => s + a.byteLength, 0);
    const stats = {
      vertices: n,
      rings: ringCount,
      loadMs: Math.round(t1 - t0),
      buildMs: Math.round(performance.now() - t1),
      indexMb: Math.round(bytes / 1e5) / 10,
    };
    return { x, y, cellStart, cellSegs, centreInside, ringStart, ringCompact, stats };
  }
}

export class PolygonIndex {
  private x!: Float32Array;
  private y!: Float32Array;
  private cellStart!: Uint32Array;
  private cellSegs!: Uint32Array;
  private centreInside!: Uint8Array;
  private ringStart!: Uint32Array;
  private ringCompact!: Float32Array;
  private built = false;
  stats: PolygonIndexStats | null = null;

  /** The GeoJSON file, resolved like an import (e.g. '@geo-maps/earth-seas-10m/map.geo.json'). */
  readonly modulePath: string;

  // No parameter property: the water thread runs this file by Node's type stripping under test.
  constructor(modulePath: string) {
    this.modulePath = modulePath;
  }

  get isBuilt(): boolean {
    return this.built;
  }

  /** Takes an index packed elsewhere (a thread). */
  adopt(p: PackedPolygons): void {
    if (this.built) return;
    Object.assign(this, { ...p, built: true });
  }

  /** Packs the index on this thread (tests, the bench); the pipeline builds it on a thread instead (water-data.ts). */
  build(): PolygonIndexStats {
    if (!this.built) this.adopt(packPolygons(this.modulePath));
    return this.stats!;
  }

  private ringOfVertex(i: number): number {
    let lo = 0;
    let hi = this.ringStart.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.ringStart[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Inside or not, the nearest edge's distance and its ring's compactness; null for an invalid position. */
  sample(lat: number, lon: number): PolygonSample | null {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    this.build();
    const { x, y, cellStart, cellSegs } = this;
    const row = rowOf(lat);
    const col = colOf(lon);
    const cell = row * COLS + col;
    const xc = -180 + (col + 0.5) * CELL;
    const yc = -90 + (row + 0.5) * CELL;
    let inside = this.centreInside[cell] === 1;
    for (let p = cellStart[cell]!, end = cellStart[cell + 1]!; p < end; p++) {
      const i = cellSegs[p]!;
      if (crosses(xc, yc, lon, lat, x[i]!, y[i]!, x[i + 1]!, y[i + 1]!)) inside = !inside;
    }
    let best = Infinity;
    let bestSeg = -1;
    const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
    for (let r = Math.max(0, row - 1); r <= Math.min(ROWS - 1, row + 1); r++) {
      for (let dc = -1; dc <= 1; dc++) {
        const cc = r * COLS + ((((col + dc) % COLS) + COLS) % COLS);
        for (let p = cellStart[cc]!, end = cellStart[cc + 1]!; p < end; p++) {
          const i = cellSegs[p]!;
          const d = segmentDistanceM(kx, lat, lon, x[i]!, y[i]!, x[i + 1]!, y[i + 1]!);
          if (d < best) {
            best = d;
            bestSeg = i;
          }
        }
      }
    }
    const near = best <= MAX_EDGE_M;
    return {
      inside,
      edgeM: near ? Math.round(best) : null,
      compactness: near && bestSeg >= 0 ? Math.round(this.ringCompact[this.ringOfVertex(bestSeg)]! * 1000) / 1000 : null,
    };
  }
}
