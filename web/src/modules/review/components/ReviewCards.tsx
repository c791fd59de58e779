import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReviewRow } from '../hooks/use-review-sets';
import { shotTypeLabel } from '../../project-detail/components/ShotTypeChips';
import { COLUMNS } from './grid-columns';
import type { GridSelection } from './ReviewGrid';

const CARD_HEIGHT = 236;
const thumb = COLUMNS.find((c) => c.id === 'thumb')!;
const agencies = COLUMNS.find((c) => c.id === 'agencies')!;

/**
 * The review grid on a phone (issue 31 item 4): one card per set instead of a squeezed table,
 * virtualised like the grid; the file name opens the set in the full editor.
 */
export function ReviewCards(props: {
  rows: ReviewRow[];
  total: number | null;
  hasMore: boolean;
  loadMore: () => void;
  selection: GridSelection;
  onSelection: (s: GridSelection) => void;
}) {
  const { rows, selection, hasMore, loadMore } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => CARD_HEIGHT, overscan: 3 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (hasMore && rows.length > 0 && lastIndex >= rows.length - 10) loadMore();
  }, [lastIndex, rows.length, hasMore, loadMore]);
  const isSelected = (id: string) => selection.allMatching || selection.ids.has(id);
  const toggle = (id: string) => {
    const ids = new Set(selection.allMatching ? rows.map((r) => r.id) : selection.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    props.onSelection({ ids, allMatching: false });
  };
  return (
    <div ref={scrollRef} className="rv-cards" role="list" aria-label="File sets" data-testid="review-cards">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((v) => {
          const r = rows[v.index]!;
          return (
            <article
              key={r.id}
              role="listitem"
              className={`rv-card${isSelected(r.id) ? ' rv-row-selected' : ''}`}
              style={{ transform: `translateY(${v.start}px)`, height: CARD_HEIGHT - 10 }}
              data-testid="review-card"
            >
              <header className="rv-card-head">
                <input type="checkbox" aria-label={`Select ${r.baseName}`} checked={isSelected(r.id)} onChange={() => toggle(r.id)} />
                {thumb.render?.(r)}
                <div className="rv-card-name">
                  <Link className="rv-mono" to={{ pathname: '..', search: `?set=${encodeURIComponent(r.id)}` }} relative="path" data-testid="open-in-editor">
                    {r.filename}
                  </Link>
                  <strong className="rv-clamp">{r.title ?? 'Not processed yet'}</strong>
                </div>
              </header>
              <p className="rv-clamp small" title={r.keywords.join(', ')}>
                <strong>{r.keywordCount}/30</strong> {r.keywords.join(', ')}
              </p>
              <p className="small muted rv-clamp">
                {[r.adobeCategory, r.shutterstockACategory, r.shutterstockBCategory].filter(Boolean).join(' · ') || 'No categories'} ·{' '}
                {[r.city, r.country].filter(Boolean).join(', ') || 'No place'}
                {r.shotTypes.length ? ` · ${r.shotTypes.map(shotTypeLabel).join(', ')}` : ''}
              </p>
              {agencies.render?.(r)}
            </article>
          );
        })}
      </div>
      {rows.length === 0 && props.total === 0 && <p className="muted rv-empty">No file sets match.</p>}
    </div>
  );
}
