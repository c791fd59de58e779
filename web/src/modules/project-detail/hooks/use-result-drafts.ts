import { useCallback, useMemo, useState } from 'react';
import { keywordsToText, parseKeywords, type ProcessedResult } from '../result-shape';

/** The editable copy of one set's result; keywords stay as typed text until saved (a trailing comma is not lost). */
export interface ResultDraft {
  result: ProcessedResult;
  keywordsText: string;
}

export const draftFrom = (result: ProcessedResult): ResultDraft => ({ result, keywordsText: keywordsToText(result.content.keywords) });

/** The result a draft stands for, with keywords as SPEC §5 keeps them. */
export const draftToResult = (d: ResultDraft): ProcessedResult => ({
  ...d.result,
  content: { ...d.result.content, keywords: parseKeywords(d.keywordsText) },
});

export type SaveOutcome = { ok: true; saved: number } | { ok: false; message: string };

/**
 * Unsaved edits per file set (SPEC §4 Unsaved-edit flag): set when a result field is edited,
 * cleared after a successful save or after Reset. Sets without edits always show the server's result,
 * so a reload after processing shows new content.
 */
export function useResultDrafts(opts: { save(fileSetId: string, result: ProcessedResult): Promise<void>; reset(fileSetId: string): Promise<void> }) {
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  const [saving, setSaving] = useState(false);
  const { save, reset } = opts;

  const draftFor = useCallback(
    (fileSetId: string, serverResult: ProcessedResult | null): ResultDraft | null => {
      return drafts[fileSetId] ?? (serverResult ? draftFrom(serverResult) : null);
    },
    [drafts],
  );

  const edit = useCallback((fileSetId: string, base: ResultDraft, change: (d: ResultDraft) => ResultDraft) => {
    setDrafts((all) => ({ ...all, [fileSetId]: change(all[fileSetId] ?? base) }));
  }, []);

  /** Saves every edited set; stops at the first failure and keeps the unsaved ones (SPEC §8 messages). */
  const saveAll = useCallback(async (): Promise<SaveOutcome> => {
    const pending = Object.entries(drafts);
    if (pending.length === 0) return { ok: true, saved: 0 };
    setSaving(true);
    try {
      const done: string[] = [];
      for (const [id, draft] of pending) {
        try {
          await save(id, draftToResult(draft));
          done.push(id);
        } catch (err) {
          console.error(err);
          return { ok: false, message: `Failed to save fileset ${id}` };
        } finally {
          if (done.length) setDrafts((all) => omit(all, done));
        }
      }
      return { ok: true, saved: done.length };
    } finally {
      setSaving(false);
    }
  }, [drafts, save]);

  const resetSet = useCallback(
    async (fileSetId: string) => {
      await reset(fileSetId);
      setDrafts((all) => omit(all, [fileSetId]));
    },
    [reset],
  );

  const editedIds = useMemo(() => Object.keys(drafts), [drafts]);
  return { draftFor, edit, saveAll, resetSet, saving, editedIds, hasUnsavedEdits: editedIds.length > 0 };
}

function omit<T>(all: Record<string, T>, ids: string[]): Record<string, T> {
  const next = { ...all };
  for (const id of ids) delete next[id];
  return next;
}
