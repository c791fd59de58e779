import { useCallback, useMemo, useState } from 'react';
import { keywordCapProblem, keywordsToText, parseKeywords, storedKeywordCount, type ProcessedResult } from '../result-shape';

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

/** Why a set's save was refused: the editor field (FileSetResultInput's name) and the server's reason. */
export interface SaveRefusal {
  field: string | null;
  reason: string;
}

class KeywordCapRefusal extends Error {}

export type SaveOutcome = { ok: true; saved: number } | { ok: false; message: string; fileSetId: string };

/**
 * Unsaved edits per file set (SPEC §4 Unsaved-edit flag): set when a result field is edited,
 * cleared after a successful save or after Reset. Sets without edits always show the server's result,
 * so a reload after processing shows new content.
 */
export function useResultDrafts(opts: {
  save(fileSetId: string, result: ProcessedResult): Promise<void>;
  reset(fileSetId: string): Promise<void>;
  /** The set's name for people (its file name, never its id). */
  nameOf(fileSetId: string): string;
  /** The field and reason of a failed save, from whatever the save threw. */
  refusalOf(err: unknown): SaveRefusal;
}) {
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  const [refusals, setRefusals] = useState<Record<string, SaveRefusal>>({});
  const [saving, setSaving] = useState(false);
  const { save, reset, nameOf, refusalOf } = opts;

  const draftFor = useCallback(
    (fileSetId: string, serverResult: ProcessedResult | null): ResultDraft | null => {
      return drafts[fileSetId] ?? (serverResult ? draftFrom(serverResult) : null);
    },
    [drafts],
  );

  const edit = useCallback((fileSetId: string, base: ResultDraft, change: (d: ResultDraft) => ResultDraft) => {
    setDrafts((all) => ({ ...all, [fileSetId]: change(all[fileSetId] ?? base) }));
    // The set's marked field stays marked until the next save says whether the edit fixed it.
  }, []);

  /**
   * Saves every edited set; stops at the first failure and keeps the unsaved ones. The message keeps
   * SPEC §8's 'Failed to save fileset {id}' with the set's file name for the id, and says why:
   * 'Failed to save fileset DJI_0302: a keyword is longer than 100 characters'.
   */
  const saveAll = useCallback(async (): Promise<SaveOutcome> => {
    const pending = Object.entries(drafts);
    if (pending.length === 0) return { ok: true, saved: 0 };
    setSaving(true);
    try {
      const done: string[] = [];
      for (const [id, draft] of pending) {
        try {
          // Over SPEC's 30: refused here by count, never cut (the server refuses the same way).
          const overCap = keywordCapProblem(storedKeywordCount(parseKeywords(draft.keywordsText)));
          if (overCap) throw new KeywordCapRefusal(overCap);
          await save(id, draftToResult(draft));
          done.push(id);
        } catch (err) {
          const refusal = err instanceof KeywordCapRefusal ? { field: 'keywords', reason: err.message } : refusalOf(err);
          setRefusals((all) => ({ ...omit(all, done), [id]: refusal }));
          return { ok: false, fileSetId: id, message: `Failed to save fileset ${nameOf(id)}: ${refusal.reason}` };
        } finally {
          if (done.length) {
            setDrafts((all) => omit(all, done));
            setRefusals((all) => omit(all, done));
          }
        }
      }
      return { ok: true, saved: done.length };
    } finally {
      setSaving(false);
    }
  }, [drafts, save, nameOf, refusalOf]);

  const resetSet = useCallback(
    async (fileSetId: string) => {
      await reset(fileSetId);
      setDrafts((all) => omit(all, [fileSetId]));
      setRefusals((all) => omit(all, [fileSetId]));
    },
    [reset],
  );

  const editedIds = useMemo(() => Object.keys(drafts), [drafts]);
  const refusalFor = useCallback((fileSetId: string): SaveRefusal | null => refusals[fileSetId] ?? null, [refusals]);
  return { draftFor, edit, saveAll, resetSet, saving, editedIds, refusalFor, hasUnsavedEdits: editedIds.length > 0 };
}

function omit<T>(all: Record<string, T>, ids: string[]): Record<string, T> {
  const next = { ...all };
  for (const id of ids) delete next[id];
  return next;
}
