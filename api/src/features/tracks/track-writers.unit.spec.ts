/**
 * The writers on their own: parsed back with @tmcw/togeojson (GPX, KML) and JSON.parse (GeoJSON),
 * compared with the track; XML escaping; the antimeridian split.
 */
import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import { parseDjiSrt } from '../../analysis/telemetry/parse.js';
import { splitAtAntimeridian } from './antimeridian.js';
import { buildTrack, thinPoints, type Track } from './track.js';
import { writeTracks, xmlText } from './track-writers.js';
import { ANTIMERIDIAN_FLIGHT, PRE_LOCK, srtText } from './test-support/srt-text.js';

const meta = { fileSetId: '00000000-0000-4000-8000-000000000001', baseName: 'DJI_0001', videoDuration: null, framePositions: [0.2, 0.5, 0.8] };
const xml = (text: string) => {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => void (level !== 'warning' && errors.push(msg)) }).parseFromString(text, 'text/xml');
  expect(errors).toEqual([]);
  return doc as unknown as Document;
};

const trackOf = (srt: string, title: string | null = 'Harpa at dusk') => buildTrack(parseDjiSrt(srt), { ...meta, title });

describe('track building', () => {
  it('leaves out pre-lock frames and gives UTC times from the local clock', () => {
    const t = trackOf(srtText([...PRE_LOCK, { lat: 64.1505, lon: -21.9327, alt: 30 }, { lat: 64.1506, lon: -21.9327, alt: 31 }], '2024-03-01T18:00:00'));
    expect(t.points).toHaveLength(2);
    // Reykjavik is UTC+0 all year.
    expect(t.points[0]).toMatchObject({ lat: 64.1505, lon: -21.9327, altitude: 30, time: '2024-03-01T18:00:05.000Z', t: 5 });
    expect(t.points[1]!.speed).toBeCloseTo(11.1, 0);
    expect(t.altitudeReference).toBe('absolute');
    expect(t.start).toBe('2024-03-01T18:00:05.000Z');
    expect(t.end).toBe('2024-03-01T18:00:06.000Z');
  });

  it('places the analysed frames at their share of the video', () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ lat: 41.4 + i * 0.001, lon: 2.2, alt: 100 + i }));
    const t = buildTrack(parseDjiSrt(srtText(entries)), { ...meta, title: null, videoDuration: 10 });
    expect(t.title).toBe('DJI_0001');
    expect(t.frames.map((f) => [f.index, f.t, f.lat])).toEqual([
      [1, 2, 41.402],
      [2, 5, 41.405],
      [3, 8, 41.408],
    ]);
  });

  it('thins evenly and keeps both ends', () => {
    expect(thinPoints([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
    expect(thinPoints([1, 2], 4)).toEqual([1, 2]);
  });
});

describe('antimeridian', () => {
  it('ends the line at 180 and starts the next part at -180 at the crossing latitude', () => {
    const parts = splitAtAntimeridian([
      [179.9, 10],
      [-179.9, 12],
    ]);
    expect(parts).toEqual([
      [
        [179.9, 10],
        [180, 11],
      ],
      [
        [-180, 11],
        [-179.9, 12],
      ],
    ]);
    expect(
      splitAtAntimeridian([
        [-179.5, 0, 5],
        [179.5, 0, 15],
      ]),
    ).toEqual([
      [
        [-179.5, 0, 5],
        [-180, 0, 10],
      ],
      [
        [180, 0, 10],
        [179.5, 0, 15],
      ],
    ]);
  });
});

describe('writers', () => {
  const flight = trackOf(
    srtText(Array.from({ length: 6 }, (_, i) => ({ lat: 41.4 + i * 0.0002, lon: 2.2 + i * 0.0001, alt: 100 + i }))),
    'Cafe & "Bar" <Sagrada> \u0001Família',
  );

  it('GPX 1.1 parses back to the same points, times, elevations and speeds, with the title escaped', () => {
    const text = writeTracks('gpx', 'Barcelona <trip>', [flight]);
    const fc = gpx(xml(text));
    expect(fc.features).toHaveLength(1);
    const f = fc.features[0]!;
    expect(f.properties).toMatchObject({ name: 'Cafe & "Bar" <Sagrada> Família' });
    expect(f.geometry).toEqual({ type: 'LineString', coordinates: flight.points.map((p) => [p.lon, p.lat, p.altitude]) });
    expect(f.properties!.coordinateProperties.times).toEqual(flight.points.map((p) => p.time));
    expect(f.properties!.coordinateProperties.speeds).toEqual(flight.points.map((p) => p.speed));
  });

  it('KML 2.2 parses back with the title, time span and coordinates', () => {
    const fc = kml(xml(writeTracks('kml', 'Barcelona', [flight])));
    expect(fc.features).toHaveLength(1);
    const f = fc.features[0]!;
    expect(f.properties).toMatchObject({
      name: 'Cafe & "Bar" <Sagrada> Família',
      timespan: { begin: flight.start, end: flight.end },
      fileSetId: meta.fileSetId,
    });
    expect(f.geometry).toEqual({ type: 'LineString', coordinates: flight.points.map((p) => [p.lon, p.lat, p.altitude]) });
    // Per-point times from the gx:Track (issue 21 item 5).
    expect(f.properties!.coordinateProperties.times).toEqual(flight.points.map((p) => p.time));
    expect(flight.points.every((p) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(p.time!))).toBe(true);
  });

  it('KML without dates in the SRT is a LineString without times', () => {
    const undated: Track = { ...flight, start: null, end: null, points: flight.points.map((p) => ({ ...p, time: null })) };
    const doc = writeTracks('kml', 'Barcelona', [undated]);
    expect(doc).not.toContain('gx:Track');
    const f = kml(xml(doc)).features[0]!;
    expect(f.geometry).toEqual({ type: 'LineString', coordinates: flight.points.map((p) => [p.lon, p.lat, p.altitude]) });
    expect(f.properties!.coordinateProperties).toBeUndefined();
  });

  it('GeoJSON is a FeatureCollection of one LineString with times and speeds', () => {
    const fc = JSON.parse(writeTracks('geojson', 'Barcelona', [flight, flight]));
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0].geometry).toEqual({ type: 'LineString', coordinates: flight.points.map((p) => [p.lon, p.lat, p.altitude]) });
    expect(fc.features[0].properties).toMatchObject({
      name: flight.title,
      start: flight.start,
      end: flight.end,
      coordinateProperties: { times: flight.points.map((p) => p.time) },
    });
  });

  it('splits a track across the antimeridian in GeoJSON and KML, keeps GPX points as recorded', () => {
    const t: Track = trackOf(srtText(ANTIMERIDIAN_FLIGHT));
    const g = JSON.parse(writeTracks('geojson', 'Fiji', [t])).features[0];
    expect(g.geometry.type).toBe('MultiLineString');
    const [west, east] = g.geometry.coordinates as number[][][];
    expect(west!.at(-1)![0]).toBe(180);
    expect(east![0]![0]).toBe(-180);
    expect(west!.every((c) => c[0]! > 179)).toBe(true);
    expect(east!.every((c) => c[0]! < -179)).toBe(true);
    // Every recorded point is there once, in order; the two boundary points have no time.
    expect(g.properties.coordinateProperties.times.flat().filter((x: string | null) => x !== null)).toEqual(t.points.map((p) => p.time));
    const k = kml(xml(writeTracks('kml', 'Fiji', [t]))).features[0]!;
    expect(k.geometry!.type).toBe('GeometryCollection');
    // The gx:MultiTrack's two tracks hold every recorded point once, each with its own time.
    const kg = k.geometry as { geometries: { coordinates: number[][] }[] };
    expect(kg.geometries.flatMap((g) => g.coordinates.map((c) => [c[0], c[1]]))).toEqual(t.points.map((p) => [p.lon, p.lat]));
    expect((k.properties!.coordinateProperties.times as string[][]).flat()).toEqual(t.points.map((p) => p.time));
    const gp = gpx(xml(writeTracks('gpx', 'Fiji', [t]))).features[0]!;
    expect((gp.geometry as { coordinates: number[][] }).coordinates.map((c) => [c[0], c[1]])).toEqual(t.points.map((p) => [p.lon, p.lat]));
  });

  it('writes a one-point track as a Point (GeoJSON, KML) and a one-point segment (GPX)', () => {
    const t = trackOf(srtText([{ lat: 10, lon: 20, alt: 5 }]));
    expect(JSON.parse(writeTracks('geojson', 'x', [t])).features[0].geometry).toEqual({ type: 'Point', coordinates: [20, 10, 5] });
    expect(kml(xml(writeTracks('kml', 'x', [t]))).features[0]!.geometry).toEqual({ type: 'Point', coordinates: [20, 10, 5] });
    const doc = xml(writeTracks('gpx', 'x', [t]));
    const pts = doc.getElementsByTagName('trkpt');
    expect(pts.length).toBe(1);
    expect([pts[0]!.getAttribute('lat'), pts[0]!.getAttribute('lon')]).toEqual(['10', '20']);
  });

  it('escapes every XML special character and drops characters XML cannot hold', () => {
    expect(xmlText(`a&b<c>d"e'f\u0000\u0007g\ud800h`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fgh');
    expect(xmlText('😀 ok')).toBe('😀 ok');
  });
});
