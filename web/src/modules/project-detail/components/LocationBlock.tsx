import { useId, type ReactNode } from 'react';
import { osmEmbedUrl, osmLink } from '../map-embed';
import type { ProcessedResult } from '../result-shape';

type Metadata = ProcessedResult['metadata'];

/**
 * SPEC §2 Location: city and country editable (a stock reviewer corrects them), coordinates to 5
 * decimals as measured, and an embedded street map (+/-0.01 degrees) only when coordinates exist.
 * `placeFields` is the slot for the place line and region (issue 32's data, its own component).
 */
export function LocationBlock({
  metadata,
  onChange,
  placeFields,
}: {
  metadata: Metadata;
  onChange?(patch: Partial<Pick<Metadata, 'city' | 'country'>>): void;
  placeFields?: ReactNode;
}) {
  const ids = { city: useId(), country: useId() };
  const { latitude, longitude } = metadata;
  const hasPoint = latitude != null && longitude != null;
  return (
    <fieldset className="pd-fieldset pd-location" data-testid="location-block">
      <legend>Location</legend>
      {onChange ? (
        <div className="pd-place-inputs">
          <label htmlFor={ids.city}>City</label>
          <input
            id={ids.city}
            type="text"
            maxLength={200}
            value={metadata.city ?? ''}
            placeholder="Unknown"
            onChange={(e) => onChange({ city: e.target.value || null })}
            data-testid="city-input"
          />
          <label htmlFor={ids.country}>Country</label>
          <input
            id={ids.country}
            type="text"
            maxLength={200}
            value={metadata.country ?? ''}
            placeholder="Unknown"
            onChange={(e) => onChange({ country: e.target.value || null })}
            data-testid="country-input"
          />
        </div>
      ) : null}
      {placeFields}
      <dl className="details">
        {!onChange && (
          <>
            <dt>City</dt>
            <dd data-testid="location-city">{metadata.city || 'Unknown'}</dd>
            <dt>Country</dt>
            <dd data-testid="location-country">{metadata.country || 'Unknown'}</dd>
          </>
        )}
        <dt>Latitude</dt>
        <dd className="mono" data-testid="location-latitude">
          {latitude != null ? latitude.toFixed(5) : 'Unknown'}
        </dd>
        <dt>Longitude</dt>
        <dd className="mono" data-testid="location-longitude">
          {longitude != null ? longitude.toFixed(5) : 'Unknown'}
        </dd>
      </dl>
      {hasPoint ? (
        <div className="pd-map">
          <iframe title="Map preview" src={osmEmbedUrl(latitude, longitude)} loading="lazy" referrerPolicy="no-referrer" data-testid="map-preview" />
          <p className="muted small">The map is drawn by OpenStreetMap: without an internet connection it stays blank.</p>
          <a className="small" href={osmLink(latitude, longitude)} target="_blank" rel="noreferrer">
            View larger map
          </a>
        </div>
      ) : (
        <p className="muted small" data-testid="no-map">
          No map: the telemetry of this set has no GPS position.
        </p>
      )}
    </fieldset>
  );
}
