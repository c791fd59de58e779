import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { SettingsQuery, UpdateMarkupMutation } from '../graphql/admin.graphql';
import { serverMessage } from '../../../client/graphql-errors';

const KEY = 'CREDIT_MARKUP_PERCENTAGE';
const BASE_KEY = 'BASE_COST_PER_FILESET';
const DEFAULT_MARKUP = 50;
const DEFAULT_BASE = 0.02;

/** Processing Cost Markup (SPEC §2, §5): 0 to 1000 in steps of 1; Save only when the value changed. */
export function MarkupForm({ onResult }: { onResult(r: { ok: boolean; message: string }): void }) {
  const settings = useQuery(SettingsQuery);
  const [update, { loading }] = useMutation(UpdateMarkupMutation, { refetchQueries: ['Settings'] });
  if (settings.error) console.error('Failed to fetch settings', settings.error);
  const saved = Number(settings.data?.settings.find((s) => s.key === KEY)?.value ?? DEFAULT_MARKUP);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(saved);
  const base = Number(settings.data?.settings.find((s) => s.key === BASE_KEY)?.value ?? DEFAULT_BASE);
  // What one file set costs with the markup being typed (the server rounds charges to the cent).
  const typed = Number(value);
  const perSet = value.trim() !== '' && Number.isFinite(typed) && typed >= 0 ? base * (1 + typed / 100) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) return onResult({ ok: false, message: 'Please enter a valid markup percentage (0 or greater)' });
    try {
      const r = await update({ variables: { value: n } });
      setDraft(null);
      onResult({ ok: true, message: r.data?.updateMarkup.message ?? `Markup updated to ${n}%.` });
    } catch (err) {
      onResult({ ok: false, message: serverMessage(err, 'Failed to update markup') });
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h3>Processing Cost Markup</h3>
      <label>
        Markup percentage
        <input type="number" min={0} max={1000} step={1} value={value} onChange={(e) => setDraft(e.target.value)} aria-label="Markup percentage" />
      </label>
      <p className="muted small">Current: {saved}%. The cost per file set is the base cost plus this markup.</p>
      <p className="small" data-testid="price-per-set">
        {perSet === null ? (
          'Enter a markup to see the price per file set.'
        ) : (
          <>
            Price per file set: <strong>{perSet.toFixed(4).replace(/0{1,2}$/, '')} credits</strong> (base {base} credits + {typed}%)
          </>
        )}
      </p>
      {Number(value) !== saved && (
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Saving...' : 'Save Markup'}
        </button>
      )}
    </form>
  );
}
