import { osmEmbedUrl, osmLink } from '../map-embed';
import type { ProcessedResult } from '../result-shape';

/**
 * SPEC §2 Location: city and country ('Unknown' when missing), coordinates to 5 decimals, and an
 * embedded street map (+/-0.01 degrees) only when coordinates exist.
 */
export function LocationBlock({ metadata }: { metadata: ProcessedResult['metadata'] }) {
  const { latitude, longitude } = metadata;
  const hasPoint = latitude != null && longitude != null;
  return (
    <fieldset className="pd-fieldset pd-location" data-testid="location-block">
      <legend>Location</legend>
      <dl className="details">
        <dt>City</dt>
        <dd data-testid="location-city">{metadata.city || 'Unknown'}</dd>
        <dt>Country</dt>
        <dd data-testid="location-country">{metadata.country || 'Unknown'}</dd>
        <dt>Latitude</dt>
        <dd className="mono" data-testid="location-latitude">
          {latitude != null ? latitude.toFixed(5) : 'Unknown'}
        </dd>
        <dt>Longitude</dt>
        <dd className="mono" data-testid="location-longitude">
          {longitude != null ? longitude.toFixed(5) : 'Unknown'}
        </dd>
      </dl>
      {hasPoint && (
        <div className="pd-map">
          <iframe title="Map preview" src={osmEmbedUrl(latitude, longitude)} loading="lazy" referrerPolicy="no-referrer" data-testid="map-preview" />
          <a className="small" href={osmLink(latitude, longitude)} target="_blank" rel="noreferrer">
            View larger map
          </a>
        </div>
      )}
    </fieldset>
  );
}
