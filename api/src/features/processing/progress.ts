/** The progress figures of SPEC §3/§7, computed from the job rows of a project's latest run. */

/** SPEC §3: completed, failed, processing, otherwise pending. */
export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface JobProgress {
  id: string;
  fileSetId: string;
  status: JobStatus;
  /** Percent 0-100 of this set's pipeline. */
  progress: number;
  stage: string | null;
  stageMessage: string | null;
  error: string | null;
  /** A failed set's error in plain words, with what to do (failure-reason.ts); null otherwise. */
  reason: string | null;
  attempts: number;
}

export interface ProjectProgress {
  projectId: string;
  /** The project's status: 'processing' while a run is going, then 'completed'. */
  status: string;
  /** The latest run, or null when the project was never processed. */
  runId: string | null;
  runStatus: 'running' | 'completed' | null;
  /** The run takes sets as their last file arrives ("Process each set as soon as it is complete"). */
  acceptingSets: boolean;
  /** Why such a run stopped taking sets early (credits ran out); null otherwise. */
  intakeStoppedReason: string | null;
  totalJobs: number;
  completedJobs: number;
  processingJobs: number;
  failedJobs: number;
  pendingJobs: number;
  /** Overall percent 0-100: settled sets count 100, running ones their own percent. */
  progress: number;
  jobs: JobProgress[];
}

export function summarizeProgress(
  projectId: string,
  projectStatus: string,
  run: { id: string; status: 'running' | 'completed'; acceptingSets?: boolean; intakeStoppedReason?: string | null } | null,
  jobs: JobProgress[],
): ProjectProgress {
  const count = (s: JobStatus) => jobs.filter((j) => j.status === s).length;
  const done = jobs.reduce((sum, j) => sum + (j.status === 'completed' || j.status === 'failed' ? 100 : Math.min(99, Math.max(0, j.progress))), 0);
  return {
    projectId,
    status: projectStatus,
    runId: run?.id ?? null,
    runStatus: run?.status ?? null,
    acceptingSets: run?.acceptingSets ?? false,
    intakeStoppedReason: run?.intakeStoppedReason ?? null,
    totalJobs: jobs.length,
    completedJobs: count('completed'),
    processingJobs: count('processing'),
    failedJobs: count('failed'),
    pendingJobs: count('pending'),
    progress: jobs.length ? Math.floor(done / jobs.length) : run?.status === 'completed' ? 100 : 0,
    jobs,
  };
}
