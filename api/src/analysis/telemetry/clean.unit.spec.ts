/**
 * Telemetry you can trust (issue 21 item 3): pre-lock frames, glitches and clock jumps are left out
 * of every figure, recorded with the reason; rates come from telemetry time.
 */
import { parseDjiSrt } from './parse.js';
import { summarizeTrack } from './summary.js';
import { cleanSamples } from './clean.js';
import { analyseShotTypes } from '../shot-types/derive.js';
import { readFixture } from '../test-support/fixtures.js';
import { srtText, track, withPreLock, type GenEntry } from '../quality/generated-srt.js';
import { placeOf } from '../../features/processing/pipeline/telemetry-stage.js';

const hover = (seconds: number, h = 50) => track(seconds, () => ({ x: 0, y: 0, h }));
const analyse = (text: string) => {
  const t = parseDjiSrt(text);
  const summary = summarizeTrack(t);
  return { t, summary, shots: analyseShotTypes(summary, t.samples) };
};

describe('pre-lock frames', () => {
  it('the real Neo 2 sample: its three 0,0 frames are recorded as dropped', () => {
    const { summary } = analyse(readFixture('CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT'));
    expect(summary.dropped?.preLock).toBe(3);
    expect(summary.dropped?.examples[0]).toMatch(/^entry 1: before GPS lock/);
    expect(summary.firstFix).toEqual({ lat: 32.848932, lon: -84.861966 });
  });

  it('a hover at 50 m after 20 pre-lock frames at altitude 0 is a hover, not a climb', () => {
    const text = srtText(withPreLock(hover(20), 20));
    const { summary, shots } = analyse(text);
    expect(summary.dropped?.preLock).toBe(20);
    expect(summary.altitudeStart).toBe(50);
    expect(summary.altitudeMin).toBe(50);
    expect(summary.climb).toBe(0);
    expect(shots.types.rising).toBe(false);
    expect(shots.types.hover).toBe(true);
    // Without the cleaner the same file read as a 50 m climb (the bug the issue reports).
    const raw = summarizeTrack(parseDjiSrt(text), { raw: true });
    expect(raw.climb).toBe(50);
    expect(analyseShotTypes(raw, parseDjiSrt(text).samples, { raw: true }).types.rising).toBe(true);
  });

  it('only pre-lock frames: no fix, Unknown place, no motion types', () => {
    const pre = withPreLock([], 90);
    const { summary, shots } = analyse(srtText(pre));
    expect(summary.hasGps).toBe(false);
    expect(summary.dropped?.preLock).toBe(90);
    expect(summary.altitudeMin).toBeNull();
    expect(summary.climb).toBeNull();
    for (const id of ['aerial', 'hover', 'rising', 'descending', 'orbit', 'tracking', 'flyover', 'pan'] as const) expect(shots.types[id]).toBe(false);
    expect(placeOf(summary)).toMatchObject({ position: null, place: null, placeSource: null });
  });
});

