import { badInput } from '../errors/app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else is a 400 rather than a database error. */
export function parseId(raw: unknown, what = 'project'): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw badInput(`Invalid ${what} id`);
  return raw.toLowerCase();
}
