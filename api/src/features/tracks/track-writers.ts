/**
 * GPX 1.1, KML 2.2 and GeoJSON (RFC 7946) writers for flight tracks. Each writes a document in
 * pieces (head, one piece per track, tail), so a project's file streams set by set.
 *
 * - GPX: one <trk> per set (name = title, desc = file and times), one <trkseg> of the points with
 *   <ele> and <time>; speed in Garmin's TrackPointExtension v2 (GPX 1.1 has no speed element).
 *   Points are written as recorded: a GPX point list needs no splitting at the antimeridian.
 * - KML: one Placemark per set with a TimeSpan and, when every point has its time, a gx:Track (one
 *   <when> and <gx:coord> per point; a gx:MultiTrack split where the track crosses the antimeridian),
 *   so Google Earth's time slider and parsers see per-point times; without times a LineString (a
 *   MultiGeometry of LineStrings across the antimeridian). A Point for a one-point track, no geometry for none.
 * - GeoJSON: one Feature per set: LineString, MultiLineString split at the antimeridian, Point, or
 *   null geometry; per-point times and speeds in `coordinateProperties` (as @tmcw/togeojson writes).
 */
import { splitAtAntimeridian, type Position } from './antimeridian.js';
import type { Track, TrackPoint } from './track.js';

export const TRACK_FORMATS = ['gpx', 'kml', 'geojson'] as const;
export type TrackFormat = (typeof TRACK_FORMATS)[number];

export const TRACK_CONTENT_TYPES: Record<TrackFormat, string> = {
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

export interface TrackDocumentWriter {
  head(name: string): string;
  /** One track; `index` is its position in the document (0 first). */
  track(t: Track, index: number): string;
  tail(): string;
}

/** Characters XML 1.0 cannot hold at all (controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): dropped. */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML element content and attribute values. */
export function xmlText(value: string): string {
  return value.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));
/** Coordinates keep what the SRT wrote (6-7 decimals); more would only be float noise. */
const coord = (v: number) => String(round(v, 8));
const metres = (v: number) => String(round(v, 2));

function describe(t: Track): string {
  const when = t.start && t.end ? `, ${t.start} to ${t.end}` : '';
  return `${t.baseName}: ${t.points.length} GPS point${t.points.length === 1 ? '' : 's'}${when}`;
}

const gpx: TrackDocumentWriter = {
  head: (name) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Shotlog" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"' +
    ' xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n' +
    `<metadata><name>${xmlText(name)}</name></metadata>\n`,
  track(t) {
    const out = [`<trk><name>${xmlText(t.title)}</name><desc>${xmlText(describe(t))}</desc><src>DJI SRT telemetry</src><type>drone flight</type>\n`];
    if (t.points.length) {
      out.push('<trkseg>\n');
      for (const p of t.points) {
        let pt = `<trkpt lat="${coord(p.lat)}" lon="${coord(p.lon)}">`;
        if (p.altitude !== null) pt += `<ele>${metres(p.altitude)}</ele>`;
        if (p.time) pt += `<time>${p.time}</time>`;
        if (p.speed !== null)
          pt += `<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>${metres(p.speed)}</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions>`;
        out.push(`${pt}</trkpt>\n`);
      }
      out.push('</trkseg>\n');
    }
    out.push('</trk>\n');
    return out.join('');
  },
  tail: () => '</gpx>\n',
};

const position = (p: TrackPoint): Position => (p.altitude === null ? [p.lon, p.lat] : [p.lon, p.lat, round(p.altitude, 2)]);
const kmlCoords = (line: readonly Position[]) => line.map((c) => c.map((v, i) => (i < 2 ? coord(v) : metres(v))).join(',')).join(' ');

/**
 * A gx:Track: every <when> first, then every <gx:coord> ("lon lat alt", space-separated), as the
 * KML extension schema orders them. A point without altitude is written as "lon lat".
 */
function gxTrack(points: readonly TrackPoint[], mode: string): string {
  const whens = points.map((p) => `<when>${p.time}</when>`).join('');
  const coords = points.map((p) => `<gx:coord>${coord(p.lon)} ${coord(p.lat)}${p.altitude === null ? '' : ` ${metres(p.altitude)}`}</gx:coord>`).join('');
  return `<gx:Track><altitudeMode>${mode}</altitudeMode>${whens}${coords}</gx:Track>`;
}

/** The recorded points in runs that do not cross the antimeridian (a jump of over 180 degrees of longitude). */
function splitPointsAtAntimeridian(points: readonly TrackPoint[]): TrackPoint[][] {
  const parts: TrackPoint[][] = [[points[0]!]];
  for (let i = 1; i < points.length; i++) {
    if (Math.abs(points[i]!.lon - points[i - 1]!.lon) > 180) parts.push([]);
    parts.at(-1)!.push(points[i]!);
  }
  return parts;
}

