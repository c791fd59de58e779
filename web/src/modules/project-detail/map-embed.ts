/** SPEC §9: the map preview box is +/-0.01 degrees around the point. */
export const MAP_BOX_DEGREES = 0.01;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** OpenStreetMap's embeddable map; bbox is minLon,minLat,maxLon,maxLat and the marker is lat,lon. */
export function osmEmbedUrl(latitude: number, longitude: number): string {
  const d = MAP_BOX_DEGREES;
  const bbox = [clamp(longitude - d, -180, 180), clamp(latitude - d, -90, 90), clamp(longitude + d, -180, 180), clamp(latitude + d, -90, 90)]
    .map((v) => v.toFixed(6))
    .join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}

/** A link to the same place on openstreetmap.org, for a bigger map. */
export const osmLink = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
