/**
 * The place of one result (issue 32): city, region, country, place line and named features, with a
 * preview of the title/description/keywords rewritten to the new place before saving. A small,
 * self-contained component for the editor (the editor's owner places it; it saves on its own).
 */
import { lazy, Suspense, useState } from 'react';
import { useLazyQuery, useMutation } from '@apollo/client/react';
import { PlaceEditPreviewQuery, UpdateResultPlaceMutation } from './place.graphql';
import type { PickedPlace } from './PlaceMapPicker';

// Leaflet and the basemap load only when the user opens the map.
const PlaceMapPicker = lazy(() => import('./PlaceMapPicker').then((m) => ({ default: m.PlaceMapPicker })));

export interface PlaceValues {
  city: string | null;
  region: string | null;
  country: string | null;
  placeLine: string | null;
  features: string[];
}

/** Where the map picker opens for a result: its stored position, if it has one. */
export const pointOf = (set: { result: { metadata: { latitude: number | null; longitude: number | null } } | null }) => {
  const m = set.result?.metadata;
  return m && m.latitude !== null && m.longitude !== null ? { latitude: m.latitude, longitude: m.longitude } : null;
};

const FIELDS = [
  ['city', 'City', 200],
  ['region', 'Region', 200],
  ['country', 'Country', 200],
  ['placeLine', 'Place line', 300],
] as const;

/**
 * `beside`: the editor already shows City and Country (saved with its own Save), so only Region,
 * the place line and the named features are shown here; City and Country are sent as stored, until a
 * place picked on the map changes them (then they are shown here too, as what this save sends).
 * `point`: the set's position, where the map picker opens.
 */
export function PlaceFieldsEditor({
  fileSetId,
  place,
  beside = false,
  point = null,
}: {
  fileSetId: string;
  place: PlaceValues;
  beside?: boolean;
  point?: { latitude: number; longitude: number } | null;
}) {
  const [draft, setDraft] = useState<PlaceValues>(place);
  const [mapOpen, setMapOpen] = useState(false);
  const [picked, setPicked] = useState(false);
  const [loadPreview, preview] = useLazyQuery(PlaceEditPreviewQuery, { fetchPolicy: 'network-only' });
  const apply = (p: PickedPlace) => {
    const next = { city: p.city, region: p.region, country: p.country, placeLine: p.placeLine, features: p.features };
    setDraft(next);
    setPicked(true);
    setMapOpen(false);
    // The rewrite preview at once: what the save would change, before anything is saved.
    void loadPreview({ variables: { fileSetId, place: next } });
  };
  const showAll = !beside || picked;
  const [save, saving] = useMutation(UpdateResultPlaceMutation);
  const input = { ...draft, features: draft.features.filter((f) => f.trim() !== '') };
  const p = preview.data?.placeEditPreview;
  const error = preview.error?.message ?? saving.error?.message;
  return (
    <fieldset className="place-fields">
      <legend>{showAll ? 'Place' : 'Region, place line and named features'}</legend>
      {FIELDS.filter(([key]) => showAll || (key !== 'city' && key !== 'country')).map(([key, label, max]) => (
        <label key={key}>
          {label}
          <input maxLength={max} value={draft[key] ?? ''} onChange={(e) => setDraft({ ...draft, [key]: e.target.value || null })} />
        </label>
      ))}
      <label>
        Named features (comma-separated)
        <input value={draft.features.join(', ')} onChange={(e) => setDraft({ ...draft, features: e.target.value.split(',').map((f) => f.trim()) })} />
      </label>
      <div className="place-actions">
        <button type="button" className="button button-small" aria-expanded={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
          {mapOpen ? 'Close the map' : 'Pick on map'}
        </button>
        <button type="button" className="button button-small" onClick={() => void loadPreview({ variables: { fileSetId, place: input } })}>
          Preview the change
        </button>
      </div>
      {mapOpen && (
        <Suspense fallback={<p className="muted small">Loading the map…</p>}>
          <PlaceMapPicker start={point} onApply={apply} />
        </Suspense>
      )}
      {p && (
        <div className="place-preview" aria-live="polite">
          {p.changed.length === 0 ? (
            <p>The title, description and keywords do not name the old place.</p>
          ) : (
            <dl>
              <dt>Title</dt>
              <dd>
                <del>{p.before.title}</del> <ins>{p.after.title}</ins>
              </dd>
              <dt>Description</dt>
              <dd>
                <del>{p.before.finalDescription}</del> <ins>{p.after.finalDescription}</ins>
              </dd>
              <dt>Keywords</dt>
              <dd>
                <del>{p.before.keywords.join(', ')}</del> <ins>{p.after.keywords.join(', ')}</ins>
              </dd>
            </dl>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={saving.loading}
            onClick={() => void save({ variables: { fileSetId, place: input, rewriteText: true } })}
          >
            Save place and rewrite
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={saving.loading}
            onClick={() => void save({ variables: { fileSetId, place: input, rewriteText: false } })}
          >
            Save place only
          </button>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
