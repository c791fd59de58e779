/**
 * Readers of single DJI .SRT field values, as firmware of different years writes them: numbers with
 * units or `n/a`, shutter fractions, f-numbers and focal lengths in old fixed-point forms, digital
 * zoom, yaw, and the local wall-clock date. Used by srt-entry.ts; none throws.
 */

/** `2017.08.05 14:11:51`, `2017.8.5 ..`, `2022-12-29 08:32:20.113`, `2022-08-07 13:40:40,774,808`. */
const DATE_RE = /(\d{4})[-./](\d{1,2})[-./](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3})(?:[.,]\d{1,3})?)?/;

/** Parses a number; null for empty, `n/a`, NaN or infinite values. Accepts trailing units (`83.4M`, `33ms`). */
export function num(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const v = parseFloat(raw);
  return Number.isFinite(v) ? v : null;
}

/** A fraction such as `-1/3` or a plain number. */
export function fractionOrNum(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const slash = raw.indexOf('/');
  if (slash > 0) {
    const a = parseFloat(raw.slice(0, slash));
    const b = parseFloat(raw.slice(slash + 1));
    return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : null;
  }
  return num(raw);
}

/** Trims a number to at most `digits` decimals without trailing zeros: 6400.0 -> "6400", 239.89 -> "239.89". */
function fmt(v: number, digits = 2): string {
  return String(Number(v.toFixed(digits)));
}

/**
 * Shutter speed. `1/8000.0` -> 1/8000 s. A bare number is a denominator, as DJI's legacy and compact
 * layouts write it (`Shutter:60`, `TV:60`, `SS 400` = 1/60 s, 1/400 s). `2s` or `2"` is 2 seconds.
 */
export function parseShutter(raw: string | undefined): { text: string; seconds: number } | null {
  if (raw === undefined || raw === '') return null;
  const slash = raw.indexOf('/');
  if (slash > 0) {
    const a = parseFloat(raw.slice(0, slash));
    const b = parseFloat(raw.slice(slash + 1));
    if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
    return { text: `${fmt(a)}/${fmt(b)}`, seconds: a / b };
  }
  const v = parseFloat(raw);
  if (!Number.isFinite(v) || v <= 0) return null;
  if (/\d\s*(?:s|")\s*$/i.test(raw)) return { text: `${fmt(v)}s`, seconds: v };
  if (v >= 1) return { text: `1/${fmt(v)}`, seconds: 1 / v };
  return { text: `${fmt(v, 4)}s`, seconds: v };
}

/** f-number: `2.8`, `F2.8`, `F/2.8`, or older firmware's hundredths `280` (no decimal point, >= 100). */
export function parseFnum(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const s = raw.replace(/^[Ff]\/?/, '');
  const v = num(s);
  if (v === null || v <= 0) return null;
  return !s.includes('.') && v >= 100 ? v / 100 : v;
}

/** Focal length: `24.00` mm, or older firmware's tenths `240` (no decimal point, >= 100) = 24 mm. */
export function parseFocal(raw: string | undefined): number | null {
  const v = num(raw);
  if (v === null || v <= 0 || raw === undefined) return null;
  return !raw.includes('.') && v >= 100 ? v / 10 : v;
}

/** Digital zoom: `4.00`, or `dzoom_ratio: 10000` (x10000 fixed point) = 1.0. */
export function parseZoom(raw: string | undefined): number | null {
  const v = num(raw);
  if (v === null || v <= 0 || raw === undefined) return null;
  return !raw.includes('.') && v >= 100 ? v / 10000 : v;
}

export function normYaw(v: number | null): number | null {
  if (v === null) return null;
  const d = v % 360;
  return d < 0 ? d + 360 : d;
}

export function decimals(raw: string): number {
  const dot = raw.indexOf('.');
  if (dot < 0) return 0;
  let end = dot + 1;
  while (end < raw.length && raw.charCodeAt(end) >= 48 && raw.charCodeAt(end) <= 57) end++;
  return end - dot - 1;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Local wall-clock date/time written by the drone, as `YYYY-MM-DDTHH:mm:ss.sss`, or null. */
export function parseLocalDate(body: string): string | null {
  const m = DATE_RE.exec(body);
  if (!m) return null;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  const h = +m[4]!;
  const mi = +m[5]!;
  const s = +m[6]!;
  if (y < 1990 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
    return null;
  }
  const msRaw = m[7];
  const ms = msRaw ? Math.round(+msRaw * 10 ** (3 - msRaw.length)) : 0;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(Math.min(s, 59))}.${pad(ms, 3)}`;
}
