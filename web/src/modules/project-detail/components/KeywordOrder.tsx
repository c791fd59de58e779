/**
 * The keywords as chips in their order (agencies weigh the first ones most): each moves earlier
 * or later with its arrow buttons (keyboard-operable), or by dragging it onto another chip.
 */
import { useState } from 'react';

export function KeywordOrder({ keywords, onReorder }: { keywords: string[]; onReorder(next: string[]): void }) {
  const [dragged, setDragged] = useState<number | null>(null);
  if (keywords.length < 2) return null;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= keywords.length || from === to) return;
    const next = [...keywords];
    const [k] = next.splice(from, 1);
    next.splice(to, 0, k!);
    onReorder(next);
  };
  return (
    <details className="pd-keyword-order">
      <summary className="small">Order of the keywords (the first ones count most)</summary>
      <ol className="pd-keyword-chips" data-testid="keyword-order">
        {keywords.map((k, i) => (
          <li
            key={`${i}:${k}`}
            className="pd-keyword-chip"
            draggable
            onDragStart={() => setDragged(i)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, i);
              setDragged(null);
            }}
          >
            <span>{k}</span>
            <button type="button" className="pd-chip-arrow" aria-label={`Move ${k} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>
              ←
            </button>
            <button type="button" className="pd-chip-arrow" aria-label={`Move ${k} later`} disabled={i === keywords.length - 1} onClick={() => move(i, i + 1)}>
              →
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}
