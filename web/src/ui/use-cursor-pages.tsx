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

export function Pager({ page, pages, onPrevious, onNext, hasNext }: { page: number; pages: number; hasNext: boolean; onPrevious(): void; onNext(): void }) {
  return (
    <div className="pager">
      <button type="button" className="button button-small" disabled={page <= 1} onClick={onPrevious}>
        Previous
      </button>
      <span>
        {page} / {Math.max(pages, 1)}
      </span>
      <button type="button" className="button button-small" disabled={!hasNext} onClick={onNext}>
        Next
      </button>
    </div>
  );
}
