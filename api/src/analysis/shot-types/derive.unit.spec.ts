import { initialBearingDeg } from '../telemetry/geo.js';
import { summarizeTrack } from '../telemetry/summary.js';
import type { TelemetrySample } from '../telemetry/types.js';
import { offset, sample } from '../test-support/fixtures.js';
import { analyseShotTypes, deriveShotTypes } from './derive.js';
import { lightPhase, sunAltitudeDeg } from './sun.js';
import { SHOT_TYPES, SHOT_TYPE_IDS, isShotType } from './vocabulary.js';

// Champ de Mars, Paris.
const LAT = 48.8556;
const LON = 2.2986;

interface Step {
  east?: number;
  north?: number;
  alt?: number;
  yaw?: number | null;
  gimbalYaw?: number | null;
  gimbalPitch?: number | null;
}

/** A 1 Hz track starting at `local` (Paris wall-clock time) built from per-second steps. */
function track(local: string, steps: Step[]): TelemetrySample[] {
  const start = Date.parse(local + 'Z'); // wall-clock arithmetic only
  return steps.map((st, i) => {
    const p = offset(LAT, LON, st.east ?? 0, st.north ?? 0);
    const wall = new Date(start + i * 1000).toISOString().slice(0, 23);
    return sample({
      index: i + 1,
      time: i,
      endTime: i + 1,
      localTime: wall,
      lat: p.lat,
      lon: p.lon,
      relAlt: st.alt ?? 40,
      yaw: st.yaw ?? null,
      gimbalYaw: st.gimbalYaw ?? null,
      gimbalPitch: st.gimbalPitch ?? null,
    });
  });
}

const NOON = '2023-06-21T13:00:00.000';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const shots = (samples: TelemetrySample[]) => deriveShotTypes(summarizeTrack(samples), samples);
const on = (r: Record<string, boolean>) =>
  Object.entries(r)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

describe('shot-type vocabulary', () => {
  it('is fixed, unique and documented', () => {
    expect(SHOT_TYPE_IDS.slice(0, 13)).toEqual([
      'aerial',
      'hover',
      'flyover',
      'rising',
      'descending',
      'orbit',
      'tracking',
      'high_altitude',
      'low_altitude',
      'golden_hour',
      'blue_hour',
      'night',
      'daylight',
    ]);
    expect(new Set(SHOT_TYPE_IDS).size).toBe(SHOT_TYPE_IDS.length);
    for (const s of SHOT_TYPES) expect(s.description.length).toBeGreaterThan(20);
    expect(isShotType('orbit')).toBe(true);
    expect(isShotType('dolly_zoom')).toBe(false);
  });

  it('every result has one boolean per id', () => {
    const r = shots(
      track(
        NOON,
        range(5).map(() => ({})),
      ),
    );
    expect(Object.keys(r).sort()).toEqual([...SHOT_TYPE_IDS].sort());
  });
});

