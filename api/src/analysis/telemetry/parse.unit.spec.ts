/**
 * The parser against each edge case SOURCES.md lists, with expected values read from the files by
 * hand, plus robustness: odd input never throws.
 */
import fc from 'fast-check';
import { parseDjiSrt } from './parse.js';
import { fixtureNames, readFixture } from '../test-support/fixtures.js';

const parse = (name: string) => parseDjiSrt(readFixture(name));

describe('parseDjiSrt edge cases', () => {
  it('2022 bracket: `[iso : 200]` spaces, fnum x100, focal_len x10, `],[`, rel/abs alt, `.mmm` date', () => {
    // "2022-12-29 08:32:20.113" / "[iso : 200] [shutter : 1/180.0] [fnum : 170] [ev : 0] [ct : 5950]
    //  [color_md : default] [focal_len : 240] [dzoom_ratio: 10000, delta:0],[latitude: 41.151572] ..."
    const s = parse('Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT').samples[0]!;
    expect(s.localTime).toBe('2022-12-29T08:32:20.113');
    expect(s.camera).toEqual({
      iso: 200,
      shutter: '1/180',
      shutterSeconds: 1 / 180,
      fnum: 1.7,
      ev: 0,
      focalLength: 24,
      digitalZoom: 1,
      colorMode: 'default',
      colorTemperature: 5950,
    });
    expect(s.relAlt).toBe(50.7);
    expect(s.absAlt).toBe(172.044);
  });

  it('Mini 5 Pro: negative abs_alt and dlog_m', () => {
    // "[rel_alt: 6.000 abs_alt: -122.769] ... [color_md: dlog_m] [focal_len: 24.00]"
    const s = parse('CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT').samples[0]!;
    expect(s.absAlt).toBe(-122.769);
    expect(s.relAlt).toBe(6);
    expect(s.camera.colorMode).toBe('dlog_m');
    expect(s.camera.focalLength).toBe(24);
    expect(s.camera.ev).toBe(-0.7);
  });

  it('MAVIC3: negative rel_alt', () => {
    // "[rel_alt: -2.400 abs_alt: 0.401]"
    const s = parse('JuanIrache__DJI_SRT_Parser__MAVIC3.srt').samples[0]!;
    expect(s.relAlt).toBe(-2.4);
    expect(s.absAlt).toBe(0.401);
  });

  it('air2s: `<font size="36">SrtCnt`, `,ms,us` date, `[altitude: ]` as absolute', () => {
    // "2022-08-07 13:40:40,774,808" / "[altitude: 117.000000]"
    const s = parse('JuanIrache__DJI_SRT_Parser__air2s.srt').samples[0]!;
    expect(s.localTime).toBe('2022-08-07T13:40:40.774');
    expect(s.absAlt).toBe(117);
    expect(s.relAlt).toBeNull();
  });

  it('m2zoom: misspelt `longtitude` with spaces before colons', () => {
    // "[latitude : 31.452012] [longtitude : 74.398751]"
    const s = parse('JuanIrache__DJI_SRT_Parser__m2zoom.SRT').samples[0]!;
    expect(s.lat).toBe(31.452012);
    expect(s.lon).toBe(74.398751);
    expect(s.camera.fnum).toBe(2.8); // [fnum : 280]
  });

  it('mavic_2pro_new: BOM before the first index, FrameCnt starting at 218, no altitude', () => {
    const t = parse('JuanIrache__DJI_SRT_Parser__mavic_2pro_new.SRT');
    expect(t.samples[0]!.index).toBe(1);
    expect(t.samples[0]!.lat).toBe(-35.080155);
    expect(t.samples[0]!.relAlt).toBeNull();
    expect(t.samples[0]!.absAlt).toBeNull();
    expect(t.samples[0]!.camera.focalLength).toBe(28); // [focal_len : 280]
  });

  it('legacy 3-line Mavic Pro: HOME/GPS longitude first, BAROMETER, empty EV', () => {
    // "HOME(149.0251,-20.2532) 2017.08.05 14:11:51" / "GPS(149.0251,-20.2533,16) BAROMETER:1.9" /
    // "ISO:100 Shutter:60 EV: Fnum:2.2"
    const s = parse('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT').samples[0]!;
    expect(s.format).toBe('legacy');
    expect(s.time).toBe(1); // "00:00:01,000 --> 00:00:02,000"
    expect(s.localTime).toBe('2017-08-05T14:11:51.000');
    expect(s.home).toEqual({ lat: -20.2532, lon: 149.0251 });
    expect([s.lat, s.lon]).toEqual([-20.2533, 149.0251]);
    expect(s.satellites).toBe(16);
    expect(s.relAlt).toBe(1.9);
    expect(s.camera.iso).toBe(100);
    expect(s.camera.shutter).toBe('1/60');
    expect(s.camera.ev).toBeNull(); // "EV: " is empty, not "Fnum"
    expect(s.camera.fnum).toBe(2.2);
  });

  it('older firmware: `2017.8.5`, Hb, TV, `IR:F2.8`', () => {
    // "HOME(149.0251,-20.2532) 2017.8.5 14:11:51" / "GPS(149.0251,-20.2533,16) Hb:1.9 Hs:1.9" /
    // "ISO:100 TV:60 EV: 0 IR:F2.8"
    const s = parse('JuanIrache__DJI_SRT_Parser__old_format.SRT').samples[0]!;
    expect(s.localTime).toBe('2017-08-05T14:11:51.000');
    expect(s.relAlt).toBe(1.9);
    expect(s.camera.shutter).toBe('1/60');
    expect(s.camera.ev).toBe(0);
    expect(s.camera.fnum).toBe(2.8);
  });

  it('Mavic Mini compact line, no date', () => {
    // "F/2.8, SS 30.15, ISO 260, EV -1.7, GPS (-121.7458, 48.0771, 17), D 221.21m, H 200.70m, H.S n/a, V.S n/a"
    const t = parse('JuanIrache__DJI_SRT_Parser__mavic_mini.SRT');
    const s = t.samples[0]!;
    expect(t.format).toBe('compact');
    expect(s.localTime).toBeNull();
    expect([s.lat, s.lon]).toEqual([48.0771, -121.7458]);
    expect(s.satellites).toBe(17);
    expect(s.distanceFromHome).toBe(221.21);
    expect(s.relAlt).toBe(200.7);
    expect(s.hSpeed).toBeNull();
    expect(s.vSpeed).toBeNull();
    expect(s.camera).toMatchObject({ iso: 260, fnum: 2.8, ev: -1.7, shutter: '1/30.15' });
  });

  it('Phantom 4 RTK: HOME (lon, lat, alt), speeds, F.PRY / G.PRY with degree signs', () => {
    // line 2 of entry 2: "... H.S 2.88m/s, V.S 0.00m/s, F.PRY (3.0°, -19.9°, 110.3°), G.PRY (-24.4°, 0.0°, 110.5°)"
    const t = parse('JuanIrache__DJI_SRT_Parser__p4_rtk.SRT');
    const s = t.samples[1]!;
    expect(s.home).toEqual({ lat: -34.232707, lon: -58.847509 });
    expect(s.hSpeed).toBe(2.88);
    expect(s.vSpeed).toBe(0);
    expect(s.relAlt).toBe(85.83);
    expect([s.pitch, s.roll, s.yaw]).toEqual([3, -19.9, 110.3]);
    expect([s.gimbalPitch, s.gimbalRoll, s.gimbalYaw]).toEqual([-24.4, 0, 110.5]);
    expect(s.camera).toMatchObject({ iso: 100, fnum: 5.6, shutter: '1/400', ev: 0 });
  });

  it('Matrice 300: CRLF, latitude-first GPS, timecode seconds = 60', () => {
    const t = parse('JuanIrache__DJI_SRT_Parser__matrice_300.srt');
    expect(t.format).toBe('matrice');
    // entry 60: "00:00:59,000 --> 00:00:60,000" / "2022.06.21 16:07:16" / "GPS(36.6153,-6.1130,0.0M) BAROMETER:83.8M"
    const s = t.samples[59]!;
    expect(s.index).toBe(60);
    expect(s.time).toBe(59);
    expect(s.endTime).toBe(60);
    expect(s.localTime).toBe('2022-06-21T16:07:16.000');
    expect([s.lat, s.lon]).toEqual([36.6153, -6.113]);
    expect(s.relAlt).toBe(83.8);
    // entry 61 starts at "00:01:00,000"
    expect(t.samples[60]!.time).toBe(60);
  });

  it('ruz76 DJI.SRT: blank line and stray `0` inside every entry do not split it', () => {
    const t = parse('ruz76__dji_srt2gpx__DJI.SRT');
    expect(t.samples).toHaveLength(7);
    expect(t.samples.map((s) => s.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const s = t.samples[0]!;
    // "[drone_yaw: -0.7 drone_pitch: -1.2 drone_roll: 2.7]" / "[gb_yaw: -8.6 gb_pitch: -86.7 gb_roll: 0.0]"
    expect(s.yaw).toBeCloseTo(359.3, 6);
    expect(s.gimbalYaw).toBeCloseTo(351.4, 6);
    expect(s.gimbalPitch).toBe(-86.7);
    // fields after the blank line and the `0` still belong to the entry: "[ct : 5256]"
    expect(s.camera.colorTemperature).toBe(5256);
    expect(s.camera.digitalZoom).toBe(1);
  });

  it('Mavic 3T: focal_len with decimals is not divided, dzoom_ratio 4.00', () => {
    // "[fnum: 4.4] ... [focal_len: 643.30] [dzoom_ratio: 4.00]"
    const s = parse('ruz76__dji_srt2gpx__DJI_MAVIC_3T.SRT').samples[0]!;
    expect(s.camera.focalLength).toBe(643.3);
    expect(s.camera.digitalZoom).toBe(4);
    expect(s.camera.fnum).toBe(4.4);
    expect(s.camera.shutter).toBe('1/239.89');
  });

  it('neo2: 0.000000 pre-lock points are not fixes', () => {
    const t = parse('CallMarcus__dji-drone-metadata-embedder__samples_neo2_clip_nogps.SRT');
    expect(t.samples.slice(0, 3).every((s) => s.lat === null && s.lon === null)).toBe(true);
    expect(t.samples[3]!.lat).toBe(32.848932);
    expect(t.warnings.join(' ')).toMatch(/0,0/);
  });

  it('Mavic Air: camera fields only, no GPS', () => {
    const t = parse('JuanIrache__DJI_SRT_Parser__mavic_air.SRT');
    expect(t.samples).toHaveLength(2);
    expect(t.samples.every((s) => s.lat === null)).toBe(true);
    expect(t.samples[0]!.camera.iso).toBe(100);
    expect(t.coordinateDecimals).toBeNull();
  });

  it('Mini 2 style compact line with DZOOM (synthetic)', () => {
    const t = parseDjiSrt(
      '1\n00:00:00,000 --> 00:00:01,000\nF/2.8, SS 1000.0, ISO 100, EV 0, DZOOM 2.000, GPS (8.5412, 47.3769, 20), D 12.3m, H 5.4m, H.S 1.20m/s, V.S -0.50m/s\n',
    );
    const s = t.samples[0]!;
    expect([s.lat, s.lon]).toEqual([47.3769, 8.5412]);
    expect(s.camera).toMatchObject({ iso: 100, fnum: 2.8, shutter: '1/1000', digitalZoom: 2 });
    expect([s.hSpeed, s.vSpeed, s.relAlt]).toEqual([1.2, -0.5, 5.4]);
  });

  it('index-less entries and a lone `\\r` line ending still parse', () => {
    const t = parseDjiSrt('00:00:00,000 --> 00:00:01,000\r[latitude: 10.5] [longitude: 20.25]\r\r');
    expect(t.samples).toHaveLength(1);
    expect([t.samples[0]!.lat, t.samples[0]!.lon]).toEqual([10.5, 20.25]);
  });
});

describe('parseDjiSrt never throws', () => {
  it.each([
    ['empty', ''],
    ['whitespace', '\n\n  \r\n'],
    ['not an SRT', 'hello world\nthis is not telemetry'],
    ['header only', '1\n00:00:00,000 --> 00:00:01,000\n'],
    ['garbage body', '1\n00:00:00,000 --> 00:00:01,000\n[[[::]]] GPS( HOME( F.PRY (\n'],
    ['out of range', '1\n00:00:00,000 --> 00:00:01,000\n[latitude: 123.0] [longitude: 500.0]\n'],
  ])('%s', (_label, text) => {
    const t = parseDjiSrt(text);
    expect(Array.isArray(t.samples)).toBe(true);
    expect(t.samples.every((s) => s.lat === null)).toBe(true);
    expect(t.warnings.length).toBeGreaterThan(0);
  });

  it('non-string input gives a warning', () => {
    const t = parseDjiSrt(undefined as unknown as string);
    expect(t.samples).toEqual([]);
    expect(t.warnings).toEqual(['input is not a string']);
  });

  it('arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const t = parseDjiSrt(s);
        return Array.isArray(t.samples) && Array.isArray(t.warnings);
      }),
      { numRuns: 500 },
    );
  });

  it('fixtures cut or spliced at random places', () => {
    const texts = fixtureNames().map(readFixture);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: texts.length - 1 }), fc.nat(), fc.nat(), fc.string({ maxLength: 20 }), (k, a, b, junk) => {
        const src = texts[k]!;
        const i = a % (src.length + 1);
        const j = b % (src.length + 1);
        const t = parseDjiSrt(src.slice(0, Math.min(i, j)) + junk + src.slice(Math.max(i, j)));
        return t.samples.every((s) => (s.lat === null) === (s.lon === null) && (s.lat === null || Math.abs(s.lat) <= 90));
      }),
      { numRuns: 300 },
    );
  });
});
