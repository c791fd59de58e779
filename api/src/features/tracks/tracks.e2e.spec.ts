/**
 * Track downloads over REST and GraphQL on a real server: every real SRT fixture parsed back from
 * GPX and KML with @tmcw/togeojson (and GeoJSON with JSON.parse) and compared with the parser's
 * fixes; a project's files, one track per set; the antimeridian, a one-sample SRT, pre-lock frames
 * only, a set without SRT and another user's set and project.
 */
import { DOMParser } from '@xmldom/xmldom';
import { gpx, kml } from '@tmcw/togeojson';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from '../processing/test-support/seed-file-sets.js';
import { fixtureNames, readFixture } from '../../analysis/test-support/fixtures.js';
import { parseDjiSrt } from '../../analysis/telemetry/parse.js';
import { localToUtc, timeZoneAt } from '../../analysis/telemetry/index.js';
import { addResult, addSrt } from './test-support/seed-tracks.js';
import { ANTIMERIDIAN_FLIGHT, PRE_LOCK, srtText } from './test-support/srt-text.js';
import { NO_FIX_MESSAGE, NO_PROJECT_TRACKS_MESSAGE, NO_SRT_MESSAGE } from './tracks.service.js';

let server: StartedTestServer;
let owner: { token: string };
let other: { token: string };
let projectId: string;
const sets = new Map<string, string>(); // fixture or case name -> file set id
const FIXTURES = fixtureNames();

const xml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;
const fixesOf = (name: string) => parseDjiSrt(readFixture(name)).samples.filter((s) => s.lat !== null && s.lon !== null);

async function download(path: string, token = owner.token) {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text: await res.text(),
    headers: res.headers,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  other = await signUp(server);
  projectId = await createProject(server, owner.token, 'Flights <north> & "south"');
  const real = await seedFileSets(
    server.services,
    projectId,
    FIXTURES.map((f, i) => ({ baseName: `DJI_${String(i + 1).padStart(4, '0')}`, srtFixture: f, omit: ['video' as const, 'jpg' as const] })),
  );
  FIXTURES.forEach((f, i) => sets.set(f, real[i]!));
  const [antimeridian, oneSample, preLock, noSrt] = await seedFileSets(
    server.services,
    projectId,
    ['FIJI', 'ONE', 'PRELOCK', 'NOSRT'].map((baseName) => ({ baseName, omit: ['video' as const, 'jpg' as const, 'srt' as const] })),
  );
  await addSrt(server.services, antimeridian!, srtText(ANTIMERIDIAN_FLIGHT));
  await addSrt(server.services, oneSample!, srtText([{ lat: 35.6586, lon: 139.7454, alt: 80 }]));
  await addSrt(server.services, preLock!, srtText(PRE_LOCK));
  Object.entries({ antimeridian, oneSample, preLock, noSrt }).forEach(([k, v]) => sets.set(k, v!));
  await addResult(server.services, sets.get('JuanIrache__DJI_SRT_Parser__air2s.srt')!, 'Coast & "cliffs" <Barcelona>', 10);
}, 120_000);
afterAll(() => server?.close());

