/** Processing progress as SPEC §3 and §7 describe it (the query, the subscription and REST carry the same figures). */
export interface ProgressJob {
  id: string;
  fileSetId: string;
  status: string;
  progress: number;
  stageMessage?: string | null;
}

export interface ProjectProgress {
  status: string;
  totalJobs: number;
  completedJobs: number;
  processingJobs: number;
  failedJobs: number;
  progress: number;
  jobs: ProgressJob[];
  /** The run takes each set as its last file is uploaded (the card is still uploading). */
  acceptingSets?: boolean;
  /** Why such a run stopped taking sets early (the credits ran out). */
  intakeStoppedReason?: string | null;
}

/** SPEC §2's four, and 'incomplete': a set left out of processing for a missing file (not waiting for anything). */
export type SetDisplayStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'incomplete';

/** SPEC §3: job status is completed, failed, processing, otherwise pending. */
export function jobDisplayStatus(status: string | null | undefined): SetDisplayStatus {
  const s = (status ?? '').toLowerCase();
  if (s === 'completed' || s === 'failed' || s === 'processing') return s;
  // BullMQ's own names, in case a job state leaks through unmapped.
  if (s === 'active') return 'processing';
  return 'pending';
}

/**
 * SPEC §4 File set display: pending, then processing (with percent), then completed or failed; a
 * set the server already holds as completed (or with a result) shows completed even without job data.
 */
export function setDisplayStatus(
  job: ProgressJob | undefined,
  setStatus: string | null | undefined,
  hasResult: boolean,
): { status: SetDisplayStatus; percent: number | null } {
  const own = jobDisplayStatus(setStatus);
  if (job) {
    const fromJob = jobDisplayStatus(job.status);
    // The set's own final state wins over a stale job snapshot.
    if ((own === 'completed' || own === 'failed') && fromJob !== own && fromJob !== 'processing') return { status: own, percent: null };
    return { status: fromJob, percent: fromJob === 'processing' ? clampPercent(job.progress) : null };
  }
  if (own === 'completed' || own === 'failed') return { status: own, percent: null };
  if (hasResult) return { status: 'completed', percent: null };
  return { status: own, percent: own === 'processing' ? 0 : null };
}

export const clampPercent = (p: number | null | undefined) => Math.max(0, Math.min(100, Math.round(Number(p) || 0)));

/**
 * SPEC §4 Project page polling: stop (and reload the project) when the status is completed, or when
 * there are failed jobs and completed plus failed equals total.
 */
export function isProgressFinished(p: Pick<ProjectProgress, 'status' | 'totalJobs' | 'completedJobs' | 'failedJobs'>): boolean {
  if (p.status === 'completed') return true;
  return p.failedJobs > 0 && p.completedJobs + p.failedJobs === p.totalJobs;
}

/** The panel's headline (SPEC §2). */
export function progressHeadline(p: Pick<ProjectProgress, 'totalJobs' | 'completedJobs' | 'processingJobs' | 'jobs' | 'acceptingSets'>): string {
  if (p.totalJobs === 0 && p.jobs.length === 0) return p.acceptingSets ? 'Waiting for the first file set to finish uploading...' : 'Preparing to process...';
  return `Processing ${p.completedJobs} of ${p.totalJobs} file sets... (${p.processingJobs} in progress)`;
}

export const STATUS_LABEL: Record<SetDisplayStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  incomplete: 'Incomplete',
};
