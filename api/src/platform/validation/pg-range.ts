/**
 * What PostgreSQL can store, checked before a value reaches it: out of range it answers an error
 * that would surface as a 500. One rule for every date and sequence a client sends (filters,
 * cursors, expiry dates), so each answers 400 the same way.
 *
 * Dates: years 1 to 9999. PostgreSQL itself spans 4713 BC to 294276 AD, but node-postgres writes
 * a Date as text with a four-digit year; year 0 or +275760 (both valid JavaScript dates) come out
 * in forms PostgreSQL refuses. No real date in Shotlog lies outside these years.
 */
// Date.UTC maps years 0-99 to 1900-1999, so year 1 is set with setUTCFullYear. Both ends keep 14 h
// inside the range: a time-zone shift of the written day must not carry it past year 1 or 9999.
const MIN_TIME = new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(1) + 14 * 3600_000;
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999) - 14 * 3600_000;

/** A real date PostgreSQL will take from us. */
export const isStorableDate = (d: Date): boolean => !Number.isNaN(d.getTime()) && d.getTime() >= MIN_TIME && d.getTime() <= MAX_TIME;

export const DATE_RANGE_MESSAGE = 'must be a date between the years 1 and 9999';

/** PostgreSQL's bigint: -2^63 to 2^63-1. */
const BIGINT_MAX = 2n ** 63n - 1n;

/** A non-negative whole number in decimal that fits a bigint column. */
export const isStorableSequence = (text: string): boolean => /^\d{1,19}$/.test(text) && BigInt(text) <= BIGINT_MAX;
