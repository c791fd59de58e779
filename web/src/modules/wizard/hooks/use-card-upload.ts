import { useEffect, useMemo, useRef, useState } from 'react';
import type { LeftFile, TakenFile } from '../card-files';
import { COMPLETE_AT_MS, computeProgress, NEXT_STEP_AFTER_MS, UPLOAD_STAGES } from '../upload-progress';
import { UPLOAD_CANCELLED } from '../upload-xhr';
import { CardUploadQueue, DEFAULT_CHUNK_BYTES, type QueuedFile } from '../card-upload-queue';
import { sampleHashes } from '../sample-hash';
import { clearPlan, sendPlan } from '../upload-plan';
import { RestError } from '../../../client/rest';
import type { UploadResult } from '../types/upload-result';
import type { SetsAsCompleteRun } from './use-sets-as-complete-run';

const isOpen = (f: QueuedFile) => f.status === 'uploading' || f.status === 'waiting' || f.status === 'paused';

/**
 * Step 2's upload (SPEC §4): the resumable (tus) queue of the files taken, its pause, resume,
 * cancel and retry, the total progress with speed and time remaining, the sets as their files
 * arrive, and once everything is in the timed stage messages, then step 3 (or, with sets processed
 * as they completed, the project page).
 */
export function useCardUpload({
  projectId,
  taken,
  left,
  parallel,
  run,
  onUploaded,
  onProcessingAsComplete,
}: {
  projectId: string;
  taken: TakenFile[];
  left: LeftFile[];
  parallel: number;
  run: SetsAsCompleteRun;
  onUploaded: (result: UploadResult) => void;
  onProcessingAsComplete?: () => void;
}) {
  const [queued, setQueued] = useState<readonly QueuedFile[] | null>(null);
  const [paused, setPaused] = useState(false);
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Before the first byte: how many of the card's files are checked against what the project holds. */
  const [checking, setChecking] = useState<{ done: number; of: number } | null>(null);
  const queue = useRef<CardUploadQueue | null>(null);
  const startedAt = useRef(0);
  const timers = useRef<number[]>([]);

  const uploading = checking !== null || (queued !== null && queued.some(isOpen));
  const busy = checking !== null || (queued !== null && (uploading || stage !== null));

  useEffect(
    () => () => {
      // Leaving the step pauses the uploads (the server keeps them: choosing the files again resumes).
      queue.current?.pause();
      timers.current.forEach((t) => clearTimeout(t));
    },
    [],
  );

  const finish = (files: readonly QueuedFile[]) => {
    // Every file is in, refused or left out by choice: nothing is waiting to be sent any more.
    void clearPlan(projectId);
    const refused = [
      ...left.filter((l) => !l.skipped).map((l) => ({ filename: l.path, reason: l.reason })),
      ...files.filter((f) => f.status === 'refused').map((f) => ({ filename: f.name, reason: f.error ?? 'Refused' })),
    ];
    // The stages run on the client's clock; Complete follows stage 4, then step 3.
    timers.current = UPLOAD_STAGES.map((s) => window.setTimeout(() => setStage(s.message), s.at));
    timers.current.push(
      window.setTimeout(() => {
        setStage('Complete');
        const next = run.isOpenNow() && onProcessingAsComplete ? () => void run.stopTakingSets().then(onProcessingAsComplete) : () => onUploaded({ refused });
        timers.current.push(window.setTimeout(next, NEXT_STEP_AFTER_MS));
      }, COMPLETE_AT_MS),
    );
  };

  const upload = async () => {
    if (!projectId || !taken.length) return;
    setError(null);
    const refusal = await run.openIfChosen();
    if (refusal) {
      setError(refusal);
      return;
    }
    setStage(null);
    setPaused(false);
    // What the project holds already is not sent again: the card's list with each file's sample of
    // content goes first; the answer names the files already uploaded (identity by content).
    let already: Map<string, string>;
    try {
      setChecking({ done: 0, of: taken.length });
      const samples = await sampleHashes(
        taken.map((t) => t.file),
        (done) => setChecking({ done, of: taken.length }),
      );
      const answer = await sendPlan(
        projectId,
        taken.map((t, i) => ({ filename: t.file.name, size: t.file.size, sample: samples[i]! })),
      );
      already = new Map(answer.alreadyUploaded.map((a) => [a.filename, a.fileSetId]));
    } catch (err) {
      setChecking(null);
      setError(err instanceof RestError ? err.message : 'Upload failed. Please check your connection.');
      return;
    }
    setChecking(null);
    startedAt.current = performance.now();
    let finished = false;
    const q = new CardUploadQueue({
      projectId,
      parallel,
      chunkSize: DEFAULT_CHUNK_BYTES,
      onChange: (files) => {
        setQueued(files);
        if (files.some(isOpen) || finished) return;
        if (files.every((f) => f.status === 'cancelled')) return;
        // Everything ended: on to step 3 once nothing failed (failed files keep their Retry here).
        if (files.some((f) => f.status === 'failed')) return;
        if (!files.some((f) => f.status === 'done')) {
          setError('Upload failed. Please try again.');
          return;
        }
        finished = true;
        finish(files);
      },
    });
    queue.current = q;
    q.add(taken, already);
  };

  const cancel = () => {
    void clearPlan(projectId);
    queue.current?.cancel();
    queue.current = null;
    setQueued(null);
    setPaused(false);
    setError(UPLOAD_CANCELLED);
    run.end();
  };

  const togglePause = () => {
    if (paused) queue.current?.resume();
    else queue.current?.pause();
    setPaused(!paused);
  };

  const total = useMemo(() => {
    if (!queued) return null;
    const live = queued.filter((f) => f.status !== 'refused' && f.status !== 'cancelled');
    const size = live.reduce((n, f) => n + f.size, 0);
    const sent = live.reduce((n, f) => n + f.sent, 0);
    const resumed = live.reduce((n, f) => n + f.resumedFrom, 0);
    const p = computeProgress(sent - resumed, size - resumed, performance.now() - startedAt.current);
    return { ...p, percent: size ? Math.min(100, Math.round((sent / size) * 100)) : 100 };
  }, [queued]);

  /** Sets as their files arrive (base name -> places in, of those chosen), in base-name order as the server lists them. */
  const sets = useMemo(() => {
    const by = new Map<string, { done: string[]; chosen: number }>();
    for (const f of queued ?? []) {
      const s = by.get(f.baseName) ?? { done: [], chosen: 0 };
      s.chosen++;
      if (f.status === 'done') s.done.push(f.slot);
      by.set(f.baseName, s);
    }
    return [...by.entries()].filter(([, s]) => s.done.length > 0).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  }, [queued]);

  return {
    queued,
    checking,
    uploading,
    busy,
    paused,
    stage,
    error,
    setError,
    total,
    sets,
    failed: queued?.filter((f) => f.status === 'failed') ?? [],
    upload,
    cancel,
    togglePause,
    retry: (id: number) => queue.current?.retry(id),
    /** Continue without the files that failed: the stages, then the next step. */
    continueWithout: () => queued && finish(queued),
  };
}

export type CardUpload = ReturnType<typeof useCardUpload>;
