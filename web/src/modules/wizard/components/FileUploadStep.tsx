import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatMB } from '../../../ui/format';
import { Banner } from '../../../ui/Banner';
import { CostEstimateQuery, StartProcessingAsSetsCompleteMutation, StopTakingSetsMutation, UnfinishedUploadsQuery } from '../graphql/wizard.graphql';
import { SetsAsCompleteResults } from './SetsAsCompleteResults';
import { COMPLETE_AT_MS, computeProgress, formatRemaining, formatSpeed, NEXT_STEP_AFTER_MS, UPLOAD_STAGES } from '../upload-progress';
import { UPLOAD_CANCELLED } from '../upload-xhr';
import { planCardUpload } from '../card-files';
import { filesOfDrop, filesOfInput } from '../folder-walk';
import { DEFAULT_CHUNK_BYTES, DEFAULT_PARALLEL, TusUploadQueue, type QueuedFile } from '../tus-upload-queue';

/** What step 3 is told of the upload: the files that did not join a set, and why. */
export interface UploadResult {
  refused: Array<{ filename: string; reason: string }>;
}

const ACCEPT = '.mp4,.mov,.jpg,.srt';
const PARALLEL_KEY = 'uploadParallel';
const STATUS_WORDS: Record<QueuedFile['status'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

/**
 * Step 2 (SPEC §4): pick files or a whole card (folder picker, or drop folders), see what is
 * taken and what is left out and why before any byte is sent, then upload resumably (tus):
 * several files at once in chunks, per-file and total progress with speed and time remaining,
 * pause, resume, cancel, retry; the same files chosen again after a reload continue where they
 * stopped. Sets show as they complete. Then the timed stage messages, then step 3.
 *
 * Opt-in "Process each set as soon as it is complete" (issue 18 item 6): a run is opened before the
 * first byte, each set is processed (and charged) the moment its last file is in (the queue sends
 * a set's .SRT and .JPG before its video), titles show here as they are ready, and when the card is
 * in the run stops taking sets and the project page follows its end instead of steps 3 and 4.
 */
export function FileUploadStep({
  projectId,
  onUploaded,
  takingSets = false,
  onProcessingAsComplete,
}: {
  projectId: string;
  onUploaded: (result: UploadResult) => void;
  /** The project has a run taking sets already (the wizard came back to an upload in progress). */
  takingSets?: boolean;
  /** After an upload with sets processed as they completed: the project page follows the run. */
  onProcessingAsComplete?: () => void;
}) {
  const [entries, setEntries] = useState<Array<{ file: File; path: string }>>([]);
  const [proxies, setProxies] = useState(false);
  const { taken, left } = useMemo(() => planCardUpload(entries, { proxies }), [entries, proxies]);
  const [queued, setQueued] = useState<readonly QueuedFile[] | null>(null);
  const [dragging, setDragging] = useState(false);
  const [paused, setPaused] = useState(false);
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [parallel, setParallel] = useState(() => Number(localStorage.getItem(PARALLEL_KEY)) || DEFAULT_PARALLEL);
  const queue = useRef<TusUploadQueue | null>(null);
  const startedAt = useRef(0);
  const timers = useRef<number[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const folderPicker = useRef<HTMLInputElement>(null);
  const unfinished = useQuery(UnfinishedUploadsQuery, { variables: { projectId }, fetchPolicy: 'network-only' });
  const cost = useQuery(CostEstimateQuery, { variables: { projectId, scope: 'UNPROCESSED' }, fetchPolicy: 'network-only' });
  const [asComplete, setAsComplete] = useState(takingSets);
  const [runOpen, setRunOpenState] = useState(takingSets);
  // The queue's callbacks outlive the render that made them: they read the run's state from here.
  const runOpenNow = useRef(takingSets);
  const setRunOpen = (open: boolean) => {
    runOpenNow.current = open;
    setRunOpenState(open);
  };
  const [openRun] = useMutation(StartProcessingAsSetsCompleteMutation);
  const [stopRun] = useMutation(StopTakingSetsMutation);

  const uploading = queued !== null && queued.some((f) => f.status === 'uploading' || f.status === 'waiting' || f.status === 'paused');
  const busy = queued !== null && (uploading || stage !== null);

  useEffect(
    () => () => {
      // Leaving the step pauses the uploads (the server keeps them: choosing the files again resumes).
      queue.current?.pause();
      timers.current.forEach((t) => clearTimeout(t));
    },
    [],
  );

  const addEntries = (added: Array<{ file: File; path: string }>) => {
    if (!added.length) return;
    setEntries((prev) => [...prev.filter((p) => !added.some((a) => a.path === p.path)), ...added]);
    setError(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (busy) return;
    void filesOfDrop(e.dataTransfer).then(addEntries);
  };

  /** No more sets for the run (the card is in, or the upload was cancelled): it ends with the sets it took. */
  const stopTakingSets = async () => {
    if (!runOpenNow.current) return;
    try {
      await stopRun({ variables: { projectId } });
    } catch {
      // Already ended (credits ran out, or another tab stopped it): nothing left to stop.
    }
  };

  const finish = (files: readonly QueuedFile[]) => {
    const refused = [
      ...left.filter((l) => !l.skipped).map((l) => ({ filename: l.path, reason: l.reason })),
      ...files.filter((f) => f.status === 'refused').map((f) => ({ filename: f.name, reason: f.error ?? 'Refused' })),
    ];
    // The stages run on the client's clock; Complete follows stage 4, then step 3.
    timers.current = UPLOAD_STAGES.map((s) => window.setTimeout(() => setStage(s.message), s.at));
    timers.current.push(
      window.setTimeout(() => {
        setStage('Complete');
        const next = runOpenNow.current && onProcessingAsComplete ? () => void stopTakingSets().then(onProcessingAsComplete) : () => onUploaded({ refused });
        timers.current.push(window.setTimeout(next, NEXT_STEP_AFTER_MS));
      }, COMPLETE_AT_MS),
    );
  };

  const upload = async () => {
    if (!projectId || !taken.length) return;
    setError(null);
    if (asComplete && !runOpenNow.current) {
      try {
        await openRun({ variables: { projectId } });
        setRunOpen(true);
      } catch (err) {
        setError(`Could not start processing sets as they complete: ${(err as Error).message}`);
        return;
      }
    }
    setStage(null);
    setPaused(false);
    startedAt.current = performance.now();
    let finished = false;
    const q = new TusUploadQueue({
      projectId,
      parallel,
      chunkSize: DEFAULT_CHUNK_BYTES,
      onChange: (files) => {
        setQueued(files);
        const open = files.some((f) => f.status === 'uploading' || f.status === 'waiting' || f.status === 'paused');
        if (open || finished) return;
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
    q.add(taken);
  };

  const cancel = () => {
    queue.current?.cancel();
    queue.current = null;
    setQueued(null);
    setPaused(false);
    setError(UPLOAD_CANCELLED);
    void stopTakingSets().then(() => setRunOpen(false));
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

  const earlier = (unfinished.data?.unfinishedUploads ?? []).filter((u) => u.status !== 'refused');
  const totalBytes = taken.reduce((n, f) => n + f.file.size, 0);
  const skipped = left.filter((l) => l.skipped);
  const refusedByName = left.filter((l) => !l.skipped);
  const failed = queued?.filter((f) => f.status === 'failed') ?? [];

  return (
    <div className="wizard-panel stack">
      <h2>File Upload</h2>
      <p className="muted">
        Add each clip&apos;s video (.MP4 or .MOV), still (.JPG) and telemetry (.SRT), or a whole memory card. Files that share a base name, like DJI_0001.MP4,
        DJI_0001.JPG and DJI_0001.SRT, form one file set. Uploads resume where they stopped: after a dropped connection, or if you choose the same files again
        later.
      </p>

      {earlier.length > 0 && !queued && (
        <Banner tone="info">
          <span data-testid="unfinished-uploads">
            Not finished earlier:{' '}
            {earlier
              .map((u) =>
                u.status === 'expired'
                  ? `${u.filename} (expired unfinished: upload it again)`
                  : `${u.filename} (${Math.floor((u.receivedBytes / Math.max(1, u.sizeBytes)) * 100)}% sent: choose it again to continue)`,
              )
              .join('; ')}
          </span>
        </Banner>
      )}

      <div
        className={`dropzone${dragging ? ' dropzone-active' : ''}${busy ? ' dropzone-disabled' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => !busy && picker.current?.click()}
        role="button"
        tabIndex={0}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !busy && picker.current?.click()}
        aria-label="Drop files or folders here or choose files"
      >
        <div className="dropzone-icon" aria-hidden>
          ⇪
        </div>
        <strong>Drag and drop files or folders here</strong>
        <span className="muted small">or click to choose files ({ACCEPT.replaceAll(',', ', ')})</span>
        <input
          ref={picker}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="file-picker"
          onChange={(e) => {
            if (e.target.files) addEntries(filesOfInput(e.target.files));
            e.target.value = '';
          }}
        />
        <input
          ref={(el) => {
            folderPicker.current = el;
            // Not in React's input attributes: the directory picker of every current browser.
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          hidden
          data-testid="folder-picker"
          onChange={(e) => {
            if (e.target.files) addEntries(filesOfInput(e.target.files));
            e.target.value = '';
          }}
        />
      </div>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => folderPicker.current?.click()}>
          Choose a folder (memory card)…
        </button>
        <label className="inline-field small">
          <input type="checkbox" checked={proxies} disabled={busy} onChange={(e) => setProxies(e.target.checked)} />
          Upload the .LRF proxies instead of the masters (10-20x less to send; enough for titles, keywords and CSVs; add the masters later for delivery)
        </label>
        <label className="inline-field small" data-testid="as-complete-option">
          <input type="checkbox" checked={asComplete} disabled={busy || runOpen} onChange={(e) => setAsComplete(e.target.checked)} />
          Process each set as soon as it is complete
          {cost.data && (
            <span className="muted">
              {' '}
              ({cost.data.costEstimate.costPerFileset} credits a set, charged as each set completes; balance {cost.data.costEstimate.currentBalance})
            </span>
          )}
        </label>
        <label className="inline-field small">
          Files at once{' '}
          <select
            value={parallel}
            disabled={busy}
            onChange={(e) => {
              setParallel(Number(e.target.value));
              localStorage.setItem(PARALLEL_KEY, e.target.value);
            }}
          >
            {[1, 2, 3, 4, 6].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      {(skipped.length > 0 || refusedByName.length > 0) && (
        <div className="file-list" data-testid="left-out">
          <div className="file-list-header">
            <strong>
              {left.length} file{left.length === 1 ? '' : 's'} left out
            </strong>
            <span className="muted small">not sent</span>
          </div>
          <ul>
            {refusedByName.map((l) => (
              <li key={l.path}>
                <span className="file-name">{l.path}</span>
                <span className="small file-refused">{l.reason}</span>
              </li>
            ))}
            {skipped.map((l) => (
              <li key={l.path}>
                <span className="file-name">{l.path}</span>
                <span className="muted small">skipped: {l.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {taken.length > 0 && (
        <div className="file-list">
          <div className="file-list-header">
            <strong>
              {taken.length} file{taken.length === 1 ? '' : 's'} selected
            </strong>
            <span className="muted">{formatMB(totalBytes)}</span>
          </div>
          <ul>
            {taken.map((t) => {
              const q = queued?.find((f) => f.path === t.path);
              return (
                <li key={t.path} className={q ? `upload-row upload-${q.status}` : undefined}>
                  <span className="file-name" title={t.path}>
                    {t.file.name}
                    {t.proxy && <span className="proxy-badge">proxy</span>}
                  </span>
                  {q && q.status !== 'waiting' && (
                    <span className="progress-bar file-progress" aria-label={`${t.file.name} progress`}>
                      <span className="progress-bar-fill" style={{ width: `${q.size ? Math.round((q.sent / q.size) * 100) : 100}%` }} />
                    </span>
                  )}
                  <span className="muted small">
                    {q && q.status !== 'waiting' && q.status !== 'done' ? `${formatMB(q.sent)} of ` : ''}
                    {formatMB(t.file.size)}
                  </span>
                  {q && (
                    <span className={`small upload-status${q.status === 'refused' || q.status === 'failed' ? ' file-refused' : ''}`}>
                      {STATUS_WORDS[q.status]}
                      {q.error ? `: ${q.error}` : ''}
                    </span>
                  )}
                  {q?.status === 'failed' && (
                    <button type="button" className="link-button small" onClick={() => queue.current?.retry(q.id)}>
                      Retry
                    </button>
                  )}
                  {!queued && (
                    <button
                      type="button"
                      className="link-button small"
                      aria-label={`Remove ${t.file.name}`}
                      onClick={() => setEntries((prev) => prev.filter((p) => p.path !== t.path))}
                    >
                      ✕
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {total && (
        <div className="upload-progress" role="status" aria-live="polite">
          <div className="progress-bar" aria-label="Upload progress">
            <div className="progress-bar-fill" style={{ width: `${total.percent}%` }} />
          </div>
          <div className="upload-progress-figures">
            <strong>{total.percent}%</strong>
            {total.bytesPerSecond > 0 && uploading && <span>{formatSpeed(total.bytesPerSecond)}</span>}
            {total.remainingSeconds !== null && uploading && <span>{formatRemaining(total.remainingSeconds)} remaining</span>}
            {paused && <span>Paused</span>}
          </div>
          {sets.length > 0 && (
            <p className="muted small" data-testid="sets-arriving">
              Sets in so far: {sets.map(([name, s]) => `${name} (${s.done.join(', ')})`).join(' · ')}
            </p>
          )}
          {stage && <p className={`upload-stage${stage === 'Complete' ? ' upload-stage-done' : ''}`}>{stage}</p>}
        </div>
      )}

      {runOpen && <SetsAsCompleteResults projectId={projectId} />}

      {failed.length > 0 && !uploading && (
        <Banner tone="error">
          {failed.length} file{failed.length === 1 ? ' was' : 's were'} not finished: {failed.map((f) => f.name).join(', ')}. Retry them, or continue without
          them.{' '}
          <button type="button" className="link-button" onClick={() => queued && finish(queued)}>
            {runOpen ? 'Continue to the project' : 'Continue to Verify File Sets'}
          </button>
        </Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}

      <div className="actions">
        <button type="button" className="button button-primary" disabled={!taken.length || busy} onClick={() => void upload()}>
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
        {uploading && (
          <button
            type="button"
            className="button"
            onClick={() => {
              if (paused) queue.current?.resume();
              else queue.current?.pause();
              setPaused(!paused);
            }}
          >
            {paused ? 'Resume' : 'Pause'}
          </button>
        )}
        {uploading && (
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
