import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { StopTakingSetsMutation } from '../../wizard/graphql/wizard.graphql';
import { clampPercent, jobDisplayStatus, progressHeadline, STATUS_LABEL, type ProjectProgress } from '../progress-rules';

/**
 * SPEC §2 Processing in Progress: headline, overall bar, four counters, a 400 px scrollable
 * per-set list (stage message or status, percent, colour by status) and the two notes.
 */
export function ProcessingPanel({
  projectId,
  progress,
  setLabel,
  live,
}: {
  projectId: string;
  progress: ProjectProgress;
  setLabel(fileSetId: string): string;
  live: boolean;
}) {
  const overall = clampPercent(progress.progress);
  return (
    <section className="pd-processing card" aria-label="Processing in Progress" data-testid="processing-panel">
      <div className="section-header">
        <h2>
          <span className="pd-spinner" aria-hidden="true" /> Processing in Progress
        </h2>
        <span className={`pd-live small ${live ? 'on' : ''}`} title={live ? 'Live updates over WebSocket' : 'Checking every 3 seconds'}>
          {live ? 'Live' : 'Polling'}
        </span>
      </div>
      <p className="pd-headline" data-testid="processing-headline">
        {progressHeadline(progress)}
      </p>
      {progress.acceptingSets && <TakingSets projectId={projectId} />}
      {progress.intakeStoppedReason && <Banner tone="error">{progress.intakeStoppedReason}</Banner>}
      <div className="pd-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={overall} aria-label="Overall progress">
        <div className="pd-bar-fill" style={{ width: `${overall}%` }} />
      </div>
      <p className="pd-overall" data-testid="overall-percent">
        {overall}%
      </p>
      <dl className="pd-counters">
        <div className="pd-counter pd-counter-completed">
          <dt>Completed</dt>
          <dd data-testid="count-completed">{progress.completedJobs}</dd>
        </div>
        <div className="pd-counter pd-counter-processing">
          <dt>Processing</dt>
          <dd data-testid="count-processing">{progress.processingJobs}</dd>
        </div>
        <div className="pd-counter pd-counter-failed">
          <dt>Failed</dt>
          <dd data-testid="count-failed">{progress.failedJobs}</dd>
        </div>
        <div className="pd-counter pd-counter-total">
          <dt>Total</dt>
          <dd data-testid="count-total">{progress.totalJobs}</dd>
        </div>
      </dl>
      <ul className="pd-jobs" data-testid="job-list">
        {progress.jobs.map((job) => {
          const status = jobDisplayStatus(job.status);
          const percent = status === 'completed' ? 100 : clampPercent(job.progress);
          return (
            <li key={job.id} className={`pd-job pd-job-${status}`}>
              <div className="pd-job-row">
                <span className="pd-job-name">{setLabel(job.fileSetId)}</span>
                <span className="pd-job-percent">{percent}%</span>
              </div>
              <div className="pd-job-stage small">{job.stageMessage || STATUS_LABEL[status]}</div>
              <div className="pd-bar pd-bar-thin">
                <div className="pd-bar-fill" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="pd-note">Processing your files... This page will automatically update when complete.</p>
      <p className="pd-note muted small">You can safely leave this page and come back later.</p>
    </section>
  );
}

/** A run taking sets as their files finish uploading: where to go on uploading, and how to end it. */
function TakingSets({ projectId }: { projectId: string }) {
  const [stop, { loading }] = useMutation(StopTakingSetsMutation);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="pd-taking-sets small" data-testid="taking-sets">
      <span>Each file set is processed as soon as its files finish uploading.</span> <Link to={`/createproject?project=${projectId}`}>Continue uploading</Link>{' '}
      <button
        type="button"
        className="link-button"
        disabled={loading}
        onClick={() => void stop({ variables: { projectId } }).catch((err: Error) => setError(err.message))}
      >
        Stop taking sets
      </button>
      {error && <span className="file-refused"> {error}</span>}
    </div>
  );
}
