import { monthlyPeriods, parseInstant, parsePeriod } from './finance-dates.js';

const iso = (d: Date | undefined) => d?.toISOString();

test('reads dates and date-times as UTC unless they name a zone', () => {
  expect(iso(parseInstant('2026-01-31', 'asOf'))).toBe('2026-01-31T00:00:00.000Z');
  expect(iso(parseInstant('2026-01-31T23:59:59.999Z', 'asOf'))).toBe('2026-01-31T23:59:59.999Z');
  expect(iso(parseInstant('2026-01-31T10:00', 'asOf'))).toBe('2026-01-31T10:00:00.000Z');
  expect(iso(parseInstant('2026-01-31T10:00:00+02:00', 'asOf'))).toBe('2026-01-31T08:00:00.000Z');
  expect(iso(parseInstant('2026-01-31T10:00:00-0530', 'asOf'))).toBe('2026-01-31T15:30:00.000Z');
  expect(parseInstant('', 'asOf')).toBeUndefined();
  expect(parseInstant(undefined, 'asOf')).toBeUndefined();
});

test.each([
  ['yesterday', /asOf must be a date \(ISO 8601/],
  ['2026-02-30', /asOf must be a date \(ISO 8601/],
  ['2026-13-01', /asOf must be a date \(ISO 8601/],
  ['2026-01-01T24:00', /asOf must be a date \(ISO 8601/],
  ['1e12', /asOf must be a date \(ISO 8601/],
  ['99999-01-01', /between the years 1 and 9999/],
  ['0000-01-01', /between the years 1 and 9999/],
  ['2026-01-01T00:00+15:00', /offset/],
])('refuses %s', (raw, message) => {
  expect(() => parseInstant(raw, 'asOf')).toThrow(message);
});

test('refuses a repeated parameter', () => {
  expect(() => parseInstant(['2026-01-01', '2026-02-01'], 'from')).toThrow(/once/);
});

test('a period defaults to the current month and must run forwards', () => {
  const now = new Date('2026-11-25T17:00:00Z');
  expect(parsePeriod(undefined, undefined, now)).toEqual({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
  expect(parsePeriod('2026-01-15', undefined, now)).toEqual({ from: new Date('2026-01-15T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') });
  expect(() => parsePeriod('2026-02-01', '2026-01-01', now)).toThrow('from must be before to');
  expect(() => parsePeriod('2026-02-01', '2026-02-01', now)).toThrow('from must be before to');
});

test('months cut a period at each month start, the ends kept', () => {
  const pieces = monthlyPeriods(new Date('2026-01-15T00:00:00Z'), new Date('2026-03-10T00:00:00Z')).map((p) => [iso(p.from), iso(p.to)]);
  expect(pieces).toEqual([
    ['2026-01-15T00:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', '2026-03-10T00:00:00.000Z'],
  ]);
  expect(() => monthlyPeriods(new Date('2000-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))).toThrow(/120 months/);
});
