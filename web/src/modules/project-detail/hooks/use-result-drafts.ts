import { useCallback, useMemo, useState } from 'react';
import { keywordCapProblem, keywordsToText, parseKeywords, storedKeywordCount, type ProcessedResult } from '../result-shape';

/** The editable copy of one set's result; keywords stay as typed text until saved (a trailing comma is not lost). */
export interface ResultDraft {
  result: ProcessedResult;
  keywordsText: string;
  /** The stored version the edit is made on (null: unknown, the save is not checked). */
  version: number | null;
}

export const draftFrom = (result: ProcessedResult, version: number | null = null): ResultDraft => ({
  result,
  keywordsText: keywordsToText(result.content.keywords),
  version,
});

/** The result a draft stands for, with keywords as SPEC §5 keeps them. */
export const draftToResult = (d: ResultDraft): ProcessedResult => ({
  ...d.result,
  content: { ...d.result.content, keywords: parseKeywords(d.keywordsText) },
});

/** Why a set's save was refused: the editor field (FileSetResultInput's name) and the server's reason. */
export interface SaveRefusal {
  field: string | null;
  reason: string;
  /** The set changed since the edit began (a bulk action): its newer values replace the edit. */
  conflict?: boolean;
}

class KeywordCapRefusal extends Error {}

export type SaveOutcome = { ok: true; saved: number } | { ok: false; message: string; fileSetId: string };

/**
 * Unsaved edits per file set (SPEC §4 Unsaved-edit flag): set when a result field is edited,
 * cleared after a successful save or after Reset. Sets without edits always show the server's result,
 * so a reload after processing shows new content.
 */
export function useResultDrafts(opts: {
  save(fileSetId: string, result: ProcessedResult, expectedVersion: number | null): Promise<void>;
  reset(fileSetId: string): Promise<void>;
  /** The set's name for people (its file name, never its id). */
  nameOf(fileSetId: string): string;
  /** The field and reason of a failed save, from whatever the save threw. */
  refusalOf(err: unknown): SaveRefusal;
  /** A save refused because the set changed since: reload its newer values. */
  onConflict?(fileSetId: string): void;
}) {
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  const [refusals, setRefusals] = useState<Record<string, SaveRefusal>>({});
  const [saving, setSaving] = useState(false);
  const { save, reset, nameOf, refusalOf, onConflict } = opts;

  const draftFor = useCallback(
    (fileSetId: string, serverResult: ProcessedResult | null, version: number | null = null): ResultDraft | null => {
      return drafts[fileSetId] ?? (serverResult ? draftFrom(serverResult, version) : null);
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
          await save(id, draftToResult(draft), draft.version);
          done.push(id);
        } catch (err) {
          const refusal = err instanceof KeywordCapRefusal ? { field: 'keywords', reason: err.message } : refusalOf(err);
          if (refusal.conflict) {
            // Named in the banner; the set shows the newer values the server holds.
            setDrafts((all) => omit(all, [id]));
            onConflict?.(id);
            return { ok: false, fileSetId: id, message: refusal.reason };
          }
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
  }, [drafts, save, nameOf, refusalOf, onConflict]);

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
