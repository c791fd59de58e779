import { useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { SetsAsCompleteQuery } from '../graphql/wizard.graphql';

const POLL_MS = 2500;
const STATE: Record<string, string> = { pending: 'Queued', processing: 'Processing', completed: 'Done', failed: 'Failed (refunded)' };

/**
 * Step 2 with "Process each set as soon as it is complete": the sets the run took, with their
 * title and place as soon as they are ready, while the rest of the card is still uploading.
 * Polled (a few rows every few seconds) rather than subscribed: it lives only during the upload.
 */
export function SetsAsCompleteResults({ projectId }: { projectId: string }) {
  const { data } = useQuery(SetsAsCompleteQuery, { variables: { projectId }, pollInterval: POLL_MS, fetchPolicy: 'network-only' });
  const project = data?.project;
  if (!project) return null;
  const taken = project.fileSets.filter((s) => s.processing);
  const { progress } = project;
  // Of the card's sets: those in the project and those still to send (known after a reload too), never fewer than the run took.
  const cardSets = new Set([...project.fileSets.map((s) => s.baseName), ...project.uploadState.setsToSend]).size;
  const of = Math.max(cardSets, progress.totalJobs);
  return (
    <div className="file-list" data-testid="sets-as-complete">
      <div className="file-list-header">
        <strong>
          Processed as they complete: {progress.completedJobs} of {of} set{of === 1 ? '' : 's'} ready
          {progress.failedJobs ? `, ${progress.failedJobs} failed` : ''}
        </strong>
        <span className="muted small">{progress.acceptingSets ? 'taking each set as its last file arrives' : 'no more sets taken'}</span>
      </div>
      {progress.intakeStoppedReason && <Banner tone="error">{progress.intakeStoppedReason}</Banner>}
      {taken.length > 0 && (
        <ul>
          {taken.map((s) => {
            const status = s.processing!.status;
            const content = s.result?.current.content;
            const place = s.result?.current.metadata;
            return (
              <li key={s.id} className={`upload-row set-result set-result-${status}`}>
                <span className="file-name">{s.baseName}</span>
                <span className="set-result-title" title={content?.title ?? undefined}>
                  {content?.title ?? s.processing!.stageMessage ?? ''}
                  {place && place.city !== 'Unknown' && <span className="muted small"> · {[place.city, place.country].filter(Boolean).join(', ')}</span>}
                </span>
                <span className={`small upload-status${status === 'failed' ? ' file-refused' : ''}`}>{STATE[status] ?? status}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
