import { formatMB } from '../../../ui/format';
import type { TakenFile } from '../card-files';
import type { QueuedFile } from '../tus-upload-queue';

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
 * The files taken, before the upload (each with its Remove) and during it (each with its own
 * progress, status and, when it failed, Retry).
 */
export function SelectedFileList({
  taken,
  queued,
  onRetry,
  onRemove,
}: {
  taken: TakenFile[];
  queued: readonly QueuedFile[] | null;
  onRetry: (id: number) => void;
  onRemove: (path: string) => void;
}) {
  if (!taken.length) return null;
  const totalBytes = taken.reduce((n, f) => n + f.file.size, 0);
  return (
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
                <button type="button" className="link-button small" onClick={() => onRetry(q.id)}>
                  Retry
                </button>
              )}
              {!queued && (
                <button type="button" className="link-button small" aria-label={`Remove ${t.file.name}`} onClick={() => onRemove(t.path)}>
                  ✕
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
