/**
 * DJI writes the date and time of the remote controller's clock, i.e. local wall-clock time with no
 * zone. To get an instant we look up the IANA zone at the position (@photostructure/tz-lookup, an
 * offline polygon table) and convert with the platform's Intl time-zone data.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type TzLookup = (lat: number, lon: number) => string;
let loaded: TzLookup | undefined;
// tz-lookup is CommonJS (`export =`); loaded through require so it works the same under tsc and jest.
// Loaded with the first lookup (a few ms, processing only): an API process that converts no
// capture time does not carry the zone table.
const tzLookup: TzLookup = (lat, lon) => (loaded ??= require('@photostructure/tz-lookup') as TzLookup)(lat, lon);

/** IANA time zone at a position (e.g. `Europe/Paris`; `Etc/GMT+3` style at sea), or null on bad input. */
export function timeZoneAt(lat: number, lon: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds (e.g. +7_200_000 for CEST). */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(utcMs));
  const get = (t: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const wholeSecondUtc = Math.floor(utcMs / 1000) * 1000;
  return asUtc - wholeSecondUtc;
}

const DAY_MS = 86_400_000;

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

/**
 * Converts a zone-less local wall-clock time (`YYYY-MM-DDTHH:mm:ss[.sss]`) in `timeZone` to a UTC
 * ISO string (`...Z`). In the spring-forward gap the time is read with the offset before the change;
 * in the autumn overlap the earlier (daylight) instant is chosen. Null on bad input or unknown zone.
 */
export function localToUtc(local: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const ms = m[7] ? +m[7].padEnd(3, '0') : 0;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, ms);
  if (!Number.isFinite(wall)) return null;
  try {
    // DST changes at most once in a day, so the offsets a day before, at and a day after the wall time
    // cover every offset that can apply. A candidate is valid when its own offset maps back to it.
    const before = zoneOffsetMs(wall - DAY_MS, timeZone);
    const offsets = new Set([before, zoneOffsetMs(wall, timeZone), zoneOffsetMs(wall + DAY_MS, timeZone)]);
    let best: number | null = null;
    for (const o of offsets) {
      const utc = wall - o;
      if (zoneOffsetMs(utc, timeZone) === o && (best === null || utc < best)) best = utc; // overlap: earlier
    }
    // Spring-forward gap (no valid candidate): read the wall time with the offset in force before it.
    return new Date(best ?? wall - before).toISOString();
  } catch {
    return null;
  }
}
