import { isStorableDate, isStorableSequence } from './pg-range.js';

const year = (y: number, month = 0, day = 1) => {
  const d = new Date(Date.UTC(2000, month, day));
  d.setUTCFullYear(y);
  return d;
};

describe('isStorableDate', () => {
  it('takes dates from year 1 to 9999, including the years before 1901 that Date.UTC cannot name', () => {
    for (const y of [2, 99, 100, 1066, 1850, 1900, 1901, 2026, 9998]) expect(isStorableDate(year(y, 5, 15))).toBe(true);
  });

  it('refuses year 0, year 10000 and later, and invalid dates', () => {
    for (const d of [year(0, 5, 15), year(-1), year(10000, 5, 15), year(275760), new Date(Number.NaN)]) expect(isStorableDate(d)).toBe(false);
  });
});

describe('isStorableSequence', () => {
  it('takes decimal whole numbers that fit a bigint', () => {
    expect(isStorableSequence('0')).toBe(true);
    expect(isStorableSequence('9223372036854775807')).toBe(true);
    expect(isStorableSequence('9223372036854775808')).toBe(false);
    expect(isStorableSequence('-1')).toBe(false);
    expect(isStorableSequence('1e3')).toBe(false);
  });
});
