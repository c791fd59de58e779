import { formatRemaining, formatSpeed } from '../upload-progress';
import type { CardUpload } from '../hooks/use-card-upload';

/** The whole upload's progress (SPEC §4): percent, speed and time remaining, the sets in so far, then the stage messages. */
export function UploadProgress({ upload }: { upload: CardUpload }) {
  const { total, uploading, paused, sets, stage } = upload;
  if (!total) return null;
  return (
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
  );
}
