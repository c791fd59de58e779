import { describe, expect, it } from '@jest/globals';
import { computeProgress, formatRemaining, formatSpeed, UPLOAD_STAGES } from './upload-progress';

describe('upload progress (SPEC §2, §4)', () => {
  it('shows time remaining only after 2 s of transfer and while under 7200 s', () => {
    const MB = 1048576;
    expect(computeProgress(10 * MB, 100 * MB, 1000)).toEqual({ percent: 10, bytesPerSecond: 10 * MB, remainingSeconds: null });
    expect(computeProgress(20 * MB, 100 * MB, 2000)).toMatchObject({ percent: 20, remainingSeconds: 8 });
    // 1 KB/s with 10 MB left: far over 7200 s, so hidden.
    expect(computeProgress(2048, 10 * MB, 2000).remainingSeconds).toBeNull();
    expect(computeProgress(0, 0, 0)).toEqual({ percent: 0, bytesPerSecond: 0, remainingSeconds: null });
  });

  it('formats speed and time, and times the stages at 0.3, 0.6, 0.9 and 1.2 s', () => {
    expect(formatSpeed(2.5 * 1048576)).toBe('2.50 MB/s');
    expect(formatSpeed(51200)).toBe('50.0 KB/s');
    expect([formatRemaining(42), formatRemaining(125), formatRemaining(3700)]).toEqual(['42s', '2m 5s', '1h 1m']);
    expect(UPLOAD_STAGES.map((s) => [s.at, s.message])).toEqual([
      [300, 'Grouping files'],
      [600, 'Saving to storage'],
      [900, 'Creating database records'],
      [1200, 'Verifying file sets'],
    ]);
  });
});
