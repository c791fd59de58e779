/**
 * What a DJI photo says about itself: EXIF GPS and capture time, and DJI's XMP (drone-dji:
 * RelativeAltitude, GimbalPitchDegree, GimbalYawDegree, FlightYawDegree), read with exiftool-vendored
 * (one exiftool child per process, started on first use, ended by `closePhotoExif`). A JPG with no
 * EXIF answers all nulls: it is still a photo.
 */
import type { ExifTool, Tags } from 'exiftool-vendored';

export interface PhotoExif {
  lat: number | null;
  lon: number | null;
  /** Metres above the take-off point (DJI XMP RelativeAltitude). */
  relAlt: number | null;
  /** Metres above sea level (GPSAltitude / AbsoluteAltitude). */
  absAlt: number | null;
  gimbalPitch: number | null;
  gimbalYaw: number | null;
  flightYaw: number | null;
  /** Local capture time as written, "2024-05-01 17:42:10", or null. */
  localTime: string | null;
  /** The camera's model, e.g. "FC3582", or null. */
  model: string | null;
}

let tool: ExifTool | undefined;

/** The exiftool child; exiftool-vendored (~19 MB resident) loads with the first photo read. */
async function exiftool(): Promise<ExifTool> {
  if (!tool) {
    const { ExifTool } = await import('exiftool-vendored');
    tool ??= new ExifTool({ maxProcs: 1, taskTimeoutMillis: 30_000 });
  }
  return tool;
}

/** Ends the exiftool child (server and worker shutdown). */
export async function closePhotoExif(): Promise<void> {
  const t = tool;
  tool = undefined;
  await t?.end();
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

function timeOf(v: unknown): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v.replace(/^(\d{4}):(\d\d):(\d\d)/, '$1-$2-$3');
  const d = v as { year?: number; month?: number; day?: number; hour?: number; minute?: number; second?: number };
  if (!d.year || !d.month || !d.day) return null;
  const p = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${d.year}-${p(d.month)}-${p(d.day)} ${p(d.hour)}:${p(d.minute)}:${p(d.second)}`;
}

/** Reads the photo's tags; unreadable metadata answers all nulls (never throws for a bad file). */
export async function readPhotoExif(file: string): Promise<PhotoExif> {
  const et = await exiftool();
  let t: Tags & Record<string, unknown>;
  try {
    t = (await et.read(file)) as Tags & Record<string, unknown>;
  } catch {
    t = {} as Tags & Record<string, unknown>;
  }
  const lat = num(t.GPSLatitude);
  const lon = num(t.GPSLongitude);
  const fix = lat !== null && lon !== null && !(lat === 0 && lon === 0) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return {
    lat: fix ? lat : null,
    lon: fix ? lon : null,
    relAlt: num(t.RelativeAltitude),
    absAlt: num(t.AbsoluteAltitude) ?? num(t.GPSAltitude),
    gimbalPitch: num(t.GimbalPitchDegree),
    gimbalYaw: num(t.GimbalYawDegree),
    flightYaw: num(t.FlightYawDegree),
    localTime: timeOf(t.DateTimeOriginal ?? t.CreateDate),
    model: typeof t.Model === 'string' ? t.Model : null,
  };
}