describe('one set', () => {
  const withFix = FIXTURES.filter((f) => fixesOf(f).length >= 2);

  it.each(withFix)('%s: GPX, KML and GeoJSON parse back to the telemetry fixes', async (fixture) => {
    const id = sets.get(fixture)!;
    const fixes = fixesOf(fixture);
    const coords = fixes.map((s) => [s.lon!, s.lat!]);
    const near = (got: number[][]) => {
      expect(got).toHaveLength(coords.length);
      got.forEach((c, i) => {
        expect(c[0]).toBeCloseTo(coords[i]![0]!, 7);
        expect(c[1]).toBeCloseTo(coords[i]![1]!, 7);
      });
    };

    const g = await download(`/api/filesets/${id}/track.gpx`);
    expect(g.status).toBe(200);
    expect(g.type).toBe('application/gpx+xml; charset=utf-8');
    expect(g.disposition).toMatch(/^attachment; filename="DJI_\d{4}\.gpx"/);
    const gf = gpx(xml(g.text)).features;
    expect(gf).toHaveLength(1);
    near((gf[0]!.geometry as { coordinates: number[][] }).coordinates);
    const dated = fixes.every((s) => s.localTime !== null);
    if (dated) expect(gf[0]!.properties!.coordinateProperties.times).toHaveLength(fixes.length);

    const k = await download(`/api/filesets/${id}/track.kml`);
    expect(k.type).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    expect(k.disposition).toMatch(/filename="DJI_\d{4}\.kml"/);
    const kf = kml(xml(k.text)).features;
    expect(kf).toHaveLength(1);
    near((kf[0]!.geometry as { coordinates: number[][] }).coordinates);
    if (dated) {
      const times = gf[0]!.properties!.coordinateProperties.times as string[];
      expect(kf[0]!.properties!.timespan).toEqual({ begin: times[0], end: times.at(-1) });
      // Per-point times from the gx:Track, against the telemetry: each fix's local clock in UTC (the zone at the first fix).
      const zone = timeZoneAt(fixes[0]!.lat!, fixes[0]!.lon!)!;
      const offsetMs = Date.parse(`${fixes[0]!.localTime}Z`) - Date.parse(localToUtc(fixes[0]!.localTime!, zone)!);
      const expected = fixes.map((s) => new Date(Date.parse(`${s.localTime}Z`) - offsetMs).toISOString());
      expect(kf[0]!.properties!.coordinateProperties.times).toEqual(expected);
    }

    const j = await download(`/api/filesets/${id}/track.geojson`);
    expect(j.type).toBe('application/geo+json; charset=utf-8');
    const jf = JSON.parse(j.text).features;
    expect(jf[0].geometry.type).toBe('LineString');
    near(jf[0].geometry.coordinates);
  });

  it('carries the title (XML escaped) and the times of the set', async () => {
    const id = sets.get('JuanIrache__DJI_SRT_Parser__air2s.srt')!;
    const g = await download(`/api/filesets/${id}/track.gpx`);
    expect(g.text).toContain('<name>Coast &amp; &quot;cliffs&quot; &lt;Barcelona&gt;</name>');
    const f = gpx(xml(g.text)).features[0]!;
    expect(f.properties!.name).toBe('Coast & "cliffs" <Barcelona>');
    // 2022-08-07 13:40:40.774 local time in Barcelona (CEST, UTC+2).
    expect(f.properties!.coordinateProperties.times[0]).toBe('2022-08-07T11:40:40.774Z');
    const k = kml(xml((await download(`/api/filesets/${id}/track.kml`)).text)).features[0]!;
    expect(k.properties).toMatchObject({ name: 'Coast & "cliffs" <Barcelona>', timespan: { begin: '2022-08-07T11:40:40.774Z' } });
  });

  it('splits a track across the antimeridian in GeoJSON and keeps the GPX points as recorded', async () => {
    const id = sets.get('antimeridian')!;
    const j = JSON.parse((await download(`/api/filesets/${id}/track.geojson`)).text).features[0];
    expect(j.geometry.type).toBe('MultiLineString');
    expect(j.geometry.coordinates[0].at(-1)[0]).toBe(180);
    expect(j.geometry.coordinates[1][0][0]).toBe(-180);
    const g = gpx(xml((await download(`/api/filesets/${id}/track.gpx`)).text)).features[0]!;
    const lons = (g.geometry as { coordinates: number[][] }).coordinates.map((c) => c[0]!);
    expect(lons).toHaveLength(ANTIMERIDIAN_FLIGHT.length);
    expect(lons.every((l) => Math.abs(l) > 179.98 && Math.abs(l) <= 180)).toBe(true);
  });

  it('writes a one-sample SRT as one point', async () => {
    const id = sets.get('oneSample')!;
    const g = await download(`/api/filesets/${id}/track.gpx`);
    expect(g.status).toBe(200);
    expect(g.text.match(/<trkpt /g)).toHaveLength(1);
    const j = JSON.parse((await download(`/api/filesets/${id}/track.geojson`)).text).features[0];
    expect(j.geometry).toEqual({ type: 'Point', coordinates: [139.7454, 35.6586, 80] });
  });

  it('answers 404 with a message for pre-lock frames only, a set without SRT, and another user', async () => {
    const pre = await download(`/api/filesets/${sets.get('preLock')}/track.gpx`);
    expect(pre.status).toBe(404);
    expect(JSON.parse(pre.text).error).toMatch(NO_FIX_MESSAGE);
    const none = await download(`/api/filesets/${sets.get('noSrt')}/track.kml`);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.text).error).toBe(NO_SRT_MESSAGE);
    const id = sets.get('JuanIrache__DJI_SRT_Parser__air2s.srt')!;
    for (const path of [`/api/filesets/${id}/track.gpx`, `/api/projects/${projectId}/tracks.geojson`]) {
      const r = await download(path, other.token);
      expect(r.status).toBe(404);
      expect(r.text).not.toContain('Barcelona');
    }
    expect((await download('/api/filesets/not-an-id/track.gpx')).status).toBe(400);
    expect((await fetch(`${server.url}/api/filesets/${id}/track.gpx`)).status).toBe(401);
  });

  it('is reached whatever the letter case of the path', async () => {
    const id = sets.get('JuanIrache__DJI_SRT_Parser__air2s.srt')!;
    expect((await download(`/API/FILESETS/${id}/TRACK.GPX`)).status).toBe(200);
  });
});

