/**
 * A DJI photo's EXIF and XMP as a one-sample track, so the same summary, sun and place rules read a
 * photo as they read a clip: position, height above take-off, gimbal pitch and heading (the
 * look-at point) and the capture time. Pure.
 */
import { emptyCamera } from './srt-entry.js';
import type { Telemetry, TelemetrySample } from './types.js';

export interface PhotoTags {
  lat: number | null;
  lon: number | null;
  relAlt: number | null;
  absAlt: number | null;
  gimbalPitch: number | null;
  gimbalYaw: number | null;
  flightYaw: number | null;
  /** "2024-05-01 17:42:10" or ISO, local time. */
  localTime: string | null;
}

const LOCAL = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)/;

/** The local time in the parser's form ("2024-05-01T17:42:10.000"), or null. */
export function photoLocalTime(raw: string | null): string | null {
  const m = raw ? LOCAL.exec(raw) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000` : null;
}

export function photoTelemetry(tags: PhotoTags): Telemetry {
  const hasAny = Object.values(tags).some((v) => v !== null);
  if (!hasAny)
    return { samples: [], format: 'unknown', warnings: ['the photo carries no EXIF position, height or time'], coordinateDecimals: null, entryCount: 0 };
  const sample: TelemetrySample = {
    index: 1,
    time: 0,
    endTime: null,
    localTime: photoLocalTime(tags.localTime),
    lat: tags.lat,
    lon: tags.lon,
    relAlt: tags.relAlt,
    absAlt: tags.absAlt,
    hSpeed: null,
    vSpeed: null,
    yaw: tags.flightYaw,
    pitch: null,
    roll: null,
    gimbalYaw: tags.gimbalYaw,
    gimbalPitch: tags.gimbalPitch,
    gimbalRoll: null,
    satellites: null,
    distanceFromHome: null,
    home: null,
    camera: emptyCamera(),
    format: 'unknown',
  };
  return { samples: [sample], format: 'unknown', warnings: [], coordinateDecimals: tags.lat !== null ? 6 : null, entryCount: 1 };
}
