/**
 * The US state at a position, by boundary, from `us-atlas` (US Census Bureau cartographic boundaries
 * at 1:10,000,000 as TopoJSON; public domain data, package ISC; 115 KB file). Quantised to ~300 m by
 * ~100 m, so a point within about a kilometre of a state line may get the neighbour: the geocoder's
 * city state is kept there. Read lazily once per process (~10 ms, ~2 MB); a lookup is a bounding-box
 * filter and a ray cast over ~56 shapes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: { states: { geometries: { type: string; arcs: number[][] | number[][][]; properties: { name: string } }[] } };
}

interface StateShape {
  name: string;
  /** Rings as flat [lon, lat, lon, lat, ...] arrays. */
  rings: Float64Array[];
  bbox: [number, number, number, number];
}

let shapes: StateShape[] | null = null;

function load(): StateShape[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('us-atlas/states-10m.json');
  const topo = JSON.parse(readFileSync(path, 'utf8')) as Topology;
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  // Delta-decoded arcs in degrees.
  const arcs = topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty] as [number, number];
    });
  });
  const ringOf = (refs: number[]): Float64Array => {
    const pts: number[] = [];
    for (const ref of refs) {
      const arc = ref >= 0 ? arcs[ref]! : [...arcs[~ref]!].reverse();
      for (let i = pts.length ? 1 : 0; i < arc.length; i++) pts.push(arc[i]![0], arc[i]![1]);
    }
    return Float64Array.from(pts);
  };
  return topo.objects.states.geometries.map((g) => {
    const polys = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
    const rings = polys.flatMap((p) => p.map(ringOf));
    const bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const r of rings)
      for (let i = 0; i < r.length; i += 2) {
        bbox[0] = Math.min(bbox[0], r[i]!);
        bbox[1] = Math.min(bbox[1], r[i + 1]!);
        bbox[2] = Math.max(bbox[2], r[i]!);
        bbox[3] = Math.max(bbox[3], r[i + 1]!);
      }
    return { name: g.properties.name, rings, bbox };
  });
}

function inside(rings: Float64Array[], lon: number, lat: number): boolean {
  let odd = false;
  for (const r of rings) {
    for (let i = 0, j = r.length - 2; i < r.length; j = i, i += 2) {
      const yi = r[i + 1]!;
      const yj = r[j + 1]!;
      if (yi > lat !== yj > lat && lon < ((r[j]! - r[i]!) * (lat - yi)) / (yj - yi) + r[i]!) odd = !odd;
    }
  }
  return odd;
}

/** The state (or DC, Puerto Rico) containing the point, or null outside every one. */
export function usStateAt(lat: number, lon: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  shapes ??= load();
  for (const s of shapes) {
    if (lon < s.bbox[0] || lon > s.bbox[2] || lat < s.bbox[1] || lat > s.bbox[3]) continue;
    if (inside(s.rings, lon, lat)) return s.name;
  }
  return null;
}
