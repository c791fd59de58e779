/**
 * The place of one result (issue 32): city, region, country, place line and named features, with a
 * preview of the title/description/keywords rewritten to the new place before saving. A small,
 * self-contained component for the editor (the editor's owner places it; it saves on its own).
 */
import { useState } from 'react';
import { useLazyQuery, useMutation } from '@apollo/client/react';
import { PlaceEditPreviewQuery, UpdateResultPlaceMutation } from './place.graphql';

export interface PlaceValues {
  city: string | null;
  region: string | null;
  country: string | null;
  placeLine: string | null;
  features: string[];
}

const FIELDS = [
  ['city', 'City', 200],
  ['region', 'Region', 200],
  ['country', 'Country', 200],
  ['placeLine', 'Place line', 300],
] as const;

/**
 * `beside`: the editor already shows City and Country (saved with its own Save), so only Region,
 * the place line and the named features are shown here; City and Country are sent as stored.
 */
export function PlaceFieldsEditor({ fileSetId, place, beside = false }: { fileSetId: string; place: PlaceValues; beside?: boolean }) {
  const [draft, setDraft] = useState<PlaceValues>(place);
  const [loadPreview, preview] = useLazyQuery(PlaceEditPreviewQuery, { fetchPolicy: 'network-only' });
  const [save, saving] = useMutation(UpdateResultPlaceMutation);
  const input = { ...draft, features: draft.features.filter((f) => f.trim() !== '') };
  const p = preview.data?.placeEditPreview;
  const error = preview.error?.message ?? saving.error?.message;
  return (
    <fieldset className="place-fields">
      <legend>{beside ? 'Region, place line and named features' : 'Place'}</legend>
      {FIELDS.filter(([key]) => !beside || (key !== 'city' && key !== 'country')).map(([key, label, max]) => (
        <label key={key}>
          {label}
          <input maxLength={max} value={draft[key] ?? ''} onChange={(e) => setDraft({ ...draft, [key]: e.target.value || null })} />
        </label>
      ))}
      <label>
        Named features (comma-separated)
        <input value={draft.features.join(', ')} onChange={(e) => setDraft({ ...draft, features: e.target.value.split(',').map((f) => f.trim()) })} />
      </label>
      <button type="button" onClick={() => void loadPreview({ variables: { fileSetId, place: input } })}>
        Preview the change
      </button>
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
          <button type="button" disabled={saving.loading} onClick={() => void save({ variables: { fileSetId, place: input, rewriteText: true } })}>
            Save place and rewrite
          </button>
          <button type="button" disabled={saving.loading} onClick={() => void save({ variables: { fileSetId, place: input, rewriteText: false } })}>
            Save place only
          </button>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
