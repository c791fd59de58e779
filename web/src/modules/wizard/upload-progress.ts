/** Upload progress figures for step 2 (SPEC §2, §4): percentage, speed and time remaining. */

/** Time remaining is shown only after this much transfer time... */
export const REMAINING_AFTER_MS = 2000;
/** ...and only while it is under this many seconds. */
export const REMAINING_UNDER_S = 7200;

export interface UploadProgress {
  percent: number;
  bytesPerSecond: number;
  /** null when it is not to be shown (too early, too long, or unknown). */
  remainingSeconds: number | null;
}

export function computeProgress(loaded: number, total: number, elapsedMs: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const bytesPerSecond = elapsedMs > 0 ? (loaded / elapsedMs) * 1000 : 0;
  let remainingSeconds: number | null = null;
  if (elapsedMs >= REMAINING_AFTER_MS && bytesPerSecond > 0) {
    const r = (total - loaded) / bytesPerSecond;
    if (r < REMAINING_UNDER_S) remainingSeconds = Math.max(0, Math.round(r));
  }
  return { percent, bytesPerSecond, remainingSeconds };
}

export function formatSpeed(bytesPerSecond: number): string {
  const mb = bytesPerSecond / 1048576;
  return mb >= 1 ? `${mb.toFixed(2)} MB/s` : `${(bytesPerSecond / 1024).toFixed(1)} KB/s`;
}

export function formatRemaining(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m < 60) return `${m}m ${s}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** The timed stage messages after the transfer reaches 100% (SPEC §4), in ms from that moment. */
export const UPLOAD_STAGES = [
  { at: 300, message: 'Grouping files' },
  { at: 600, message: 'Saving to storage' },
  { at: 900, message: 'Creating database records' },
  { at: 1200, message: 'Verifying file sets' },
] as const;
/** "Complete" follows stage 4; step 3 begins this long after completion. */
export const COMPLETE_AT_MS = 1500;
export const NEXT_STEP_AFTER_MS = 500;
