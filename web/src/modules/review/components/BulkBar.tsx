import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../../client/graphql-errors';
import type { BulkResultFieldsFragment, ReviewSelectionInput } from '../../../gql/graphql';
import {
  AddKeywordsMutation,
  FindReplaceMutation,
  RemoveKeywordsMutation,
  ReorderMutation,
  ReplaceKeywordMutation,
  ResetMutation,
  SetCategoriesMutation,
} from '../graphql/review.graphql';

type Action = 'add' | 'remove' | 'replace' | 'findReplace' | 'categories' | 'reorder' | 'reset';

const ACTIONS: Array<[Action, string]> = [
  ['add', 'Add keywords'],
  ['remove', 'Remove keywords'],
  ['replace', 'Replace a keyword'],
  ['findReplace', 'Find and replace'],
  ['categories', 'Set Adobe category'],
  ['reorder', 'Order keywords by relevance'],
  ['reset', 'Reset to AI original'],
];

const list = (s: string) =>
  s
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

/** The bulk action bar: one action on the selection, answered with what changed and what was refused. */
export function BulkBar(props: {
  selection: ReviewSelectionInput;
  count: number;
  adobeCategories: string[];
  onDone: (result: BulkResultFieldsFragment, label: string) => void;
  onError: (message: string) => void;
}) {
  const [action, setAction] = useState<Action>('add');
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [atStart, setAtStart] = useState(false);
  const [field, setField] = useState<'TITLE' | 'DESCRIPTION'>('TITLE');
  const [wholeWord, setWholeWord] = useState(true);
  const [busy, setBusy] = useState(false);
  const [add] = useMutation(AddKeywordsMutation);
  const [remove] = useMutation(RemoveKeywordsMutation);
  const [replace] = useMutation(ReplaceKeywordMutation);
  const [findReplace] = useMutation(FindReplaceMutation);
  const [categories] = useMutation(SetCategoriesMutation);
  const [reorder] = useMutation(ReorderMutation);
  const [reset] = useMutation(ResetMutation);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const selection = props.selection;
    const label = ACTIONS.find(([k]) => k === action)![1];
    setBusy(true);
    try {
      let result: BulkResultFieldsFragment | undefined;
      if (action === 'add') result = (await add({ variables: { selection, keywords: list(a), position: atStart ? 'START' : 'END' } })).data?.addKeywords;
      else if (action === 'remove') result = (await remove({ variables: { selection, keywords: list(a) } })).data?.removeKeywords;
      else if (action === 'replace') result = (await replace({ variables: { selection, from: a, to: b } })).data?.replaceKeyword;
      else if (action === 'findReplace') result = (await findReplace({ variables: { selection, field, find: a, replace: b, wholeWord } })).data?.findReplace;
      else if (action === 'categories') result = (await categories({ variables: { selection, adobeCategory: a || null } })).data?.setCategories;
      else if (action === 'reorder') result = (await reorder({ variables: { selection } })).data?.reorderKeywordsByRelevance;
      else result = (await reset({ variables: { selection } })).data?.resetToAiOriginal;
      if (result) props.onDone(result, label);
    } catch (err) {
      props.onError(serverMessage(err, 'The bulk action failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="rv-bulk" onSubmit={submit} aria-label="Bulk action">
      <strong className="rv-bulk-count">{props.count} selected</strong>
      <select
        aria-label="Action"
        value={action}
        onChange={(e) => {
          // Each action opens empty: keywords typed for "Add" are not a "Find" text.
          setAction(e.target.value as Action);
          setA('');
          setB('');
        }}
      >
        {ACTIONS.map(([k, l]) => (
          <option key={k} value={k}>
            {l}
          </option>
        ))}
      </select>
      {(action === 'add' || action === 'remove') && (
        <input aria-label="Keywords (comma-separated)" placeholder="keywords, comma-separated" value={a} onChange={(e) => setA(e.target.value)} />
      )}
      {action === 'add' && (
        <label className="rv-check">
          <input type="checkbox" checked={atStart} onChange={(e) => setAtStart(e.target.checked)} /> at the start
        </label>
      )}
      {action === 'replace' && (
        <>
          <input aria-label="Keyword to replace" placeholder="keyword" value={a} onChange={(e) => setA(e.target.value)} />
          <input aria-label="Replacement" placeholder="replacement" value={b} onChange={(e) => setB(e.target.value)} />
        </>
      )}
      {action === 'findReplace' && (
        <>
          <select aria-label="Field" value={field} onChange={(e) => setField(e.target.value as 'TITLE' | 'DESCRIPTION')}>
            <option value="TITLE">Titles</option>
            <option value="DESCRIPTION">Descriptions</option>
          </select>
          <input aria-label="Find" placeholder="find" value={a} onChange={(e) => setA(e.target.value)} />
          <input aria-label="Replace with" placeholder="replace with" value={b} onChange={(e) => setB(e.target.value)} />
          <label className="rv-check">
            <input type="checkbox" checked={wholeWord} onChange={(e) => setWholeWord(e.target.checked)} /> whole word
          </label>
        </>
      )}
      {action === 'categories' && (
        <select aria-label="Adobe Stock category" value={a} onChange={(e) => setA(e.target.value)}>
          <option value="">No category</option>
          {props.adobeCategories.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      )}
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        {busy ? 'Applying…' : 'Apply'}
      </button>
    </form>
  );
}