describe('a project', () => {
  it('streams one track per set with an SRT, in the project order, in each format', async () => {
    const withSrt = [...FIXTURES.map((f) => sets.get(f)!), sets.get('antimeridian')!, sets.get('oneSample')!, sets.get('preLock')!];
    const g = await download(`/api/projects/${projectId}/tracks.gpx`);
    expect(g.status).toBe(200);
    expect(g.type).toBe('application/gpx+xml; charset=utf-8');
    expect(g.disposition).toBe(`attachment; filename="Flights _north_ & _south_ tracks.gpx"; filename*=UTF-8''Flights%20_north_%20%26%20_south_%20tracks.gpx`);
    expect(g.headers.get('transfer-encoding')).toBe('chunked');
    expect(g.text.match(/<trk>/g)).toHaveLength(withSrt.length);
    expect(g.text).toContain('<metadata><name>Flights &lt;north&gt; &amp; &quot;south&quot;</name></metadata>');

    const j = JSON.parse((await download(`/api/projects/${projectId}/tracks.geojson`)).text);
    expect(j.features.map((f: { properties: { fileSetId: string } }) => f.properties.fileSetId)).toEqual(withSrt);
    const kf = kml(xml((await download(`/api/projects/${projectId}/tracks.kml`)).text)).features;
    expect(kf.map((f) => f.properties!.fileSetId)).toEqual(withSrt);
    // Each real fixture's track is the same as its own download.
    for (const f of FIXTURES) {
      const one = JSON.parse((await download(`/api/filesets/${sets.get(f)}/track.geojson`)).text).features?.[0] ?? { geometry: null };
      expect(j.features.find((x: { properties: { fileSetId: string } }) => x.properties.fileSetId === sets.get(f)).geometry).toEqual(one.geometry);
    }
  });

  it('answers 404 for a project without SRT files', async () => {
    const empty = await createProject(server, owner.token, 'Empty');
    const r = await download(`/api/projects/${empty}/tracks.gpx`);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text).error).toBe(NO_PROJECT_TRACKS_MESSAGE);
  });
});

describe('GraphQL', () => {
  const Q = `query($id: ID!, $max: Int) { fileSetTrack(fileSetId: $id, maxPoints: $max) {
    fileSetId title start end altitudeReference pointCount points { t time latitude longitude altitude speed } frames { index t latitude longitude } downloads { gpx kml geojson } } }`;

  it('gives the points (thinned), the analysed frames and the download paths', async () => {
    const f = 'JuanIrache__DJI_SRT_Parser__air2s.srt';
    const id = sets.get(f)!;
    const r = await server.graphql(Q, { id, max: 10 }, owner.token);
    expect(r.errors).toBeUndefined();
    const t = r.data.fileSetTrack;
    const fixes = fixesOf(f);
    expect(t).toMatchObject({ fileSetId: id, title: 'Coast & "cliffs" <Barcelona>', pointCount: fixes.length, start: '2022-08-07T11:40:40.774Z' });
    expect(t.points).toHaveLength(Math.min(10, fixes.length));
    expect(t.points[0]).toMatchObject({ latitude: fixes[0]!.lat, longitude: fixes[0]!.lon });
    expect(t.points.at(-1)).toMatchObject({ latitude: fixes.at(-1)!.lat, longitude: fixes.at(-1)!.lon });
    expect(t.frames.map((x: { index: number; t: number }) => [x.index, x.t])).toEqual([
      [1, 2],
      [2, 5],
      [3, 8],
    ]);
    expect(t.downloads).toEqual({ gpx: `/api/filesets/${id}/track.gpx`, kml: `/api/filesets/${id}/track.kml`, geojson: `/api/filesets/${id}/track.geojson` });
    expect((await download(t.downloads.kml)).status).toBe(200);
    const p = await server.graphql('query($id: ID!) { projectTrackDownloads(projectId: $id) { gpx kml geojson } }', { id: projectId }, owner.token);
    expect(p.data.projectTrackDownloads.geojson).toBe(`/api/projects/${projectId}/tracks.geojson`);
  });

  it('answers pre-lock frames with no points, and refuses a missing SRT, another user and a bad maxPoints', async () => {
    const pre = await server.graphql(Q, { id: sets.get('preLock') }, owner.token);
    expect(pre.data.fileSetTrack).toMatchObject({ pointCount: 0, points: [], start: null });
    const none = await server.graphql(Q, { id: sets.get('noSrt') }, owner.token);
    expect(none.errors?.[0]).toMatchObject({ message: NO_SRT_MESSAGE, extensions: { code: 'NOT_FOUND' } });
    const foreign = await server.graphql(Q, { id: sets.get('antimeridian') }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bad = await server.graphql(Q, { id: sets.get('antimeridian'), max: 1 }, owner.token);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
