import { parseDjiSrt } from './parse.js';
import { summarizeTrack } from './summary.js';
import { localToUtc, timeZoneAt } from './timezone.js';
import { M_PER_DEG_LAT, readFixture, sample } from '../test-support/fixtures.js';

describe('summarizeTrack on a small hand-made track', () => {
  // 11 samples, 1 s apart: due north 10 m each second from (45, 7), climbing 10 m -> 30 m,
  // then the last second stays put. Expected figures worked out by hand below.
  const lat0 = 45;
  const lon0 = 7;
  const step = 10 / M_PER_DEG_LAT; // 10 m of latitude
  const samples = Array.from({ length: 11 }, (_, i) =>
    sample({
      index: i + 1,
      time: i,
      endTime: i + 1,
      localTime: `2023-07-01T12:00:${String(i).padStart(2, '0')}.000`,
      lat: lat0 + Math.min(i, 9) * step,
      lon: lon0,
      relAlt: 10 + 2 * i,
      absAlt: 500 + 2 * i,
      camera: {
        iso: i < 5 ? 100 : 200,
        shutter: '1/500',
        shutterSeconds: 1 / 500,
        fnum: 2.8,
        ev: 0,
        focalLength: 24,
        digitalZoom: 1,
        colorMode: 'default',
        colorTemperature: 5500,
      },
    }),
  );
  const s = summarizeTrack(samples);

  it('positions', () => {
    expect(s.hasGps).toBe(true);
    expect(s.fixCount).toBe(11);
    expect(s.firstFix).toEqual({ lat: 45, lon: 7 });
    expect(s.lastFix!.lat).toBeCloseTo(45 + 90 / M_PER_DEG_LAT, 9);
    // bbox centre: halfway along the 90 m leg
    expect(s.centre!.lat).toBeCloseTo(45 + 45 / M_PER_DEG_LAT, 9);
    expect(s.centre!.lon).toBe(7);
  });

  it('distance, speed, heading', () => {
    expect(s.distance).toBeCloseTo(90, 3); // 9 legs of 10 m, then none
    expect(s.netDisplacement).toBeCloseTo(90, 3);
    expect(s.avgGroundSpeed).toBeCloseTo(9, 3); // 90 m over the 10 s between first and last fix
    expect(s.maxGroundSpeed).toBeCloseTo(10, 3); // any 2 s window inside the leg: 20 m / 2 s
    expect(s.initialHeading).toBeCloseTo(0, 6); // due north
    expect(s.netHeading).toBeCloseTo(0, 6);
  });

  it('altitude, climb, duration', () => {
    expect(s.altitudeReference).toBe('relative');
    expect([s.altitudeMin, s.altitudeMax, s.altitudeStart, s.altitudeEnd]).toEqual([10, 30, 10, 30]);
    expect(s.altitudeMedian).toBe(20);
    expect(s.absAltMin).toBe(500);
    expect(s.absAltMax).toBe(520);
    expect(s.climb).toBe(20);
    expect(s.duration).toBe(11); // 0 -> end of the last entry at 11 s
    // Over the telemetry time the altitudes span (0 -> 10 s), not the SRT's length (issue 21).
    expect(s.climbRate).toBeCloseTo(20 / 10, 9);
  });

  it('time: Europe/Rome at (45, 7) in July is UTC+2', () => {
    expect(s.timeZone).toBe('Europe/Rome');
    expect(s.localStart).toBe('2023-07-01T12:00:00.000');
    expect(s.utcStart).toBe('2023-07-01T10:00:00.000Z');
    expect(s.utcEnd).toBe('2023-07-01T10:00:10.000Z');
  });

  it('camera', () => {
    expect(s.camera).toEqual({
      isoMin: 100,
      isoMax: 200,
      shutter: '1/500',
      fnum: 2.8,
      ev: 0,
      focalLength: 24,
      digitalZoomMax: 1,
      colorMode: 'default',
      colorTemperature: 5500,
    });
  });

  it('east-bound bearing', () => {
    const east = summarizeTrack([sample({ time: 0, lat: 0, lon: 0.001 }), sample({ time: 10, lat: 0, lon: 0.002 })]);
    expect(east.netHeading).toBeCloseTo(90, 6);
  });
});

