/**
 * Generated DJI .SRT text (modern bracket layout, as the Mini/Air/Mavic 3 write it) for edge cases
 * the real fixtures do not hold: pre-lock frames, spikes, clock resets, garbage between entries.
 */
export interface GenEntry {
  /** Seconds from the start of the video (the timecode). */
  t: number;
  lat: number;
  lon: number;
  relAlt: number;
  absAlt?: number;
  gimbalPitch?: number;
  gimbalYaw?: number;
  /** Local wall-clock time written by the drone; defaults to start + t. */
  local?: string;
}

const pad = (n: number, w = 2) => String(Math.floor(n)).padStart(w, '0');

function timecode(t: number): string {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
}

function localAt(start: string, t: number): string {
  const d = new Date(Date.parse(`${start}Z`) + t * 1000);
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** One entry's text. `frameDt` is the subtitle's length (one frame at 30 fps by default). */
export function srtEntry(i: number, e: GenEntry, start = '2024-06-01T12:00:00', frameDt = 1 / 30): string {
  const gimbal = e.gimbalPitch !== undefined ? ` [gb_yaw: ${(e.gimbalYaw ?? 0).toFixed(1)} gb_pitch: ${e.gimbalPitch.toFixed(1)} gb_roll: 0.0]` : '';
  return [
    String(i),
    `${timecode(e.t)} --> ${timecode(e.t + frameDt)}`,
    `<font size="28">SrtCnt : ${i}, DiffTime : 33ms`,
    e.local ?? localAt(start, e.t),
    `[iso : 100] [shutter : 1/500.0] [fnum : 2.8] [ev : 0] [color_md : default] [focal_len : 24.00] [latitude: ${e.lat.toFixed(6)}] [longitude: ${e.lon.toFixed(6)}] [rel_alt: ${e.relAlt.toFixed(3)} abs_alt: ${(e.absAlt ?? 100 + e.relAlt).toFixed(3)}]${gimbal} </font>`,
    '',
  ].join('\n');
}

/** A whole file; `between` is inserted after each entry (e.g. garbage lines). */
export function srtText(entries: readonly GenEntry[], opts: { start?: string; between?: string } = {}): string {
  return entries.map((e, i) => srtEntry(i + 1, e, opts.start) + '\n' + (opts.between ?? '')).join('');
}

/** Metres per degree of latitude (sphere of geo.ts). */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/**
 * A track sampled every `dt` seconds for `seconds`: `pos(t)` gives metres east/north of (lat0, lon0)
 * and the height above take-off.
 */
export function track(
  seconds: number,
  pos: (t: number) => { x: number; y: number; h: number },
  opts: { lat0?: number; lon0?: number; dt?: number; gimbalPitch?: number; gimbalYaw?: number } = {},
): GenEntry[] {
  const lat0 = opts.lat0 ?? 41.3851;
  const lon0 = opts.lon0 ?? 2.1734;
  const dt = opts.dt ?? 0.1;
  const out: GenEntry[] = [];
  for (let k = 0; k * dt <= seconds + 1e-9; k++) {
    const t = Math.round(k * dt * 1000) / 1000;
    const p = pos(t);
    out.push({
      t,
      lat: lat0 + p.y / M_PER_DEG,
      lon: lon0 + p.x / (M_PER_DEG * Math.cos((lat0 * Math.PI) / 180)),
      relAlt: p.h,
      ...(opts.gimbalPitch !== undefined ? { gimbalPitch: opts.gimbalPitch, gimbalYaw: opts.gimbalYaw ?? 0 } : {}),
    });
  }
  return out;
}

/** `n` pre-lock entries (0,0 coordinates, altitude 0) before `entries`, which are shifted later in time. */
export function withPreLock(entries: readonly GenEntry[], n: number, dt = 1 / 30): GenEntry[] {
  const pre: GenEntry[] = Array.from({ length: n }, (_, i) => ({ t: i * dt, lat: 0, lon: 0, relAlt: 0, absAlt: 0 }));
  return [...pre, ...entries.map((e) => ({ ...e, t: e.t + n * dt }))];
}
