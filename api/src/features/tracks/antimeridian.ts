/**
 * Splitting a line where it crosses the antimeridian (RFC 7946 §3.1.9): a step from 179.9° to
 * -179.9° is 0.2° east, not 359.8° west, so the line ends at 180° and the next part starts at
 * -180° at the latitude where the step crosses.
 */

/** [lon, lat, alt?] as GeoJSON and KML write it. */
export type Position = [number, number] | [number, number, number];

/** A step longer than half the globe in longitude is read as the short way round. */
const crosses = (a: number, b: number) => Math.abs(b - a) > 180;

export function splitAtAntimeridian(line: readonly Position[]): Position[][] {
  if (line.length === 0) return [];
  const parts: Position[][] = [[line[0]!]];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    if (crosses(a[0], b[0])) {
      // Unwrap b next to a, then find where the step meets ±180°.
      const east = a[0] > 0; // a is near +180, going east past it
      const bLon = east ? b[0] + 360 : b[0] - 360;
      const edge = east ? 180 : -180;
      const f = (edge - a[0]) / (bLon - a[0]);
      const lat = a[1] + (b[1] - a[1]) * f;
      const alt = a.length > 2 && b.length > 2 ? a[2]! + (b[2]! - a[2]!) * f : undefined;
      const at = (lon: number): Position => (alt === undefined ? [lon, lat] : [lon, lat, alt]);
      parts.at(-1)!.push(at(edge));
      parts.push([at(-edge), b]);
    } else {
      parts.at(-1)!.push(b);
    }
  }
  return parts;
}
