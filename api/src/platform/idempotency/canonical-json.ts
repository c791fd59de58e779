import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level (undefined dropped, Dates as ISO), so equal inputs hash equal. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The request fingerprint: SHA-256 of the operation name and its canonical input. */
export const requestFingerprint = (operation: string, input: unknown): string =>
  createHash('sha256')
    .update(`${operation}\n${canonicalJson(input)}`)
    .digest('hex');
