import { Link } from 'react-router';
import { addClipsPath, continueSetupPath, needsSetup, statusMeaning } from '../../projects/project-status';
import type { RunScope } from '../../wizard/start-processing';
import { failsAgainUntilReplaced, retryFailsAgain, setsByNextStep, type DetailProject } from '../types';
import '../../projects/projects.css';

/**
 * Under the project page's header: what the status means in plain words, and the way forward
 * that fits it: Continue setup (never processed), Start processing (complete sets not processed
 * yet) and Retry failed sets. Nothing to offer while a run is going or in the trash.
 */
export function ProjectSetupActions({ project, onRun }: { project: DetailProject; onRun(scope: RunScope): void }) {
  const { unprocessed, incomplete, failed } = setsByNextStep(project.fileSets);
  const idle = project.status !== 'processing' && !project.inTrash;
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  return (
    <div className="stack" data-testid="setup-actions">
      <p className="status-meaning" data-testid="status-meaning">
        {statusMeaning(project.status).meaning}
        {idle && failed.length > 0 && ` ${n(failed.length, 'file set')} failed: select ${failed.length === 1 ? 'it' : 'one'} in the list to see why.`}
        {idle && !needsSetup(project.status) && unprocessed.length > 0 && ` ${n(unprocessed.length, 'file set')} not processed yet.`}
        {project.inTrash && ' This project is in the trash: restore it to change or process it.'}
      </p>
      {idle && (
        <div className="setup-actions">
          {needsSetup(project.status) && (
            <Link to={continueSetupPath(project.id)} className="button button-small">
              Continue setup
            </Link>
          )}
          {unprocessed.length > 0 && (
            <button type="button" className="button button-small button-primary" onClick={() => onRun('UNPROCESSED')}>
              Start processing ({n(unprocessed.length, 'set')})
            </button>
          )}
          {failed.length > 0 && (
            <button type="button" className="button button-small button-primary" onClick={() => onRun('FAILED')}>
              Retry failed sets ({failed.length})
            </button>
          )}
          {failed.some((s) => failsAgainUntilReplaced(s.failureReason)) && (
            <span className="muted small" data-testid="retry-will-fail">
              {retryFailsAgain(failed.filter((s) => failsAgainUntilReplaced(s.failureReason)).map((s) => s.baseName))}
            </span>
          )}
          {!needsSetup(project.status) && (
            <Link
              to={addClipsPath(project.id)}
              className="button button-small"
              title="Upload a later card of the same shoot: only its new sets are priced and processed"
            >
              Add clips
            </Link>
          )}
          {incomplete.length > 0 && (
            <span className="muted small" data-testid="left-out-note">
              {n(incomplete.length, 'incomplete set')} left out: {incomplete.map((s) => s.baseName).join(', ')}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
