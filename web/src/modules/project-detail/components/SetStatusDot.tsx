import { STATUS_LABEL, type SetDisplayStatus } from '../progress-rules';

/** SPEC §2: Pending (yellow), Completed (green), Failed (red), or the percentage while processing (blue). */
export function SetStatusDot({ status, percent }: { status: SetDisplayStatus; percent: number | null }) {
  const text = status === 'processing' ? `${percent ?? 0}%` : STATUS_LABEL[status];
  return (
    <span className={`pd-status pd-status-${status}`} data-testid="set-status">
      <span className="pd-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
