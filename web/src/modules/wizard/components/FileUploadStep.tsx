import { useMemo, useRef, useState, type DragEvent } from 'react';
import { Banner } from '../../../ui/Banner';
import { Modal } from '../../../ui/Modal';
import { planCardUpload } from '../card-files';
import { filesOfDrop, filesOfInput } from '../folder-walk';
import { DEFAULT_PARALLEL } from '../card-upload-queue';
import { useCardUpload } from '../hooks/use-card-upload';
import { useSetsAsCompleteRun } from '../hooks/use-sets-as-complete-run';
import { LEAVE_DURING_UPLOAD, useLeaveUploadGuard } from '../hooks/use-leave-upload-guard';
import type { UploadResult } from '../types/upload-result';
import { AsCompleteOption } from './AsCompleteOption';
import { LeftOutFileList } from './LeftOutFileList';
import { SelectedFileList } from './SelectedFileList';
import { SetsAsCompleteResults } from './SetsAsCompleteResults';
import { UnfinishedUploadsBanner } from './UnfinishedUploadsBanner';
import { UploadProgress } from './UploadProgress';

const ACCEPT = '.mp4,.mov,.jpg,.srt,.dng';
const PARALLEL_KEY = 'uploadParallel';

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
 *
 * This component lays the step out and keeps what is chosen; the upload itself is
 * hooks/use-card-upload.ts, the opt-in's run hooks/use-sets-as-complete-run.ts.
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
  const [dragging, setDragging] = useState(false);
  const [parallel, setParallel] = useState(() => Number(localStorage.getItem(PARALLEL_KEY)) || DEFAULT_PARALLEL);
  const picker = useRef<HTMLInputElement>(null);
  const folderPicker = useRef<HTMLInputElement>(null);
  const run = useSetsAsCompleteRun(projectId, takingSets);
  const upload = useCardUpload({ projectId, taken, left, parallel, run, onUploaded, onProcessingAsComplete });
  const { queued, uploading, busy, paused, failed, error, checking } = upload;
  const leaving = useLeaveUploadGuard(uploading);

  const addEntries = (added: Array<{ file: File; path: string }>) => {
    if (!added.length) return;
    setEntries((prev) => [...prev.filter((p) => !added.some((a) => a.path === p.path)), ...added]);
    upload.setError(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (busy) return;
    void filesOfDrop(e.dataTransfer).then(addEntries);
  };

  return (
    <div className="wizard-panel stack">
      <h2>File Upload</h2>
      <p className="muted">
        Add each clip&apos;s video (.MP4 or .MOV), still (.JPG) and telemetry (.SRT), or a whole memory card. Files that share a base name, like DJI_0001.MP4,
        DJI_0001.JPG and DJI_0001.SRT, form one file set. Uploads resume where they stopped: after a dropped connection, or if you choose the same files again
        later.
      </p>

      <UnfinishedUploadsBanner projectId={projectId} hidden={!!queued} />

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
        <AsCompleteOption projectId={projectId} run={run} busy={busy} />
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

      {checking && (
        <p className="muted small" role="status" data-testid="checking-card">
          Checking what this project holds already: {checking.done} of {checking.of} files…
        </p>
      )}
      <LeftOutFileList left={left} />
      <SelectedFileList taken={taken} queued={queued} onRetry={upload.retry} onRemove={(path) => setEntries((prev) => prev.filter((p) => p.path !== path))} />
      <UploadProgress upload={upload} />

      {run.open && <SetsAsCompleteResults projectId={projectId} />}

      {failed.length > 0 && !uploading && (
        <Banner tone="error">
          {failed.length} file{failed.length === 1 ? ' was' : 's were'} not finished: {failed.map((f) => f.name).join(', ')}. Retry them, or continue without
          them.{' '}
          <button type="button" className="link-button" onClick={upload.continueWithout}>
            {run.open ? 'Continue to the project' : 'Continue to Verify File Sets'}
          </button>
        </Banner>
      )}
      {error && <Banner tone="error">{error}</Banner>}
      {leaving.state === 'blocked' && (
        <Modal title="Leave during the upload?" onClose={() => leaving.reset()}>
          <p>{LEAVE_DURING_UPLOAD}</p>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => leaving.reset()}>
              Stay and keep uploading
            </button>
            <button type="button" className="button" onClick={() => leaving.proceed()}>
              Leave
            </button>
          </div>
        </Modal>
      )}

      <div className="actions">
        <button type="button" className="button button-primary" disabled={!taken.length || busy} onClick={() => void upload.upload()}>
          {checking ? 'Checking…' : uploading ? 'Uploading…' : 'Upload'}
        </button>
        {uploading && !checking && (
          <button type="button" className="button" onClick={upload.togglePause}>
            {paused ? 'Resume' : 'Pause'}
          </button>
        )}
        {uploading && !checking && (
          <button type="button" className="button" onClick={upload.cancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
