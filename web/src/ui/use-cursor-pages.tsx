import { useState } from 'react';

/**
 * Previous/Next paging over a Relay connection: remembers the `after` cursor of every page seen,
 * so Previous goes back without offsets and 'page / pages' stays exact.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const page = cursors.length;
  return {
    page,
    after: cursors[cursors.length - 1],
    next: (endCursor: string | null | undefined) => endCursor && setCursors((c) => [...c, endCursor]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    reset: () => setCursors([null]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** Previous, 'page / pages' and Next for one page of a connection read with useCursorPages. */
export function Pager({
  pages,
  connection,
  pageSize,
}: {
  pages: CursorPages;
  connection: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };
  pageSize: number;
}) {
  return (
    <div className="pager">
      <button type="button" className="button button-small" disabled={pages.page <= 1} onClick={pages.previous}>
        Previous
      </button>
      <span>
        {pages.page} / {Math.max(Math.ceil(connection.totalCount / pageSize), 1)}
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={!connection.pageInfo.hasNextPage}
        onClick={() => pages.next(connection.pageInfo.endCursor)}
      >
        Next
      </button>
    </div>
  );
}