describe('summarizeTrack edge cases', () => {
  it('no samples', () => {
    const s = summarizeTrack({ samples: [], format: 'unknown', warnings: [], coordinateDecimals: null });
    expect(s.hasGps).toBe(false);
    expect(s.duration).toBe(0);
    expect(s.utcStart).toBeNull();
  });

  it('no GPS (Mavic Air): local time but no zone, so no UTC', () => {
    const s = summarizeTrack(parseDjiSrt(readFixture('JuanIrache__DJI_SRT_Parser__mavic_air.SRT')));
    expect(s.hasGps).toBe(false);
    expect(s.localStart).toBe('2018-02-19T08:04:51.265'); // "2018-02-19 08:04:51,265,847"
    expect(s.timeZone).toBeNull();
    expect(s.utcStart).toBeNull();
  });

  it('neo2: the first fix comes after the 0,0 pre-lock frames', () => {
    const t = parseDjiSrt(readFixture('CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT'));
    const s = summarizeTrack(t);
    expect(s.fixCount).toBe(3);
    expect(s.firstFix).toEqual({ lat: 32.848932, lon: -84.861966 });
    expect(s.bbox!.minLat).toBeGreaterThan(32); // 0,0 never entered the track
    expect(s.distance).toBe(0);
  });
});

describe('local time -> UTC with the zone at the position', () => {
  it('Mavic Pro fixture, 2017-08-05 14:11:51 at Whitsunday Island = Australia/Brisbane (UTC+10, no DST)', () => {
    const s = summarizeTrack(parseDjiSrt(readFixture('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT')));
    expect(s.timeZone).toBe('Australia/Brisbane');
    expect(s.localStart).toBe('2017-08-05T14:11:51.000');
    expect(s.utcStart).toBe('2017-08-05T04:11:51.000Z');
  });

  it('a 2017 summer date at the Corato fixture position: Europe/Rome CEST (UTC+2)', () => {
    // "[latitude: 41.151572] [longitude: 16.412772]"
    expect(timeZoneAt(41.151572, 16.412772)).toBe('Europe/Rome');
    expect(localToUtc('2017-08-05T14:11:51.000', 'Europe/Rome')).toBe('2017-08-05T12:11:51.000Z');
  });

  it('Corato fixture in December: CET (UTC+1)', () => {
    const s = summarizeTrack(parseDjiSrt(readFixture('Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT')));
    expect(s.utcStart).toBe('2022-12-29T07:32:20.113Z'); // "2022-12-29 08:32:20.113"
  });

  it('Matrice 300 fixture near Jerez in June: Europe/Madrid CEST', () => {
    const s = summarizeTrack(parseDjiSrt(readFixture('JuanIrache__DJI_SRT_Parser__matrice_300.srt')));
    expect(s.timeZone).toBe('Europe/Madrid');
    expect(s.utcStart).toBe('2022-06-21T14:06:17.000Z'); // "2022.06.21 16:06:17"
  });

  it('neo2 fixture in Georgia, May: America/New_York EDT (UTC-4)', () => {
    const s = summarizeTrack(parseDjiSrt(readFixture('CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT')));
    expect(s.timeZone).toBe('America/New_York');
    expect(s.utcStart).toBe('2026-05-31T20:15:29.797Z'); // "2026-05-31 16:15:29.797"
  });

  it('DST gap and overlap (Europe/Paris 2017)', () => {
    // 26 March 2017 02:30 does not exist (clocks 02:00 -> 03:00): read with the winter offset.
    expect(localToUtc('2017-03-26T02:30:00.000', 'Europe/Paris')).toBe('2017-03-26T01:30:00.000Z');
    // 29 October 2017 02:30 happens twice: the earlier (summer-time) instant.
    expect(localToUtc('2017-10-29T02:30:00.000', 'Europe/Paris')).toBe('2017-10-29T00:30:00.000Z');
    expect(localToUtc('2017-10-29T03:30:00.000', 'Europe/Paris')).toBe('2017-10-29T02:30:00.000Z');
  });

  it('bad input gives null', () => {
    expect(localToUtc('not a date', 'Europe/Paris')).toBeNull();
    expect(localToUtc('2017-01-01T00:00:00', 'Not/AZone')).toBeNull();
    expect(timeZoneAt(NaN, 0)).toBeNull();
  });
});
