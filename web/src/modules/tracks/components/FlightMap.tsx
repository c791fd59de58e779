import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import { nearLongitude, unwrapLongitudes, type LatLon } from '../track-geometry';

export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

interface Props {
  points: LatLon[];
  frames: Array<LatLon & { index: number }>;
  title: string;
}

/**
 * The set's track on OpenStreetMap tiles: a line, the start (filled dot), the end (ringed dot)
 * and the camera at the analysed frames (numbered). Markers are vector shapes and HTML, so no
 * icon image is fetched. Offline (the browser says so, or a tile fails to load) the tiles go and
 * the track stays on a plain background with the scale bar.
 */
export function FlightMap({ points, frames, title }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);

  useEffect(() => {
    const m = L.map(el.current!, { scrollWheelZoom: false, attributionControl: true, zoomSnap: 0.5 });
    L.control.scale({ imperial: false, position: 'topright' }).addTo(m);
    const line = unwrapLongitudes(points);
    const latLngs = line.map((p) => L.latLng(p.latitude, p.longitude));
    const first = latLngs[0]!;
    const last = latLngs.at(-1)!;
    if (latLngs.length > 1) L.polyline(latLngs, { className: 'flight-line', weight: 3 }).addTo(m);
    L.circleMarker(first, { className: 'flight-start', radius: 7, weight: 2, fillOpacity: 1 }).bindTooltip('Start').addTo(m);
    if (latLngs.length > 1) L.circleMarker(last, { className: 'flight-end', radius: 7, weight: 3, fillOpacity: 0.2 }).bindTooltip('End').addTo(m);
    for (const f of frames) {
      const at = L.latLng(f.latitude, nearLongitude(f.longitude, first.lng));
      const icon = L.divIcon({ className: 'flight-frame', html: `<span>${f.index}</span>`, iconSize: [22, 22], iconAnchor: [11, 11] });
      L.marker(at, { icon, keyboard: false, title: `Frame ${f.index}` }).addTo(m);
    }
    const fit = () =>
      latLngs.length > 1 ? m.fitBounds(L.latLngBounds(latLngs), { padding: [24, 24], maxZoom: 18, animate: false }) : m.setView(first, 16, { animate: false });
    fit();
    // A narrower page (a phone turned, a sidebar folding away) must still show the whole track.
    let width = el.current!.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.current && el.current.clientWidth !== width) {
        width = el.current.clientWidth;
        m.invalidateSize();
        fit();
      }
    });
    ro.observe(el.current!);
    setMap(m);
    return () => {
      ro.disconnect();
      // A zoom still animating would touch the removed panes (Leaflet's "_leaflet_pos" error).
      m.stop();
      m.remove();
      setMap(null);
    };
  }, [points, frames]);

  useEffect(() => {
    const goOffline = () => setOffline(true);
    window.addEventListener('offline', goOffline);
    return () => window.removeEventListener('offline', goOffline);
  }, []);

  useEffect(() => {
    if (!map || offline) return;
    const tiles = L.tileLayer(OSM_TILES, { maxZoom: 19, attribution: OSM_ATTRIBUTION });
    // A tile failing before any has loaded means no network (or no tile server): the plain
    // background is more honest than a grey box of holes. A later odd failure keeps the map.
    let loaded = false;
    tiles.on('tileload', () => (loaded = true));
    tiles.on('tileerror', () => !loaded && setOffline(true));
    tiles.addTo(map);
    return () => void tiles.remove();
  }, [map, offline]);

  return (
    <div className="flight-map-wrap">
      <div
        ref={el}
        className={`flight-map${offline ? ' flight-map-offline' : ''}`}
        role="img"
        aria-label={`Map of the flight of ${title}`}
        data-testid="flight-map"
        data-offline={offline ? 'true' : 'false'}
      />
      <ul className="flight-map-legend small" aria-label="Map legend" data-testid="flight-map-legend">
        <li>
          <span className="flight-legend-swatch flight-legend-start" aria-hidden="true" /> Start
        </li>
        <li>
          <span className="flight-legend-swatch flight-legend-end" aria-hidden="true" /> End
        </li>
        <li>
          <span className="flight-legend-swatch flight-legend-line" aria-hidden="true" /> Flight path
        </li>
        <li>
          <span className="flight-legend-swatch flight-legend-frame" aria-hidden="true">
            1
          </span>{' '}
          Analysed frames
        </li>
      </ul>
      {offline && (
        <p className="muted small" data-testid="flight-map-offline">
          Map tiles are unavailable (offline): the track is drawn on a plain background.
        </p>
      )}
    </div>
  );
}
