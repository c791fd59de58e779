import { chooseStill, exposureScore, type FrameMeasure } from './still-choice.js';

const frame = (position: number, sharpness: number, brightness = 0.47, clipped = 0): FrameMeasure => ({
  at: position * 10,
  position,
  seek: 'keyframe',
  sharpness,
  brightness,
  clippedDark: clipped,
  clippedBright: 0,
});

describe('the still a clip gets', () => {
  it('no decodable frame: no still', () => {
    expect(chooseStill([])).toBeNull();
  });

  it('the sharpest well-exposed frame wins', () => {
    const c = chooseStill([frame(0.2, 100), frame(0.5, 900), frame(0.8, 300)]);
    expect(c).toMatchObject({ index: 1, at: 5, reason: 'sharpest well-exposed frame at 50 % (5.0 s)' });
  });

  it('a sharp but black or blown-out frame loses to a well-exposed one', () => {
    expect(exposureScore({ brightness: 0.05, clippedDark: 0.6, clippedBright: 0 })).toBe(0);
    expect(chooseStill([frame(0.3, 1000, 0.05, 0.6), frame(0.6, 500)])!.index).toBe(1);
  });

  it('the start of a take-off counts for half: by position without telemetry, by height with it', () => {
    expect(chooseStill([frame(0.08, 1000), frame(0.5, 700)])!.index).toBe(1);
    // With heights: the early frame is already 30 m up, the later one is landing at 2 m.
    const heightAt = (s: number) => (s < 3 ? 30 : 2);
    expect(chooseStill([frame(0.08, 1000), frame(0.5, 700)], heightAt)!.index).toBe(0);
  });
});
