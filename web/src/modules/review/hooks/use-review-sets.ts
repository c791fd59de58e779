import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { ReviewSetsQuery } from '../graphql/review.graphql';
import type { ReviewFilterInput, ReviewSetsQuery as ReviewSetsResult, ReviewSort } from '../../../gql/graphql';

export type ReviewRow = ReviewSetsResult['reviewSets']['edges'][number]['node'];

/** Rows per keyset page: a screenful or three, so scrolling rarely waits. */
export const REVIEW_PAGE_SIZE = 100;
/** The first page: two screenfuls, so the first rows show sooner (the server checks each row for three agencies). */
export const REVIEW_FIRST_PAGE_SIZE = 30;

/**
 * The grid's rows, read in keyset pages as the user scrolls (`loadMore` when the last rows come
 * into view). A new filter or sort starts again from the first page; `reload` after a bulk action.
 */
export function useReviewSets(projectId: string, filter: ReviewFilterInput, sort: ReviewSort, descending: boolean) {
  const client = useApolloClient();
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const cursor = useRef<{ after: string | null; hasNext: boolean; generation: number; busy: boolean }>({
    after: null,
    hasNext: true,
    generation: 0,
    busy: false,
  });
  const key = JSON.stringify([projectId, filter, sort, descending]);

  const fetchPage = useCallback(
    async (generation: number) => {
      const c = cursor.current;
      if (c.busy || !c.hasNext) return;
      c.busy = true;
      setLoading(true);
      try {
        const { data } = await client.query({
          query: ReviewSetsQuery,
          variables: { projectId, first: c.after ? REVIEW_PAGE_SIZE : REVIEW_FIRST_PAGE_SIZE, after: c.after, filter, sort, descending },
          // The grid keeps its own rows: normalising every page into Apollo's cache cost long tasks while scrolling.
          fetchPolicy: 'no-cache',
        });
        if (generation !== cursor.current.generation || !data) return;
        const page = data.reviewSets;
        c.after = page.pageInfo.endCursor ?? null;
        c.hasNext = page.pageInfo.hasNextPage;
        setTotal(page.totalCount);
        setRows((prev) => [...prev, ...page.edges.map((e) => e.node)]);
        setError(null);
      } catch (err) {
        if (generation === cursor.current.generation) setError((err as Error).message || 'Failed to load the sets');
      } finally {
        if (generation === cursor.current.generation) {
          c.busy = false;
          setLoading(false);
        }
      }
    },
    // `key` stands for projectId, filter, sort and descending (an equal new filter object is the same query).
    [client, key],
  );

  const reload = useCallback(() => {
    const generation = cursor.current.generation + 1;
    cursor.current = { after: null, hasNext: true, generation, busy: false };
    setRows([]);
    void fetchPage(generation);
  }, [fetchPage]);

  useEffect(() => reload(), [reload]);

  const loadMore = useCallback(() => void fetchPage(cursor.current.generation), [fetchPage]);
  /** Replaces one row in place (after an inline save), keeping the scroll position. */
  const patchRow = useCallback((id: string, patch: Partial<ReviewRow>) => setRows((prev) => prev.map((r) => (r.id === id ? { ...r, ...patch } : r))), []);

  /** Reads one row again from the server (its status and agency checks after a save), in place. */
  const refreshRow = useCallback(
    async (id: string) => {
      const { data } = await client.query({
        query: ReviewSetsQuery,
        variables: { projectId, first: 1, filter: { fileSetIds: [id] }, sort: 'POSITION', descending: false },
        fetchPolicy: 'no-cache',
      });
      const fresh = data?.reviewSets.edges[0]?.node;
      if (fresh) setRows((prev) => prev.map((r) => (r.id === id ? fresh : r)));
    },
    [client, projectId],
  );

  return { rows, total, loading, error, loadMore, reload, patchRow, refreshRow, hasMore: cursor.current.hasNext };
}