describe('glitches', () => {
  it('a one-entry horizontal spike (500 m away) is dropped and the path is unchanged', () => {
    const line = track(20, (t) => ({ x: 5 * t, y: 0, h: 40 }));
    const spiked: GenEntry[] = line.map((e, i) => (i === 100 ? { ...e, lat: e.lat + 0.0045 } : e));
    const clean = analyse(srtText(line)).summary;
    const { summary } = analyse(srtText(spiked));
    expect(summary.dropped?.horizontalGlitch).toBe(1);
    expect(summary.dropped?.examples[0]).toMatch(/^entry 101: \d+ m in 0\.10 s from entry 100 \(over 40 m\/s\)/);
    expect(summary.distance).toBeCloseTo(clean.distance, 3);
    expect(summary.maxGroundSpeed).toBeCloseTo(clean.maxGroundSpeed!, 3);
  });

  it('a vertical spike (80 m in a frame) is dropped; the climb stays 0', () => {
    const h = hover(10, 30).map((e, i) => (i === 40 ? { ...e, relAlt: 110 } : e));
    const { summary, shots } = analyse(srtText(h));
    expect(summary.dropped?.verticalGlitch).toBe(1);
    expect(summary.altitudeMax).toBe(30);
    expect(shots.types.hover).toBe(true);
  });

  it('a real 100 m climb at 5 m/s is kept whole', () => {
    const { summary, shots } = analyse(srtText(track(20, (t) => ({ x: 0, y: 0, h: 10 + 5 * t }))));
    expect(summary.dropped?.verticalGlitch).toBe(0);
    expect(summary.climb).toBeCloseTo(100, 6);
    expect(summary.climbRate).toBeCloseTo(5, 6);
    expect(shots.types.rising).toBe(true);
  });

  it('a clock that jumps back: the entries written before the jump count, the rest are dropped', () => {
    const first = hover(10, 30);
    const again = hover(5, 30).map((e) => ({ ...e, t: e.t + 2 })); // timecode back to 2 s
    const { summary } = analyse(srtText([...first, ...again]));
    expect(summary.dropped?.clockBack).toBe(again.filter((e) => e.t < 10).length);
    expect(summary.duration).toBeLessThanOrEqual(10.1);
  });

  it('is idempotent, so the summary and the rules agree', () => {
    const t = parseDjiSrt(srtText(withPreLock(hover(5), 5)));
    const once = cleanSamples(t.samples);
    expect(cleanSamples(once.samples).samples).toEqual(once.samples);
  });
});

describe('rates from telemetry time', () => {
  // An 80 m climb over 20 s of telemetry: the rate is 4 m/s whatever the video's length.
  const climb = track(20, (t) => ({ x: 0, y: 0, h: 20 + 4 * t }));
  it('SRT covering 20 s: 4 m/s', () => {
    const { summary } = analyse(srtText(climb));
    expect(summary.climbRate).toBeCloseTo(4, 6);
    expect(summary.telemetrySpan).toBeCloseTo(20, 6);
  });
  it('an SRT whose last entry lasts long past the telemetry (longer than the video) does not dilute the rate', () => {
    // The last subtitle runs 40 s on: a file longer than the video it belongs to.
    const text = srtText(climb).replace(/00:00:20,000 --> 00:00:20,033/, '00:00:20,000 --> 00:01:00,000');
    const { summary } = analyse(text);
    expect(summary.duration).toBeCloseTo(60, 3);
    expect(summary.climbRate).toBeCloseTo(4, 6);
  });
  it('an SRT shorter than the video (first 5 s only): the rate over those 5 s', () => {
    const { summary } = analyse(srtText(climb.filter((e) => e.t <= 5)));
    expect(summary.climbRate).toBeCloseTo(4, 6);
    expect(summary.climb).toBeCloseTo(20, 6);
  });
});

describe('bad input', () => {
  it('one sample: a summary without motion, nothing thrown', () => {
    const { summary, shots } = analyse(srtText(hover(0)));
    expect(summary.fixCount).toBe(1);
    expect(summary.climbRate).toBeNull();
    expect(shots.types.hover).toBe(false);
    expect(shots.types.rising).toBe(false);
  });
  it('garbage lines between entries are skipped', () => {
    const text = srtText(hover(5), { between: 'garbage ### line\n\nmore junk 123\n\n' });
    const { summary } = analyse(text);
    expect(summary.fixCount).toBe(51);
    expect(summary.dropped?.horizontalGlitch).toBe(0);
  });
});

describe('the real fixtures', () => {
  it.each([
    'JuanIrache__DJI_SRT_Parser__MAVIC3.srt',
    'JuanIrache__DJI_SRT_Parser__air2s.srt',
    'JuanIrache__DJI_SRT_Parser__m2zoom.SRT',
    'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT',
    'JuanIrache__DJI_SRT_Parser__mavic_mini.SRT',
    'JuanIrache__DJI_SRT_Parser__matrice_300.srt',
    'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT',
    'ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT',
  ])('%s: real flights lose no entries to the glitch rules', (name) => {
    const { t, summary } = analyse(readFixture(name));
    expect(summary.dropped).toMatchObject({ horizontalGlitch: 0, verticalGlitch: 0 });
    expect(summary.fixCount).toBe(t.samples.filter((s) => s.lat !== null).length - summary.dropped!.clockBack);
  });
});
