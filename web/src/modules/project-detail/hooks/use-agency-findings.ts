import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { AgencyFindingsQuery } from '../graphql/agency-findings.graphql';

/** One agency that would refuse a set's row, and why. */
export interface AgencyRefusal {
  agency: string;
  problems: string[];
}

/**
 * Which sets an agency would refuse as saved, from the server's export check (the one rule set
 * the exports use): file set id -> refusals. `refetch` after a save or reset.
 */
export function useAgencyFindings(projectId: string, enabled: boolean) {
  const { data, refetch } = useQuery(AgencyFindingsQuery, { variables: { projectId }, skip: !enabled, fetchPolicy: 'cache-and-network' });
  const bySet = useMemo(() => {
    const map = new Map<string, AgencyRefusal[]>();
    for (const check of [data?.adobe, data?.shutterstock]) {
      for (const row of check?.rows ?? []) {
        if (row.problems.length === 0) continue;
        map.set(row.fileSetId, [...(map.get(row.fileSetId) ?? []), { agency: check!.agency, problems: row.problems }]);
      }
    }
    return map;
  }, [data]);
  return { bySet, refetch };
}
