import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatMB } from '../../../ui/format';
import type { TakenFile } from '../card-files';
import type { QueuedFile } from '../card-upload-queue';

const STATUS_WORDS: Record<QueuedFile['status'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  paused: 'Paused',
  done: 'Uploaded',
  failed: 'Failed',
  refused: 'Refused',
  cancelled: 'Cancelled',
};
/** Past this many rows only those in view are drawn (a card of thousands keeps the page responsive). */
const VIRTUAL_FROM = 100;
const ROW_HEIGHT = 37;

/**
 * The files taken, before the upload (each with its Remove) and during it (each with its own
 * progress, status and, when it failed, Retry). Files the project held already say so.
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
  const byPath = useMemo(() => new Map((queued ?? []).map((q) => [q.path, q])), [queued]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = taken.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? taken.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  if (!taken.length) return null;
  const totalBytes = taken.reduce((n, f) => n + f.file.size, 0);
  const already = queued?.filter((q) => q.already).length ?? 0;

  const row = (t: TakenFile, style?: CSSProperties): ReactNode => {
    const q = byPath.get(t.path);
    return (
      <li key={t.path} style={style} className={q ? `upload-row upload-${q.status}${q.already ? ' upload-already' : ''}` : undefined}>
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
          <span className={`small upload-status${q.status === 'refused' || q.status === 'failed' ? ' file-refused' : ''}${q.already ? ' muted' : ''}`}>
            {q.already ? 'Already uploaded' : STATUS_WORDS[q.status]}
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
  };

  return (
    <div className="file-list">
      <div className="file-list-header">
        <strong>
          {taken.length} file{taken.length === 1 ? '' : 's'} selected
          {already > 0 && <span className="muted small"> · {already} already uploaded</span>}
        </strong>
        <span className="muted">{formatMB(totalBytes)}</span>
      </div>
      {virtual ? (
        <div ref={scrollRef} className="file-list-scroll" data-testid="selected-files">
          <ul style={{ height: virtualizer.getTotalSize(), position: 'relative', maxHeight: 'none', overflow: 'visible' }}>
            {virtualizer
              .getVirtualItems()
              .map((v) => row(taken[v.index]!, { position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }))}
          </ul>
        </div>
      ) : (
        <ul data-testid="selected-files">{taken.map((t) => row(t))}</ul>
      )}
    </div>
  );
}
