import { useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { UnfinishedUploadsQuery, WizardUploadStateQuery } from '../graphql/wizard.graphql';
import { stillToSend } from '../upload-plan';

/**
 * What an earlier visit left unsent, shown until a new upload starts: the card's files still to send
 * ("Upload interrupted: 42 clips still to send ..."), and the half-sent ones that will continue
 * where they stopped when chosen again.
 */
export function UnfinishedUploadsBanner({ projectId, hidden }: { projectId: string; hidden: boolean }) {
  const unfinished = useQuery(UnfinishedUploadsQuery, { variables: { projectId }, fetchPolicy: 'network-only' });
  const state = useQuery(WizardUploadStateQuery, { variables: { id: projectId }, fetchPolicy: 'network-only' });
  const earlier = (unfinished.data?.unfinishedUploads ?? []).filter((u) => u.status !== 'refused');
  const toSend = state.data?.project?.uploadState;
  if (hidden || (!earlier.length && !toSend?.filesToSend)) return null;
  return (
    <Banner tone="info">
      {toSend && toSend.filesToSend > 0 && (
        <strong className="upload-interrupted" data-testid="upload-interrupted">
          Upload interrupted: {stillToSend(toSend.setsToSend.length)} — choose the card folder again to continue.{' '}
        </strong>
      )}
      {earlier.length > 0 && (
        <span data-testid="unfinished-uploads">
          Not finished earlier:{' '}
          {earlier
            .slice(0, 5)
            .map((u) =>
              u.status === 'expired'
                ? `${u.filename} (expired unfinished: upload it again)`
                : `${u.filename} (${Math.floor((u.receivedBytes / Math.max(1, u.sizeBytes)) * 100)}% sent: choose it again to continue)`,
            )
            .join('; ')}
          {earlier.length > 5 ? ` and ${earlier.length - 5} more` : ''}
        </span>
      )}
    </Banner>
  );
}