const kml: TrackDocumentWriter = {
  head: (name) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\n<Document><name>${xmlText(name)}</name>\n`,
  track(t) {
    const mode = t.altitudeReference === 'absolute' ? 'absolute' : 'relativeToGround';
    const out = [`<Placemark><name>${xmlText(t.title)}</name><description>${xmlText(describe(t))}</description>`];
    if (t.start && t.end) out.push(`<TimeSpan><begin>${t.start}</begin><end>${t.end}</end></TimeSpan>`);
    out.push(
      `<ExtendedData><Data name="fileSetId"><value>${xmlText(t.fileSetId)}</value></Data><Data name="baseName"><value>${xmlText(t.baseName)}</value></Data></ExtendedData>\n`,
    );
    const line = t.points.map(position);
    if (line.length === 1) {
      out.push(`<Point><altitudeMode>${mode}</altitudeMode><coordinates>${kmlCoords(line)}</coordinates></Point>`);
    } else if (line.length > 1 && t.points.every((p) => p.time !== null)) {
      const parts = splitPointsAtAntimeridian(t.points);
      out.push(parts.length === 1 ? gxTrack(parts[0]!, mode) : `<gx:MultiTrack>${parts.map((part) => gxTrack(part, mode)).join('')}</gx:MultiTrack>`);
    } else if (line.length > 1) {
      const parts = splitAtAntimeridian(line);
      const ls = (part: Position[]) =>
        `<LineString><tessellate>1</tessellate><altitudeMode>${mode}</altitudeMode><coordinates>${kmlCoords(part)}</coordinates></LineString>`;
      out.push(parts.length === 1 ? ls(parts[0]!) : `<MultiGeometry>${parts.map(ls).join('')}</MultiGeometry>`);
    }
    out.push('</Placemark>\n');
    return out.join('');
  },
  tail: () => '</Document>\n</kml>\n',
};

/**
 * GeoJSON geometry of a track and its per-point times/speeds, aligned with the coordinates (a
 * point added where the line meets the antimeridian has null time and speed).
 */
export function trackGeometry(points: readonly TrackPoint[]): {
  geometry:
    null | { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] } | { type: 'MultiLineString'; coordinates: Position[][] };
  times: (string | null)[] | (string | null)[][];
  speeds: (number | null)[] | (number | null)[][];
} {
  if (points.length === 0) return { geometry: null, times: [], speeds: [] };
  if (points.length === 1) return { geometry: { type: 'Point', coordinates: position(points[0]!) }, times: [points[0]!.time], speeds: [points[0]!.speed] };
  const parts = splitAtAntimeridian(points.map(position));
  if (parts.length === 1)
    return { geometry: { type: 'LineString', coordinates: parts[0]! }, times: points.map((p) => p.time), speeds: points.map((p) => p.speed) };
  // Walk the parts: every part after the first starts with an added boundary point, every part before the last ends with one.
  const times: (string | null)[][] = [];
  const speeds: (number | null)[][] = [];
  let k = 0;
  for (const [i, part] of parts.entries()) {
    const pt: (string | null)[] = [];
    const ps: (number | null)[] = [];
    for (let j = 0; j < part.length; j++) {
      const added = (i > 0 && j === 0) || (i < parts.length - 1 && j === part.length - 1);
      pt.push(added ? null : points[k]!.time);
      ps.push(added ? null : points[k]!.speed);
      if (!added) k++;
    }
    times.push(pt);
    speeds.push(ps);
  }
  return { geometry: { type: 'MultiLineString', coordinates: parts }, times, speeds };
}

const geojson: TrackDocumentWriter = {
  head: (name) => `{"type":"FeatureCollection","name":${JSON.stringify(name)},"features":[\n`,
  track(t, index) {
    const { geometry, times, speeds } = trackGeometry(t.points);
    const feature = {
      type: 'Feature',
      properties: {
        name: t.title,
        fileSetId: t.fileSetId,
        baseName: t.baseName,
        start: t.start,
        end: t.end,
        altitudeReference: t.altitudeReference,
        coordinateProperties: { times, speeds },
      },
      geometry,
    };
    return `${index > 0 ? ',\n' : ''}${JSON.stringify(feature)}`;
  },
  tail: () => '\n]}\n',
};

export const TRACK_WRITERS: Record<TrackFormat, TrackDocumentWriter> = { gpx, kml, geojson };

/** A whole document of the given tracks, for tests and single-set downloads. */
export function writeTracks(format: TrackFormat, name: string, tracks: readonly Track[]): string {
  const w = TRACK_WRITERS[format];
  return w.head(name) + tracks.map((t, i) => w.track(t, i)).join('') + w.tail();
}
