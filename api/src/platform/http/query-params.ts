import { badInput } from '../errors/app-error.js';

/** A query-string whole number within bounds, or a 400 naming it. */
export function intParam(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(n) || n < min || n > max) throw badInput(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