describe('movement', () => {
  it('hover: GPS jitter of ~1 m and barometer noise, 30 s', () => {
    const steps = range(30).map((i) => ({ east: Math.sin(i) * 1.2, north: Math.cos(i * 1.7) * 0.8, alt: 40 + (i % 3) * 0.2 }));
    const r = shots(track(NOON, steps));
    expect(on(r)).toEqual(['aerial', 'daylight', 'hover']);
  });

  it('rising: 2 m/s straight up for 20 s', () => {
    const r = shots(
      track(
        NOON,
        range(21).map((i) => ({ alt: 10 + 2 * i })),
      ),
    );
    expect(r.rising).toBe(true);
    expect(r.descending).toBe(false);
    expect(r.hover).toBe(false);
  });

  it('descending: 1 m/s down from 60 m for 15 s', () => {
    const r = shots(
      track(
        NOON,
        range(16).map((i) => ({ alt: 60 - i })),
      ),
    );
    expect(r.descending).toBe(true);
    expect(r.rising).toBe(false);
  });

  it('slow drift of 2 m over 20 s is neither rising nor descending', () => {
    const r = shots(
      track(
        NOON,
        range(21).map((i) => ({ alt: 30 + i * 0.1 })),
      ),
    );
    expect(r.rising).toBe(false);
    expect(r.hover).toBe(true);
  });

  it('orbit: 300 deg around a point at 60 m radius, nose pointing at the centre', () => {
    const steps = range(41).map((i) => {
      const a = (i * 7.5 * Math.PI) / 180; // 7.5 deg/s, 300 deg in 40 s
      const east = 60 * Math.cos(a);
      const north = 60 * Math.sin(a);
      const here = offset(LAT, LON, east, north);
      return { east, north, yaw: initialBearingDeg(here.lat, here.lon, LAT, LON) };
    });
    const samples = track(NOON, steps);
    const a = analyseShotTypes(summarizeTrack(samples), samples);
    expect(a.types.orbit).toBe(true);
    expect(a.types.tracking).toBe(false);
    expect(a.types.hover).toBe(false);
    expect(a.motion.orbitRadius).toBeCloseTo(60, 0);
    expect(Math.abs(a.motion.orbitSweep!)).toBeCloseTo(300, 0);
  });

  it('a circle flown with the camera fixed north is not an orbit (heading does not sweep)', () => {
    const steps = range(41).map((i) => {
      const a = (i * 7.5 * Math.PI) / 180;
      return { east: 60 * Math.cos(a), north: 60 * Math.sin(a), gimbalYaw: 0 };
    });
    expect(shots(track(NOON, steps)).orbit).toBe(false);
  });

  it('tracking: steady 6 m/s straight line, camera level', () => {
    const r = shots(
      track(
        NOON,
        range(21).map((i) => ({ east: 6 * i, gimbalPitch: -5 })),
      ),
    );
    expect(r.tracking).toBe(true);
    expect(r.flyover).toBe(false); // camera not looking down
    expect(r.orbit).toBe(false);
    expect(r.hover).toBe(false);
  });

  it('flyover: fast straight pass with the camera tilted down', () => {
    const r = shots(
      track(
        NOON,
        range(16).map((i) => ({ north: 8 * i, gimbalPitch: -45 })),
      ),
    );
    expect(r.flyover).toBe(true);
    expect(r.tracking).toBe(true);
  });

  it('stop-and-go is not tracking', () => {
    const r = shots(
      track(
        NOON,
        range(21).map((i) => ({ east: 32 * Math.floor(i / 4) })),
      ),
    );
    expect(r.tracking).toBe(false);
  });

  it('height: high and low altitude, top-down camera', () => {
    expect(
      shots(
        track(
          NOON,
          range(10).map(() => ({ alt: 110 })),
        ),
      ).high_altitude,
    ).toBe(true);
    const low = shots(
      track(
        NOON,
        range(10).map(() => ({ alt: 8, gimbalPitch: -90 })),
      ),
    );
    expect(low.low_altitude).toBe(true);
    expect(low.high_altitude).toBe(false);
    expect(low.top_down).toBe(true);
  });

  it('on the ground (0.4 m, like the neo2 fixture) is not aerial', () => {
    const r = shots(
      track(
        NOON,
        range(10).map(() => ({ alt: 0.4 })),
      ),
    );
    expect(r.aerial).toBe(false);
    expect(r.hover).toBe(false);
  });

  it('pan: hovering while the gimbal turns 120 deg', () => {
    const r = shots(
      track(
        NOON,
        range(25).map((i) => ({ gimbalYaw: (i * 5) % 360 })),
      ),
    );
    expect(r.hover).toBe(true);
    expect(r.pan).toBe(true);
  });

  it('no GPS and no date: only "aerial"', () => {
    const samples = range(10).map((i) => sample({ time: i, endTime: i + 1 }));
    expect(on(shots(samples))).toEqual(['aerial']);
  });
});

describe('light from the sun at the place and time (Paris, wall-clock times)', () => {
  // Paris, 21 June 2023 (CEST, UTC+2): sunrise ~05:47, sunset ~21:58, civil dusk ~22:45.
  const light = (local: string) =>
    shots(
      track(
        local,
        range(3).map(() => ({})),
      ),
    );

  it('noon is daylight', () => {
    const r = light('2023-06-21T13:00:00.000');
    expect(r.daylight).toBe(true);
    expect(r.golden_hour || r.blue_hour || r.night || r.sunrise || r.sunset).toBe(false);
  });

  it('night: 23:30 in January', () => {
    const r = light('2023-01-15T23:30:00.000');
    expect(r.night).toBe(true);
    expect(r.daylight || r.golden_hour || r.blue_hour).toBe(false);
  });

  it('golden hour at sunset: 21:30, half an hour before sunset', () => {
    const r = light('2023-06-21T21:30:00.000');
    expect(r.golden_hour).toBe(true);
    expect(r.sunset).toBe(true);
    expect(r.sunrise).toBe(false);
  });

  it('golden hour at sunrise: 06:10, twenty minutes after sunrise', () => {
    const r = light('2023-06-21T06:10:00.000');
    expect(r.golden_hour).toBe(true);
    expect(r.sunrise).toBe(true);
  });

  it('blue hour: 22:35, between sunset and civil dusk', () => {
    const r = light('2023-06-21T22:35:00.000');
    expect(r.blue_hour).toBe(true);
    expect(r.golden_hour).toBe(false);
    expect(r.night).toBe(false);
  });

  it('suncalc 2.x returns degrees and the phase boundaries are as documented', () => {
    // Solar noon at the June solstice in Paris: 90 - 48.86 + 23.44 = ~64.6 deg.
    const noon = sunAltitudeDeg(new Date('2023-06-21T11:47:00Z'), LAT, LON)!;
    expect(noon).toBeGreaterThan(63);
    expect(noon).toBeLessThan(66);
    expect(lightPhase(6.01)).toBe('daylight');
    expect(lightPhase(6)).toBe('golden_hour');
    expect(lightPhase(-4)).toBe('golden_hour');
    expect(lightPhase(-4.01)).toBe('blue_hour');
    expect(lightPhase(-6)).toBe('blue_hour');
    expect(lightPhase(-6.01)).toBe('night');
  });
});
