/**
 * Sun position with suncalc 2.x. Unlike 1.x, 2.x takes and returns DEGREES (altitude above the
 * horizon, refraction-corrected; azimuth clockwise from north) and ships its own type definitions
 * (node_modules/suncalc/index.d.ts), which is why no @types package or local declaration is used.
 */
import { getPosition } from 'suncalc';

/** Upper edge of golden hour: below ~6 deg the light turns warm and shadows long. */
export const GOLDEN_HOUR_MAX_DEG = 6;
/** Lower edge of golden hour / upper edge of blue hour (-4 deg, where the sky turns deep blue). */
export const GOLDEN_HOUR_MIN_DEG = -4;
/** Lower edge of blue hour: civil twilight ends at -6 deg; below that it is night. */
export const BLUE_HOUR_MIN_DEG = -6;

/** Light phase from the sun's altitude. */
export type LightPhase = 'night' | 'blue_hour' | 'golden_hour' | 'daylight';

/** Sun altitude above the horizon in degrees at a UTC instant and position, or null on bad input. */
export function sunAltitudeDeg(date: Date, lat: number, lon: number): number | null {
  if (!(date instanceof Date) || !Number.isFinite(date.getTime())) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const alt = getPosition(date, lat, lon).altitude;
  return Number.isFinite(alt) ? alt : null;
}

/**
 * Phase of the light for a sun altitude: daylight above 6 deg, golden hour -4..6 deg, blue hour
 * -6..-4 deg, night below -6 deg. Exactly 6 and exactly -4 deg count as golden hour, exactly -6 deg
 * as blue hour.
 */
export function lightPhase(sunAltitude: number): LightPhase {
  if (sunAltitude > GOLDEN_HOUR_MAX_DEG) return 'daylight';
  if (sunAltitude >= GOLDEN_HOUR_MIN_DEG) return 'golden_hour';
  if (sunAltitude >= BLUE_HOUR_MIN_DEG) return 'blue_hour';
  return 'night';
}

/** True when the sun is climbing at that instant (morning side of solar noon). */
export function sunIsRising(date: Date, lat: number, lon: number): boolean | null {
  const a = sunAltitudeDeg(date, lat, lon);
  const b = sunAltitudeDeg(new Date(date.getTime() + 5 * 60_000), lat, lon);
  return a === null || b === null ? null : b > a;
}
