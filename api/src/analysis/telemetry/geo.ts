/**
 * Small spherical-earth helpers shared by the telemetry summary, the reverse geocoder and the
 * shot-type rules. A sphere of mean radius is accurate to ~0.5% for distances, which is far below
 * consumer-GPS noise; no ellipsoid maths is needed for stock-footage metadata.
 */

/** Mean earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in metres between two WGS84 points given in degrees. */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * Initial great-circle bearing from point 1 to point 2, degrees clockwise from true north in
 * [0, 360). Returns 0 for identical points (callers check the distance first).
 */
export function initialBearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return normalizeDeg(Math.atan2(y, x) / RAD);
}

/** Normalises an angle to [0, 360). */
export function normalizeDeg(deg: number): number {
  const d = deg % 360;
  return d < 0 ? d + 360 : d;
}

/** Signed smallest difference b - a between two angles, in (-180, 180]. */
export function angleDiffDeg(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

/**
 * A local flat (equirectangular) projection around an origin: x metres east, y metres north.
 * Good to a fraction of a metre over the few kilometres a drone clip covers.
 */
export interface LocalProjection {
  toXY(lat: number, lon: number): { x: number; y: number };
}

export function localProjection(originLat: number, originLon: number): LocalProjection {
  const kx = EARTH_RADIUS_M * RAD * Math.cos(originLat * RAD);
  const ky = EARTH_RADIUS_M * RAD;
  return {
    toXY(lat, lon) {
      let dLon = lon - originLon;
      if (dLon > 180) dLon -= 360;
      if (dLon < -180) dLon += 360;
      return { x: dLon * kx, y: (lat - originLat) * ky };
    },
  };
}

/** The point `distanceM` metres from (lat, lon) along the great circle starting at `bearingDeg`. */
export function destinationPoint(lat: number, lon: number, bearingDeg: number, distanceM: number): { lat: number; lon: number } {
  const d = distanceM / EARTH_RADIUS_M;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = lon * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  let outLon = l2 / RAD;
  if (outLon > 180) outLon -= 360;
  if (outLon < -180) outLon += 360;
  return { lat: p2 / RAD, lon: outLon };
}
