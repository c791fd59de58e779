import { useId, useState } from 'react';
import type { ProcessedResult } from '../result-shape';

export interface CopySource {
  id: string;
  /** Title and file name, for people. */
  label: string;
  result: ProcessedResult;
}

/**
 * "Copy metadata from another set" (issue 31 item 6): choose a set, see what would be copied
 * (title, description, keywords, categories), then copy it into this set's draft; nothing is saved
 * until Save Changes, and Reset still restores the AI's original.
 */
export function CopyMetadata({ sources, onCopy }: { sources: CopySource[]; onCopy(from: ProcessedResult): void }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const source = sources.find((s) => s.id === chosen);
  if (sources.length === 0) return null;
  const c = source?.result.content;
  return (
    <details className="pd-copy" data-testid="copy-metadata">
      <summary className="small">Copy metadata from another set</summary>
      <label htmlFor={id} className="small">
        From
      </label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">— Choose a set —</option>
        {sources.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
      {c && (
        <>
          <dl className="details small pd-copy-preview" data-testid="copy-preview">
            <dt>Title</dt>
            <dd>{c.title}</dd>
            <dt>Description</dt>
            <dd>{c.final_description || '—'}</dd>
            <dt>Keywords</dt>
            <dd>
              {c.keywords.length}: {c.keywords.join(', ')}
            </dd>
            <dt>Categories</dt>
            <dd>
              {[c.categories.adobe_category, c.categories.shutterstock_a_category, c.categories.shutterstock_b_category].filter(Boolean).join(' · ') || '—'}
            </dd>
          </dl>
          <p className="muted small">Replaces this set&apos;s title, description, keywords and categories; place and shot types stay. Save to keep it.</p>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              onCopy(source.result);
              setChosen('');
            }}
          >
            Copy into this set
          </button>
        </>
      )}
    </details>
  );
}
