import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { ProjectDetailQuery } from '../graphql/project-detail.graphql';
import { fromGraphqlResult, placeOf, shotTypeLabels } from '../graphql/result-mapping';
import type { DetailProject } from '../types';
import { apiUrl } from '../../../client/api-base';

// Signed paths: an <img>/<video> cannot send the token; prefix the API base when one is configured.
const signedUrl = (uri: string) => (uri.startsWith('/') ? apiUrl(uri) : uri);

/** The project with its sets, files, per-set processing state and results, shaped for the page. */
export function useProjectDetail(id: string) {
  const { data, loading, error, refetch } = useQuery(ProjectDetailQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const project = useMemo<DetailProject | null>(() => {
    const p = data?.project;
    if (!p) return null;
    return {
      id: p.id,
      name: p.name,
      status: p.status,
      inTrash: !!p.deletedAt,
      fileSets: p.fileSets.map((s) => ({
        id: s.id,
        baseName: s.baseName,
        complete: s.status === 'complete',
        incompleteReason: s.incompleteReason ?? null,
        failureReason: s.processing?.reason ?? null,
        files: s.files.map((f) => ({ ...f, resourceUri: signedUrl(f.resourceUri) })),
        thumbnailUri: s.thumbnailUri ? signedUrl(s.thumbnailUri) : null,
        previewImageUri: s.previewImageUri ? signedUrl(s.previewImageUri) : null,
        processingStatus: s.processing?.status ?? null,
        processingStage: s.processing?.stageMessage ?? null,
        result: s.result ? fromGraphqlResult(s.result.current) : null,
        resultVersion: s.result?.version ?? null,
        resultNote: s.result?.missingNote ?? null,
        place: s.result ? placeOf(s.result.current.metadata) : null,
        shotTypeLabels: s.result ? shotTypeLabels(s.result.current) : {},
      })),
    };
  }, [data]);
  const categoryOptions = data?.categoryOptions ?? null;
  return { project, categoryOptions, loading: loading && !data, error: data ? undefined : error, refetch };
}
