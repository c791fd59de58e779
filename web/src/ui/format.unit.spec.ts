import { describe, expect, it } from '@jest/globals';
import { formatMB } from './format';

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
