/**
 * Pick a point on a map and see how Shotlog would read the place there (city, region, country, place
 * line, named places; GraphQL `placeAt`), then apply it to the place fields. The basemap is vector
 * country shapes shipped with the app (world-basemap.ts): nothing is downloaded from a tile server
 * unless a deployment configures one.
 */
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './place-map-picker.css';
import { useLazyQuery } from '@apollo/client/react';
import { PlaceAtQuery } from './place.graphql';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL, worldCountries } from './world-basemap';

export interface PickedPlace {
  city: string | null;
  region: string | null;
  country: string | null;
  placeLine: string | null;
  features: string[];
}

interface Props {
  /** Where the map opens: the set's position, else the whole world. */
  start: { latitude: number; longitude: number } | null;
  onApply: (place: PickedPlace) => void;
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

export function PlaceMapPicker({ start, onApply }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const [point, setPoint] = useState<{ latitude: number; longitude: number } | null>(null);
  const [basemap, setBasemap] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [readPlace, read] = useLazyQuery(PlaceAtQuery, { fetchPolicy: 'network-only' });

  useEffect(() => {
    const m = L.map(el.current!, { worldCopyJump: true, zoomSnap: 0.5, attributionControl: !!MAP_TILE_URL });
    if (start) m.setView([start.latitude, start.longitude], 7, { animate: false });
    else m.setView([20, 0], 1.5, { animate: false });
    if (MAP_TILE_URL) L.tileLayer(MAP_TILE_URL, { maxZoom: 18, attribution: MAP_TILE_ATTRIBUTION }).addTo(m);
    let marker: L.CircleMarker | null = start ? L.circleMarker([start.latitude, start.longitude], { className: 'place-pick-start', radius: 5 }).addTo(m) : null;
    let cancelled = false;
    worldCountries()
      .then((fc) => {
        if (cancelled) return;
        L.geoJSON(fc, { interactive: false, style: { className: 'place-pick-land', weight: 0.6 } }).addTo(m);
        setBasemap('ready');
      })
      .catch(() => !cancelled && setBasemap('failed'));
    m.on('click', (e: L.LeafletMouseEvent) => {
      const latlng = e.latlng.wrap();
      const p = { latitude: round(latlng.lat), longitude: round(latlng.lng) };
      marker?.remove();
      marker = L.circleMarker(latlng, { className: 'place-pick-point', radius: 7, weight: 2, fillOpacity: 1 }).addTo(m);
      setPoint(p);
      void readPlace({ variables: p });
    });
    return () => {
      cancelled = true;
      m.stop();
      m.remove();
    };
    // The map is made once per set (the editor keys this component by set).
  }, []);

  const picked = read.data?.placeAt;
  return (
    <div className="place-pick">
      <div
        ref={el}
        className="place-pick-map"
        role="application"
        aria-label="Map: click a point to read the place there"
        data-testid="place-pick-map"
        data-basemap={basemap}
      />
      {basemap === 'failed' && <p className="muted small">The map's country outlines could not be loaded; a click still reads the place.</p>}
      {!point && <p className="muted small">Click the map where the picture was taken (or what it shows).</p>}
      {point && (
        <div className="place-pick-preview" aria-live="polite" data-testid="place-pick-preview">
          <p className="small">
            Point {point.latitude.toFixed(4)}, {point.longitude.toFixed(4)}
          </p>
          {read.loading && <p className="muted small">Reading the place…</p>}
          {read.error && <p role="alert">{read.error.message}</p>}
          {picked && !read.loading && (
            <>
              {picked.country ? (
                <dl>
                  <dt>Place line</dt>
                  <dd>{picked.placeLine ?? '—'}</dd>
                  <dt>City</dt>
                  <dd>{picked.city ?? '—'}</dd>
                  <dt>Region</dt>
                  <dd>{picked.region ?? '—'}</dd>
                  <dt>Country</dt>
                  <dd>{picked.country}</dd>
                  <dt>Named places</dt>
                  <dd>{picked.features.length ? picked.features.join(', ') : '—'}</dd>
                </dl>
              ) : (
                <p>No country here (open sea or no data): nothing to apply.</p>
              )}
              <button
                type="button"
                className="button button-small button-primary"
                disabled={!picked.country}
                onClick={() => onApply({ ...picked, features: [...picked.features] })}
              >
                Use this place
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
