import type { ReactNode } from 'react';
import { Banner } from './Banner';
import { Loading } from './Loading';
import { Pager, type CursorPages } from './use-cursor-pages';

/** A Relay connection as the paged lists read it. */
interface Connection {
  totalCount: number;
  edges: readonly unknown[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/**
 * One page of a paged list, with the states every paged list shares: the error banner when the
 * first answer failed, Loading... until it comes, the empty state when there is nothing, and the
 * pager under the rows. The page keeps its own query (useQuery with `after: pages.after`).
 */
export function PagedList<C extends Connection>({
  connection,
  loading,
  error,
  failedText,
  empty,
  pages,
  pageSize,
  pagerOnlyWhenSeveralPages = false,
  children,
}: {
  /** The connection of the current answer; undefined until one came. */
  connection: C | undefined;
  loading: boolean;
  error: unknown;
  /** The banner's words when the list could not be fetched. */
  failedText: string;
  /** Shown instead of the rows when the page has none; without it the rows render empty. */
  empty?: ReactNode;
  pages: CursorPages;
  pageSize: number;
  /** Leaves the pager out while everything fits on one page. */
  pagerOnlyWhenSeveralPages?: boolean;
  children: (connection: C) => ReactNode;
}) {
  if (!connection) {
    if (error) return <Banner tone="error">{failedText}</Banner>;
    return loading ? <Loading /> : null;
  }
  const showPager = !pagerOnlyWhenSeveralPages || connection.totalCount > pageSize;
  return (
    <>
      {empty !== undefined && connection.edges.length === 0 ? empty : children(connection)}
      {showPager && <Pager pages={pages} connection={connection} pageSize={pageSize} />}
    </>
  );
}
