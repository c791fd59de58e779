import { describe, expect, it } from '@jest/globals';
import { countOf, creditsInDollars, formatMB } from './format';

describe('formatMB', () => {
  it('shows bytes divided by 1048576 with 2 decimals, and "<0.01 MB" for a file too small to show', () => {
    expect(formatMB(0)).toBe('0.00 MB');
    expect(formatMB(1)).toBe('<0.01 MB');
    expect(formatMB(5242)).toBe('<0.01 MB'); // 0.004999 MB
    expect(formatMB(5243)).toBe('0.01 MB');
    expect(formatMB(1048576)).toBe('1.00 MB');
    expect(formatMB(2.5 * 1048576)).toBe('2.50 MB');
  });
});

describe('countOf and creditsInDollars (issue 16 texts)', () => {
  it('says "1 event" and "2 events"', () => {
    expect(countOf(1, 'event')).toBe('1 event');
    expect(countOf(2, 'event')).toBe('2 events');
    expect(countOf(0, 'event')).toBe('0 events');
    expect(countOf(1200, 'file set')).toBe('1,200 file sets');
  });
  it('prices credits at the $0.10 reference', () => {
    expect(creditsInDollars('0.21')).toBe('≈ $0.02');
    expect(creditsInDollars(100)).toBe('≈ $10.00');
    expect(creditsInDollars('0.03')).toBe('≈ <$0.01');
  });
});
