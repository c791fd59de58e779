/** Generated DJI-style SRT text (modern bracket layout) for track edge cases. */

export interface SrtEntry {
  lat: number;
  lon: number;
  /** abs altitude in metres. */
  alt: number;
}

const pad = (n: number, w = 2) => String(Math.floor(n)).padStart(w, '0');
const timecode = (s: number) => `${pad(s / 3600)}:${pad((s % 3600) / 60)}:${pad(s % 60)},${pad(Math.round((s % 1) * 1000), 3)}`;

/** One entry per second from `start` (local wall clock `YYYY-MM-DDTHH:mm:ss`). */
export function srtText(entries: readonly SrtEntry[], start = '2024-03-01T10:00:00'): string {
  const t0 = Date.parse(`${start}Z`);
  return entries
    .map((e, i) => {
      const local = new Date(t0 + i * 1000)
        .toISOString()
        .replace('T', ' ')
        .replace('Z', '')
        .replace(/\.(\d{3})$/, ',$1,000');
      return (
        `${i + 1}\n${timecode(i)} --> ${timecode(i + 1)}\n<font size="28">SrtCnt : ${i + 1}, DiffTime : 1000ms\n${local}\n` +
        `[iso : 100] [shutter : 1/500.0] [fnum : 2.8] [ev : 0] [latitude: ${e.lat.toFixed(6)}] [longitude: ${e.lon.toFixed(6)}] [rel_alt: ${(e.alt - 10).toFixed(3)} abs_alt: ${e.alt.toFixed(3)}] </font>\n`
      );
    })
    .join('\n');
}

/** A flight east across the antimeridian near Taveuni, Fiji (179.998°E -> 179.998°W, ~21 m/s). */
export const ANTIMERIDIAN_FLIGHT: SrtEntry[] = Array.from({ length: 21 }, (_, i) => {
  const lon = 179.998 + i * 0.0002;
  return { lat: -16.8 + i * 0.0001, lon: lon > 180 ? lon - 360 : lon, alt: 50 + i };
});

/** Frames before GPS lock: 0,0 and no altitude. */
export const PRE_LOCK: SrtEntry[] = Array.from({ length: 5 }, () => ({ lat: 0, lon: 0, alt: 0 }));
