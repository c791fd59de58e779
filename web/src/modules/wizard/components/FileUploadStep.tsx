import { useEffect, useRef, useState, type DragEvent } from 'react';
import { formatMB } from '../../../ui/format';
import { Banner } from '../../../ui/Banner';
import { UploadFilesMutation } from '../graphql/wizard.graphql';
import type { UploadFilesMutation as UploadFilesData } from '../../../gql/graphql';
import { COMPLETE_AT_MS, computeProgress, formatRemaining, formatSpeed, NEXT_STEP_AFTER_MS, UPLOAD_STAGES, type UploadProgress } from '../upload-progress';
import { uploadGraphQL, UploadError } from '../upload-xhr';

export type UploadResult = UploadFilesData['uploadFiles'];

const ACCEPT = '.mp4,.mov,.jpg,.srt';

/**
 * Step 2: pick or drop files, upload them in one GraphQL multipart request with progress
 * (percentage, speed, time remaining), then the timed stage messages, then step 3 (SPEC §4).
 */
export function FileUploadStep({ projectId, onUploaded }: { projectId: string; onUploaded: (result: UploadResult) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [stage, setStage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const timers = useRef<number[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      timers.current.forEach((t) => clearTimeout(t));
    },
    [],
  );

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const incoming = [...list];
    setFiles((prev) => [...prev.filter((p) => !incoming.some((f) => f.name === p.name)), ...incoming]);
    setError(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!uploading) addFiles(e.dataTransfer.files);
  };

  const upload = async () => {
    if (!projectId || !files.length) return;
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    setError(null);
    setStage(null);
    setProgress({ percent: 0, bytesPerSecond: 0, remainingSeconds: null });
    const started = performance.now();
    let reached100At: number | null = null;
    const at100 = () => {
      if (reached100At !== null) return;
      reached100At = performance.now();
      timers.current = UPLOAD_STAGES.map((s) => window.setTimeout(() => setStage(s.message), s.at));
    };
    try {
      const data = await uploadGraphQL<{ uploadFiles: UploadResult }>({
        document: UploadFilesMutation,
        variables: { projectId, files: files.map(() => null) },
        files: files.map((file, i) => ({ file, path: `variables.files.${i}` })),
        signal: controller.signal,
        onProgress: (loaded, total) => {
          setProgress(computeProgress(loaded, total, performance.now() - started));
          if (loaded >= total) at100();
        },
      });
      at100();
      setProgress((p) => (p ? { ...p, percent: 100, remainingSeconds: null } : p));
      // The stages run on the client's clock; Complete follows stage 4, then step 3.
      const wait = Math.max(0, COMPLETE_AT_MS - (performance.now() - (reached100At ?? performance.now())));
      timers.current.push(
        window.setTimeout(() => {
          setStage('Complete');
          timers.current.push(window.setTimeout(() => onUploaded(data.uploadFiles), NEXT_STEP_AFTER_MS));
        }, wait),
      );
    } catch (err) {
      timers.current.forEach((t) => clearTimeout(t));
      timers.current = [];
      setStage(null);
      setProgress(null);
      setUploading(false);
      setError(err instanceof UploadError ? err.message : 'Upload failed. Please try again.');
      if (err instanceof UploadError && err.detail) console.error('Upload failed:', err.detail);
    }
  };

  const totalBytes = files.reduce((n, f) => n + f.size, 0);

  return (
    <div className="wizard-panel stack">
      <h2>File Upload</h2>
      <p className="muted">
        Add each clip&apos;s video (.MP4 or .MOV), still (.JPG) and telemetry (.SRT). Files that share a base name, like DJI_0001.MP4, DJI_0001.JPG and
        DJI_0001.SRT, form one file set.
      </p>
      <div
        className={`dropzone${dragging ? ' dropzone-active' : ''}${uploading ? ' dropzone-disabled' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => !uploading && input.current?.click()}
        role="button"
        tabIndex={0}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !uploading && input.current?.click()}
        aria-label="Drop files here or choose files"
      >
        <div className="dropzone-icon" aria-hidden>
          ⇪
        </div>
        <strong>Drag and drop files here</strong>
        <span className="muted small">or click to choose files ({ACCEPT.replaceAll(',', ', ')})</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          data-testid="file-picker"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      {files.length > 0 && (
        <div className="file-list">
          <div className="file-list-header">
            <strong>
              {files.length} file{files.length === 1 ? '' : 's'} selected
            </strong>
            <span className="muted">{formatMB(totalBytes)}</span>
          </div>
          <ul>
            {files.map((f) => (
              <li key={f.name}>
                <span className="file-name">{f.name}</span>
                <span className="muted small">{formatMB(f.size)}</span>
                {!uploading && (
                  <button
                    type="button"
                    className="link-button small"
                    aria-label={`Remove ${f.name}`}
                    onClick={() => setFiles((prev) => prev.filter((p) => p !== f))}
                  >
                    ✕
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {progress && (
        <div className="upload-progress" role="status" aria-live="polite">
          <div className="progress-bar" aria-label="Upload progress">
            <div className="progress-bar-fill" style={{ width: `${progress.percent}%` }} />
          </div>
          <div className="upload-progress-figures">
            <strong>{progress.percent}%</strong>
            {progress.bytesPerSecond > 0 && <span>{formatSpeed(progress.bytesPerSecond)}</span>}
            {progress.remainingSeconds !== null && <span>{formatRemaining(progress.remainingSeconds)} remaining</span>}
          </div>
          {stage && <p className={`upload-stage${stage === 'Complete' ? ' upload-stage-done' : ''}`}>{stage}</p>}
        </div>
      )}

      {error && <Banner tone="error">{error}</Banner>}

      <div className="actions">
        <button type="button" className="button button-primary" disabled={!files.length || uploading} onClick={() => void upload()}>
          {uploading ? 'Uploading…' : 'Upload'}
        </button>
        {uploading && progress && progress.percent < 100 && (
          <button type="button" className="button" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        )}
      </div>
    </div>
  );
}
