import { imageOf, type DetailFileSet } from '../types';
import type { SetDisplayStatus } from '../progress-rules';
import { SetStatusDot } from './SetStatusDot';

export interface FileSetListItem {
  set: DetailFileSet;
  title: string;
  status: SetDisplayStatus;
  percent: number | null;
  edited: boolean;
}

/** SPEC §2 right side: every set with its thumbnail (the JPG), title and status; the selected one highlighted. */
export function FileSetList({ items, selectedIndex, onSelect }: { items: FileSetListItem[]; selectedIndex: number; onSelect(index: number): void }) {
  return (
    <section className="pd-list card" aria-label="File sets">
      <h2 className="pd-list-heading">
        File Sets <span className="muted small">({items.length})</span>
      </h2>
      <ul>
        {items.map(({ set, title, status, percent, edited }, i) => {
          const thumb = imageOf(set);
          const selected = i === selectedIndex;
          return (
            <li key={set.id}>
              <button
                type="button"
                className={`pd-list-item${selected ? ' selected' : ''}`}
                aria-current={selected ? 'true' : undefined}
                data-testid="file-set-item"
                onClick={() => onSelect(i)}
              >
                <span className="pd-thumb">{thumb ? <img src={thumb.resourceUri} alt="" loading="lazy" /> : <span aria-hidden="true">🎞</span>}</span>
                <span className="pd-list-text">
                  <span className="pd-list-title" title={title}>
                    {title}
                    {edited && (
                      <span className="pd-edited" title="Unsaved edits" aria-label="Unsaved edits">
                        ●
                      </span>
                    )}
                  </span>
                  <span className="muted small mono pd-list-file">{set.baseName}</span>
                  <SetStatusDot status={status} percent={percent} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
