import { LedgerError } from './errors.js';
import { costPerFilesetCents, formatCredits, parseCreditAmount, runCostCents } from './money.js';

const refusal = (run: () => unknown): LedgerError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerError);
    return error as LedgerError;
  }
  throw new Error('expected a LedgerError');
};

describe('parseCreditAmount', () => {
  it.each([
    [0, 0],
    ['0', 0],
    ['-0.00', 0],
    [12.5, 1250],
    ['12.50', 1250],
    [' 7 ', 700],
    ['-0.03', -3],
    ['.5', 50],
    [1_000_000_000, 100_000_000_000],
    ['-1000000000.00', -100_000_000_000],
  ])('reads %p as %p cents', (input, cents) => {
    expect(parseCreditAmount(input)).toBe(cents);
  });

  it.each([NaN, Infinity, -Infinity, '', '   ', 'abc', '1e3', '1,5', '--1', null, undefined, {}, [], true])(
    'refuses %p as not a valid credit amount',
    (input) => {
      const error = refusal(() => parseCreditAmount(input));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe('Please enter a valid credit amount');
    },
  );

  it.each(['1.234', 0.001, 0.1 + 0.2])('refuses %p for having more than 2 decimals', (input) => {
    const error = refusal(() => parseCreditAmount(input));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/at most 2 decimal places/);
  });

  it.each([1_000_000_000.01, '1000000001', -2e9, 1e21])('refuses huge %p', (input) => {
    const error = refusal(() => parseCreditAmount(input));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/between -1,000,000,000 and 1,000,000,000/);
  });
});

describe('formatCredits', () => {
  it.each([
    [10_000, '100.00'],
    [-3, '-0.03'],
    [0, '0.00'],
    [5, '0.05'],
    [-12_345, '-123.45'],
    [100_000_000_000, '1000000000.00'],
  ])('shows %p cents as %p', (cents, text) => {
    expect(formatCredits(cents)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(refusal(() => formatCredits(1.5)).code).toBe('VALIDATION');
  });
});

describe('costPerFilesetCents', () => {
  it.each([
    ['0.02', 50, '0.03'],
    ['0.02', '50', '0.03'],
    ['0.02', 0, '0.02'],
    ['0.02', 1000, '0.22'],
    ['0.02', 33.3, '0.0267'],
    ['0.015', 10, '0.0165'],
    // 0.00001 x 1.5 = 0.000015 rounds half-up at the 4th decimal to 0.0000
    ['0.00001', 50, '0.00'],
    ['0.00005', 0, '0.0001'],
  ])('base %p with markup %p costs %p', (base, markup, cost) => {
    expect(costPerFilesetCents(base, markup)).toBe(cost);
  });

  it.each([-1, 1001, NaN, 'x', ''])('refuses markup %p', (markup) => {
    expect(refusal(() => costPerFilesetCents('0.02', markup as number)).code).toBe('VALIDATION');
  });

  it('refuses a negative or non-numeric base cost', () => {
    expect(refusal(() => costPerFilesetCents('-0.02', 50)).code).toBe('VALIDATION');
    expect(refusal(() => costPerFilesetCents('two cents', 50)).code).toBe('VALIDATION');
  });
});

describe('runCostCents', () => {
  it.each([
    [7, '0.03', 21],
    [0, '0.03', 0],
    [1, '0.0267', 3],
    // 0.005 rounds half-up to 0.01, where binary floats would give 0.00
    [1, '0.005', 1],
    [3, '0.0267', 8],
    [1000, '0.0267', 2670],
    [10, '0.22', 220],
  ])('%p file sets at %p cost %p cents', (count, cost, cents) => {
    expect(runCostCents(count, cost)).toBe(cents);
  });

  it('never goes through floats: 3 x 0.1 is exactly 0.30', () => {
    expect(runCostCents(3, '0.1')).toBe(30);
  });

  it.each([-1, 1.5, NaN])('refuses %p file sets', (count) => {
    expect(refusal(() => runCostCents(count, '0.03')).code).toBe('VALIDATION');
  });
});
