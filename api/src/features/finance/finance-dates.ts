import { badInput } from '../../platform/errors/app-error.js';
import { DATE_RANGE_MESSAGE, isStorableDate } from '../../platform/validation/pg-range.js';

/**
 * Instants a finance admin types: `2026-01-31` (UTC midnight) or an ISO 8601 date-time
 * (`2026-01-31T23:59:59Z`, `...+02:00`; without a zone: UTC). Parsed by hand, not by `new Date`,
 * which rolls `2026-02-30` over to March and reads zone-less times in the server's zone.
 */
const INSTANT = /^([+-]?\d{4,6})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function parseInstant(raw: unknown, name: string): Date | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (Array.isArray(raw)) throw badInput(`${name} must be given once`);
  const text = String(raw).trim();
  const m = INSTANT.exec(text);
  if (!m) throw badInput(`${name} must be a date (ISO 8601, e.g. 2026-01-31 or 2026-01-31T12:00:00Z)`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || year > 9999) throw badInput(`${name} ${DATE_RANGE_MESSAGE}`);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(Number(h), Number(mi), Number(s), Math.floor(Number(`0.${frac}`) * 1000));
  const fieldsHold =
    month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60;
  if (!fieldsHold) throw badInput(`${name} must be a date (ISO 8601, e.g. 2026-01-31 or 2026-01-31T12:00:00Z)`);
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    if (offsetMinutes > 14 * 60) throw badInput(`${name} has a time-zone offset beyond ±14:00`);
    date.setTime(date.getTime() - sign * offsetMinutes * 60_000);
  }
  if (!isStorableDate(date)) throw badInput(`${name} ${DATE_RANGE_MESSAGE}`);
  return date;
}

/** The first instant of the calendar month (UTC) holding `d`, moved by `months`. */
export function monthStart(d: Date, months = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
}

export const MAX_PERIODS = 120;

/** A statement period, `from` inclusive and `to` exclusive; the current month when neither is given. */
export function parsePeriod(rawFrom: unknown, rawTo: unknown, now: Date): { from: Date; to: Date } {
  const from = parseInstant(rawFrom, 'from');
  const to = parseInstant(rawTo, 'to');
  const start = from ?? (to ? monthStart(new Date(to.getTime() - 1)) : monthStart(now));
  const end = to ?? monthStart(start, 1);
  if (end.getTime() <= start.getTime()) throw badInput('from must be before to');
  return { from: start, to: end };
}

/** [from, to) cut at each month start (UTC); at most MAX_PERIODS pieces. */
export function monthlyPeriods(from: Date, to: Date): { from: Date; to: Date }[] {
  const periods: { from: Date; to: Date }[] = [];
  for (let start = from; start < to;) {
    const next = monthStart(start, 1);
    const end = next < to ? next : to;
    periods.push({ from: start, to: end });
    if (periods.length > MAX_PERIODS) throw badInput(`The period spans more than ${MAX_PERIODS} months: choose a shorter one or groupBy=none`);
    start = end;
  }
  return periods;
}
