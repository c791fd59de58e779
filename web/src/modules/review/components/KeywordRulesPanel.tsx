import { useEffect, useId, useMemo, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import type { KeywordRulesPreviewQuery as PreviewResult } from '../../../gql/graphql';
import {
  DeleteKeywordRulePresetMutation,
  KeywordRulesPanelQuery,
  KeywordRulesPreviewQuery,
  SaveKeywordRulePresetMutation,
  SetKeywordRulesMutation,
} from '../graphql/keyword-rules.graphql';
import { AGENCY_FIELDS, EMPTY_FORM, formOf, readForm, type RulesForm } from '../keyword-rules-form';

type Problem = { field: string | null; message: string } | null;

/** The server's refusal: its message and the list it is about (extensions.field). */
function problemOf(err: unknown): Problem {
  if (CombinedGraphQLErrors.is(err)) {
    const first = err.errors[0];
    const field = first?.extensions?.field;
    return { field: typeof field === 'string' ? field : null, message: first?.message ?? 'The rules were refused' };
  }
  return { field: null, message: 'The server could not be reached; try again' };
}

/**
 * Keyword rules on screen (issue 31 item 3): always-include, never-include, synonyms and the
 * keyword maximum per agency, with how many sets each entry changes (asked as the user types,
 * nothing saved), the API's refusals beside the list they are about, and saved presets.
 */
export function KeywordRulesPanel({ projectId, onSaved, onClose }: { projectId: string; onSaved(): void; onClose(): void }) {
  const client = useApolloClient();
  const ids = { always: useId(), never: useId(), synonyms: useId(), preset: useId() };
  const loaded = useQuery(KeywordRulesPanelQuery, { variables: { projectId }, fetchPolicy: 'network-only' });
  const [form, setForm] = useState<RulesForm>(EMPTY_FORM);
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [preview, setPreview] = useState<PreviewResult['keywordRulesPreview'] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [presetName, setPresetName] = useState('');
  const [presetId, setPresetId] = useState('');
  const [saveRules, saving] = useMutation(SetKeywordRulesMutation);
  const [savePreset] = useMutation(SaveKeywordRulePresetMutation);
  const [deletePreset] = useMutation(DeleteKeywordRulePresetMutation);

  const stored = loaded.data?.keywordRules;
  useEffect(() => {
    if (stored && !dirty) setForm(formOf(stored));
  }, [stored, dirty]);
  const presets = loaded.data?.keywordRulePresets ?? [];

  const change = (patch: Partial<RulesForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
    setNotice(null);
  };
  const read = useMemo(() => readForm(form), [form]);
  const debounced = useDebouncedValue(read, 400);

  // The preview: what each entry would change, as typed. A refusal is shown in place instead.
  useEffect(() => {
    if (!('rules' in debounced)) {
      setProblem({ field: debounced.field, message: debounced.message });
      return;
    }
    let live = true;
    client
      .query({ query: KeywordRulesPreviewQuery, variables: { projectId, rules: debounced.rules }, fetchPolicy: 'no-cache' })
      .then((r) => {
        if (!live) return;
        setPreview(r.data?.keywordRulesPreview ?? null);
        setProblem(null);
      })
      .catch((err: unknown) => live && setProblem(problemOf(err)));
    return () => {
      live = false;
    };
  }, [client, projectId, debounced]);

  const onSave = async () => {
    if (!('rules' in read)) return setProblem({ field: read.field, message: read.message });
    try {
      await saveRules({ variables: { projectId, rules: read.rules } });
      setDirty(false);
      setProblem(null);
      setNotice('Keyword rules saved: new results and every export use them.');
      void loaded.refetch();
      onSaved();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const onSavePreset = async () => {
    if (!('rules' in read)) return setProblem({ field: read.field, message: read.message });
    try {
      const r = await savePreset({ variables: { name: presetName, rules: read.rules } });
      setNotice(`Preset '${r.data?.saveKeywordRulePreset.name}' saved: apply it to any project from here.`);
      setPresetName('');
      void loaded.refetch();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const chosen = presets.find((p) => p.id === presetId);
  const onApplyPreset = () => {
    if (!chosen) return;
    // Into the form, previewed, saved only with Save rules.
    setForm(formOf(chosen.rules));
    setDirty(true);
    setNotice(`Preset '${chosen.name}' loaded: check the preview, then Save rules.`);
  };
  const onDeletePreset = async () => {
    if (!chosen || !confirm(`Delete the preset '${chosen.name}'?`)) return;
    try {
      await deletePreset({ variables: { id: chosen.id } });
      setPresetId('');
      void loaded.refetch();
    } catch (err) {
      setProblem(problemOf(err));
    }
  };

  const impacts = (kind: string) => (preview?.entries ?? []).filter((e) => e.kind === kind);
  const errorFor = (field: string) =>
    problem?.field === field ? (
      <p className="small error-text" role="alert" data-testid="rules-error">
        {problem.message}
      </p>
    ) : null;
  const Impact = ({ kind }: { kind: string }) => {
    const list = impacts(kind);
    if (!list.length) return null;
    return (
      <ul className="rv-rule-impacts small muted" data-testid={`impact-${kind}`}>
        {list.map((e) => (
          <li key={e.entry}>{e.summary}</li>
        ))}
      </ul>
    );
  };

  return (
    <aside className="rv-rules card" aria-label="Keyword rules" data-testid="keyword-rules-panel">
      <div className="rv-rules-head">
        <h2>Keyword rules</h2>
        <button type="button" className="button button-small" onClick={onClose} aria-label="Close the keyword rules">
          ✕
        </button>
      </div>
      <p className="small muted">
        Applied to new results, to bulk actions and to every export. Stored keywords stay at most 30 a set; an agency maximum cuts only that agency&apos;s
        export, keeping the always-include keywords and the most relevant.
      </p>
      {loaded.error && <p className="error-text">The rules could not be loaded.</p>}

      <label htmlFor={ids.always}>Always include</label>
      <textarea
        id={ids.always}
        rows={2}
        value={form.alwaysInclude}
        placeholder="Portugal, Europe"
        onChange={(e) => change({ alwaysInclude: e.target.value })}
      />
      {errorFor('alwaysInclude')}
      <Impact kind="alwaysInclude" />

      <label htmlFor={ids.never}>Never include</label>
      <textarea id={ids.never} rows={2} value={form.neverInclude} placeholder="nobody, no people" onChange={(e) => change({ neverInclude: e.target.value })} />
      {errorFor('neverInclude')}
      <Impact kind="neverInclude" />

      <label htmlFor={ids.synonyms}>Synonyms (one a line: keyword -&gt; replacement)</label>
      <textarea
        id={ids.synonyms}
        rows={3}
        value={form.synonyms}
        placeholder="drone footage -> aerial footage"
        onChange={(e) => change({ synonyms: e.target.value })}
      />
      {errorFor('synonyms')}
      <Impact kind="synonyms" />

      <fieldset className="rv-rules-limits">
        <legend>Most keywords per agency export (blank: 30)</legend>
        {AGENCY_FIELDS.map((a) => (
          <label key={a.id}>
            {a.name}
            <input
              type="number"
              min={1}
              max={50}
              inputMode="numeric"
              value={form.maxPerAgency[a.id]}
              placeholder="30"
              onChange={(e) => change({ maxPerAgency: { ...form.maxPerAgency, [a.id]: e.target.value } })}
              aria-describedby={`${ids.preset}-${a.id}`}
            />
            <span id={`${ids.preset}-${a.id}`} className="small muted">
              the agency takes {a.takes}
            </span>
          </label>
        ))}
      </fieldset>
      {errorFor('maxPerAgency')}
      <Impact kind="maxPerAgency" />

      {problem && problem.field == null && (
        <p className="small error-text" role="alert" data-testid="rules-error">
          {problem.message}
        </p>
      )}
      {preview && (
        <p className="small" data-testid="rules-preview-total">
          These rules change {preview.changed} of {preview.sets} sets.
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-primary" disabled={!dirty || saving.loading} onClick={() => void onSave()}>
          Save rules
        </button>
      </div>
      {notice && (
        <p className="small success-text" role="status" data-testid="rules-notice">
          {notice}
        </p>
      )}

      <fieldset className="rv-rules-presets">
        <legend>Presets</legend>
        <label htmlFor={ids.preset}>Saved presets</label>
        <div className="rv-rules-row">
          <select id={ids.preset} value={presetId} onChange={(e) => setPresetId(e.target.value)}>
            <option value="">{presets.length ? '— Choose a preset —' : 'No presets yet'}</option>
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <button type="button" className="button button-small" disabled={!chosen} onClick={onApplyPreset}>
            Use
          </button>
          <button type="button" className="button button-small" disabled={!chosen} onClick={() => void onDeletePreset()}>
            Delete
          </button>
        </div>
        <div className="rv-rules-row">
          <input
            aria-label="Preset name"
            placeholder="Name, e.g. Portugal trips"
            maxLength={100}
            value={presetName}
            onChange={(e) => setPresetName(e.target.value)}
          />
          <button type="button" className="button button-small" disabled={!presetName.trim()} onClick={() => void onSavePreset()}>
            Save as preset
          </button>
        </div>
        {errorFor('name')}
      </fieldset>
    </aside>
  );
}
