import type { ExportRow } from './export-rows.js';

/** XML 1.0 cannot carry most control characters at all, escaped or not: they are dropped. */
function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A coordinate in XMP's GPSCoordinate form "DDD,MM.mmmmmmK" (XMP Specification Part 2, EXIF
 * schema): degrees, decimal minutes, then N/S or E/W.
 */
export function xmpGpsCoordinate(value: number, axis: 'lat' | 'lon'): string {
  const ref = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let minutes = Number(((abs - deg) * 60).toFixed(6));
  if (minutes >= 60) {
    deg += 1;
    minutes -= 60;
  }
  return `${deg},${minutes.toFixed(6)}${ref}`;
}

const langAlt = (tag: string, value: string) =>
  `   <${tag}>\n    <rdf:Alt>\n     <rdf:li xml:lang="x-default">${xmlText(value)}</rdf:li>\n    </rdf:Alt>\n   </${tag}>\n`;

/**
 * The XMP sidecar of one clip (`DJI_0001.xmp` beside `DJI_0001.MP4`), read by Adobe Bridge,
 * Premiere, Lightroom and exiftool: title (dc:title), description (dc:description), keywords
 * (dc:subject), location (photoshop:City/Country, Iptc4xmpCore:Location) and GPS (exif:GPS*).
 */
export function buildXmpSidecar(row: ExportRow): string {
  let body = '';
  if (row.title) body += langAlt('dc:title', row.title);
  if (row.description) body += langAlt('dc:description', row.description);
  if (row.keywords.length)
    body += `   <dc:subject>\n    <rdf:Bag>\n${row.keywords.map((k) => `     <rdf:li>${xmlText(k)}</rdf:li>\n`).join('')}    </rdf:Bag>\n   </dc:subject>\n`;
  if (row.city) body += `   <photoshop:City>${xmlText(row.city)}</photoshop:City>\n`;
  if (row.country) body += `   <photoshop:Country>${xmlText(row.country)}</photoshop:Country>\n`;
  const place = [row.city, row.country].filter(Boolean).join(', ');
  if (place) body += `   <Iptc4xmpCore:Location>${xmlText(place)}</Iptc4xmpCore:Location>\n`;
  if (row.latitude != null && row.longitude != null) {
    body += `   <exif:GPSVersionID>2.3.0.0</exif:GPSVersionID>\n`;
    body += `   <exif:GPSLatitude>${xmpGpsCoordinate(row.latitude, 'lat')}</exif:GPSLatitude>\n`;
    body += `   <exif:GPSLongitude>${xmpGpsCoordinate(row.longitude, 'lon')}</exif:GPSLongitude>\n`;
  }
  return (
    `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Shotlog">\n` +
    ` <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n` +
    `  <rdf:Description rdf:about=""\n` +
    `    xmlns:dc="http://purl.org/dc/elements/1.1/"\n` +
    `    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"\n` +
    `    xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"\n` +
    `    xmlns:exif="http://ns.adobe.com/exif/1.0/">\n` +
    body +
    `  </rdf:Description>\n` +
    ` </rdf:RDF>\n` +
    `</x:xmpmeta>\n` +
    `<?xpacket end="w"?>\n`
  );
}
