import type { WriteTags } from 'exiftool-vendored';
import type { ExportRow } from './export-rows.js';

/**
 * The tags written into a copy of a clip's JPG: IPTC IIM (what agencies' uploaders read first)
 * and XMP (what Adobe's tools read), plus EXIF GPS. IPTC is declared UTF-8 so accents survive.
 */
export function jpgTags(row: ExportRow): WriteTags {
  const tags: Record<string, unknown> = { 'IPTC:CodedCharacterSet': 'UTF8' };
  if (row.title) Object.assign(tags, { 'XMP-dc:Title': row.title, 'IPTC:ObjectName': row.title, 'IPTC:Headline': row.title });
  if (row.description) Object.assign(tags, { 'XMP-dc:Description': row.description, 'IPTC:Caption-Abstract': row.description });
  if (row.keywords.length) Object.assign(tags, { 'XMP-dc:Subject': row.keywords, 'IPTC:Keywords': row.keywords });
  if (row.city) Object.assign(tags, { 'XMP-photoshop:City': row.city, 'IPTC:City': row.city });
  if (row.country) Object.assign(tags, { 'XMP-photoshop:Country': row.country, 'IPTC:Country-PrimaryLocationName': row.country });
  if (row.latitude != null && row.longitude != null) {
    Object.assign(tags, {
      'EXIF:GPSLatitude': Math.abs(row.latitude),
      'EXIF:GPSLatitudeRef': row.latitude < 0 ? 'S' : 'N',
      'EXIF:GPSLongitude': Math.abs(row.longitude),
      'EXIF:GPSLongitudeRef': row.longitude < 0 ? 'W' : 'E',
    });
  }
  return tags as WriteTags;
}
