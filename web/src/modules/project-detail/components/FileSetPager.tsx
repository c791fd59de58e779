/** SPEC §2: a previous/next pager reading 'File Set n of N'. */
export function FileSetPager({ index, count, onSelect }: { index: number; count: number; onSelect(index: number): void }) {
  return (
    <nav className="pager pd-pager" aria-label="File sets">
      <button type="button" className="button button-small" aria-label="Previous file set" disabled={index <= 0} onClick={() => onSelect(index - 1)}>
        ← <span className="pd-pager-word">Previous</span>
      </button>
      <span className="pd-pager-label" data-testid="pager-label">
        File Set {count === 0 ? 0 : index + 1} of {count}
      </span>
      <button type="button" className="button button-small" aria-label="Next file set" disabled={index >= count - 1} onClick={() => onSelect(index + 1)}>
        <span className="pd-pager-word">Next</span> →
      </button>
    </nav>
  );
}
