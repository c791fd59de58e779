import { useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { UnfinishedUploadsQuery } from '../graphql/wizard.graphql';

/** The project's uploads not finished in an earlier visit, shown until a new upload starts. */
export function UnfinishedUploadsBanner({ projectId, hidden }: { projectId: string; hidden: boolean }) {
  const unfinished = useQuery(UnfinishedUploadsQuery, { variables: { projectId }, fetchPolicy: 'network-only' });
  const earlier = (unfinished.data?.unfinishedUploads ?? []).filter((u) => u.status !== 'refused');
  if (!earlier.length || hidden) return null;
  return (
    <Banner tone="info">
      <span data-testid="unfinished-uploads">
        Not finished earlier:{' '}
        {earlier
          .map((u) =>
            u.status === 'expired'
              ? `${u.filename} (expired unfinished: upload it again)`
              : `${u.filename} (${Math.floor((u.receivedBytes / Math.max(1, u.sizeBytes)) * 100)}% sent: choose it again to continue)`,
          )
          .join('; ')}
      </span>
    </Banner>
  );
}
