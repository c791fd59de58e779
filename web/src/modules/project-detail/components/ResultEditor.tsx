import { useId, type ReactNode } from 'react';
import { duplicateKeywords, keywordCapProblem, keywordsToText, MAX_KEYWORDS, parseKeywords, storedKeywordCount } from '../result-shape';
import { KeywordOrder } from './KeywordOrder';
import { CopyMetadata, type CopySource } from './CopyMetadata';
import type { ResultDraft, SaveRefusal } from '../hooks/use-result-drafts';
import { TitleLimits } from './TitleLimits';
import { LocationBlock } from './LocationBlock';
import { ShotTypeChips } from './ShotTypeChips';
import { CategorySelectors, type CategoryOptions } from './CategorySelectors';

interface Props {
  draft: ResultDraft;
  shotTypeLabels: Record<string, string>;
  categoryOptions: CategoryOptions;
  edited: boolean;
  /** Why the last save of this set was refused; its field is marked. */
  refusal: SaveRefusal | null;
  busy: boolean;
  onChange(change: (d: ResultDraft) => ResultDraft): void;
  onReset(): void;
  onCopyJson(): void;
  /** The place line and region (issue 32): shown under City and Country when given. */
  placeFields?: ReactNode;
  /** The project's other sets with a result, to copy metadata from. */
  copySources?: CopySource[];
}

const CAP_REFUSAL = /^\d+ keywords: remove \d+/;

/** SPEC §2 Editable Content for the selected set. */
export function ResultEditor({
  draft,
  shotTypeLabels,
  categoryOptions,
  edited,
  refusal,
  busy,
  onChange,
  onReset,
  onCopyJson,
  placeFields,
  copySources = [],
}: Props) {
  const ids = { title: useId(), description: useId(), keywords: useId(), titleLimits: useId(), refusal: useId() };
  // aria-invalid and the reason, read out with the field (the banner at the top says it too).
  const marked = (field: string, describedBy?: string) =>
    refusal?.field === field
      ? { 'aria-invalid': true, 'aria-describedby': [describedBy, ids.refusal].filter(Boolean).join(' ') }
      : { 'aria-describedby': describedBy };
  const refusalNote = (field: string) =>
    refusal?.field === field ? (
      <p id={ids.refusal} className="small error-text pd-field-error" data-testid="field-error">
        {refusal.reason}
      </p>
    ) : null;
  const { content, metadata, shot_types } = draft.result;
  const typedKeywords = parseKeywords(draft.keywordsText);
  const count = storedKeywordCount(typedKeywords);
  const overCap = keywordCapProblem(count);
  const duplicates = duplicateKeywords(typedKeywords);
  const setContent = (patch: Partial<typeof content>) => onChange((d) => ({ ...d, result: { ...d.result, content: { ...d.result.content, ...patch } } }));
  const setMetadata = (patch: Partial<typeof metadata>) => onChange((d) => ({ ...d, result: { ...d.result, metadata: { ...d.result.metadata, ...patch } } }));

  return (
    <section className="pd-editor card" aria-label="Editable Content" data-testid="result-editor">
      <div className="section-header">
        <h2>Editable Content</h2>
        {edited && <span className="pd-unsaved small">Unsaved changes</span>}
      </div>

      <div className="form">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          type="text"
          value={content.title}
          maxLength={500}
          onChange={(e) => setContent({ title: e.target.value })}
          data-testid="title-input"
          {...marked('title', ids.titleLimits)}
        />
        <TitleLimits id={ids.titleLimits} title={content.title} />
        {refusalNote('title')}

        <div className="pd-label-row">
          <label htmlFor={ids.description}>Description</label>
          <span className="muted small" data-testid="description-count">
            {content.final_description.length} characters
          </span>
        </div>
        <textarea
          id={ids.description}
          rows={8}
          maxLength={5000}
          value={content.final_description}
          onChange={(e) => setContent({ final_description: e.target.value })}
          data-testid="description-input"
          {...marked('finalDescription')}
        />
        {refusalNote('finalDescription')}

        <div className="pd-label-row">
          <label htmlFor={ids.keywords}>Keywords (comma-separated)</label>
          <span className={`small ${overCap ? 'error-text' : 'muted'}`} data-testid="keyword-count">
            {count}/{MAX_KEYWORDS} keywords
          </span>
        </div>
        <textarea
          id={ids.keywords}
          rows={5}
          value={draft.keywordsText}
          onChange={(e) => {
            const keywordsText = e.target.value;
            onChange((d) => ({ ...d, keywordsText }));
          }}
          data-testid="keywords-input"
          {...marked('keywords')}
        />
        {overCap && (
          <p className="small error-text" role="alert" data-testid="keyword-cap">
            {overCap}: this set is not saved until you do.
          </p>
        )}
        {/* The cap is counted live above; a refusal about it would go stale as the user removes keywords. */}
        {!CAP_REFUSAL.test(refusal?.reason ?? '') && refusalNote('keywords')}
        {duplicates.length > 0 && (
          <p className="small warning-text" data-testid="keyword-duplicates">
            Repeated keywords (agencies count them once):{' '}
            {duplicates.map(([k, first]) => (k.toLowerCase() === first.toLowerCase() ? `'${k}'` : `'${k}' (as '${first}')`)).join(', ')}.
          </p>
        )}
        <KeywordOrder keywords={typedKeywords} onReorder={(next) => onChange((d) => ({ ...d, keywordsText: keywordsToText(next) }))} />

        <label className="inline" data-testid="editorial-option">
          <input
            type="checkbox"
            checked={content.editorial === true}
            onChange={(e) => setContent({ editorial: e.target.checked })}
            data-testid="editorial-input"
          />
          Editorial use only
        </label>
        <p className="muted small">
          News, events, or people, brands and property without releases: agencies sell such clips apart from commercial stock, and the Shutterstock CSV marks
          the row editorial.
        </p>
      </div>

      <LocationBlock metadata={metadata} onChange={setMetadata} placeFields={placeFields} />
      <ShotTypeChips
        shotTypes={shot_types}
        labels={shotTypeLabels}
        onToggle={(id, on) => onChange((d) => ({ ...d, result: { ...d.result, shot_types: { ...d.result.shot_types, [id]: on } } }))}
      />
      <CategorySelectors
        categories={content.categories}
        options={categoryOptions}
        invalidField={refusal?.field ?? null}
        onChange={(categories) => setContent({ categories })}
      />
      {refusal && /Category$/.test(refusal.field ?? '') && refusalNote(refusal.field!)}

      <CopyMetadata
        sources={copySources}
        onCopy={(from) =>
          onChange((d) => ({
            ...d,
            keywordsText: keywordsToText(from.content.keywords),
            result: { ...d.result, content: { ...structuredClone(from.content) } },
          }))
        }
      />

      <div className="actions pd-editor-actions">
        <button type="button" className="button" onClick={onReset} disabled={busy}>
          ↺ Reset
        </button>
        <details className="pd-dev-menu">
          <summary className="button">Developer</summary>
          <button type="button" className="button" onClick={onCopyJson} disabled={busy}>
            {'{ }'} Copy JSON
          </button>
        </details>
      </div>
    </section>
  );
}
