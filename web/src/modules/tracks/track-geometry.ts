/** Pure helpers of the flight map and chart (no Leaflet, no DOM): unit-tested on their own. */

export interface LatLon {
  latitude: number;
  longitude: number;
}

/**
 * Longitudes made continuous: a step of more than 180° is the short way round, so a flight from
 * 179.9° to -179.9° goes on to 180.1° instead of drawing a line across the whole world.
 */
export function unwrapLongitudes<T extends LatLon>(points: readonly T[]): T[] {
  const out: T[] = [];
  let shift = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (i > 0) {
      const d = p.longitude - points[i - 1]!.longitude;
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    out.push(shift ? { ...p, longitude: p.longitude + shift } : p);
  }
  return out;
}

/** The same longitude moved by whole turns to lie next to `ref` (a frame marker on an unwrapped track). */
export const nearLongitude = (lon: number, ref: number) => lon + 360 * Math.round((ref - lon) / 360);

/** A round length (1, 2 or 5 x 10^n metres) no longer than `maxMetres`, and its label. */
export function scaleLength(maxMetres: number): { metres: number; label: string } {
  if (!(maxMetres > 0)) return { metres: 0, label: '0 m' };
  const pow = 10 ** Math.floor(Math.log10(maxMetres));
  const first = maxMetres / pow;
  const metres = (first >= 5 ? 5 : first >= 2 ? 2 : 1) * pow;
  return { metres, label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m` };
}

export interface Series {
  t: number;
  value: number | null;
}

/**
 * An SVG path of a series in a box of `width` x `height` px, for the value range [lo, hi] and the
 * time range [t0, t1]; a gap (null value) starts a new subpath.
 */
export function seriesPath(series: readonly Series[], box: { width: number; height: number; t0: number; t1: number; lo: number; hi: number }): string {
  const { width, height, t0, t1, lo, hi } = box;
  const x = (t: number) => (t1 > t0 ? ((t - t0) / (t1 - t0)) * width : width / 2);
  const y = (v: number) => (hi > lo ? height - ((v - lo) / (hi - lo)) * height : height / 2);
  let d = '';
  let pen = false;
  for (const s of series) {
    if (s.value === null) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${x(s.t).toFixed(1)},${y(s.value).toFixed(1)}`;
    pen = true;
  }
  return d;
}

/** [lo, hi] of the values with some head-room, never an empty range. */
export function valueRange(values: readonly (number | null)[]): [number, number] | null {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x));
  if (!v.length) return null;
  let lo = Math.min(...v);
  let hi = Math.max(...v);
  if (hi - lo < 1) {
    lo -= 0.5;
    hi += 0.5;
  }
  const pad = (hi - lo) * 0.08;
  return [lo - pad, hi + pad];
}

/** `mm:ss` of a number of seconds. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
