import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { AgencyFindingsQuery } from '../graphql/agency-findings.graphql';

/** One agency that would refuse a set's row, and why. */
export interface AgencyRefusal {
  agency: string;
  problems: string[];
}

/**
 * Which sets an agency would refuse as saved, from the server's export check (the one rule set
 * the exports use): file set id -> refusals. Asked again when the number of processed sets changes
 * (sets finishing during a run); `refetch` after a save or reset.
 */
export function useAgencyFindings(projectId: string, processedSets: number) {
  const { data, refetch } = useQuery(AgencyFindingsQuery, { variables: { projectId }, skip: processedSets === 0, fetchPolicy: 'cache-and-network' });
  const askedWith = useRef(processedSets);
  useEffect(() => {
    if (askedWith.current === processedSets) return;
    // The first processed set starts the query itself (skip turns false); later ones ask again.
    if (askedWith.current > 0) void refetch();
    askedWith.current = processedSets;
  }, [processedSets, refetch]);
  const bySet = useMemo(() => {
    const map = new Map<string, AgencyRefusal[]>();
    for (const check of [data?.adobe, data?.shutterstock, data?.pond5]) {
      for (const row of check?.rows ?? []) {
        if (row.problems.length === 0) continue;
        map.set(row.fileSetId, [...(map.get(row.fileSetId) ?? []), { agency: check!.agency, problems: row.problems }]);
      }
    }
    return map;
  }, [data]);
  return { bySet, refetch };
}
