import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FilmIcon } from '../../../ui/icons';
import type { ReviewSort } from '../../../gql/graphql';
import { Link } from 'react-router';
import { CategorySelectors, type CategoryOptions } from '../../project-detail/components/CategorySelectors';
import { shotTypeLabel } from '../../project-detail/components/ShotTypeChips';
import type { ReviewRow } from '../hooks/use-review-sets';

/** The fields edited in place, and what a save sends (REST PUT keeps every field it leaves out). */
export type EditableField = 'title' | 'description' | 'categories';

/** The three categories, in the results' field names (what the per-set editor edits). */
export interface GridCategories {
  adobe_category: string | null;
  shutterstock_a_category: string | null;
  shutterstock_b_category: string | null;
}

export type EditValue = string | GridCategories;

type Editing = { id: string; field: 'title' | 'description'; value: string } | { id: string; field: 'categories'; value: GridCategories };

export interface GridSelection {
  ids: Set<string>;
  /** Every set matching the filter, loaded or not. */
  allMatching: boolean;
}

const ROW_HEIGHT = 64;
const STATUS_LABEL: Record<string, string> = { PENDING: 'Pending', AI: 'AI', EDITED: 'Edited' };
const AGENCIES = [
  { format: 'ADOBE', name: 'Adobe Stock', short: 'Adobe' },
  { format: 'SHUTTERSTOCK', name: 'Shutterstock', short: 'SStk' },
  { format: 'POND5', name: 'Pond5', short: 'Pond5' },
] as const;

interface Column {
  id: string;
  header: string;
  width: number;
  /** Server-side sort (every shown column sorts in PostgreSQL over all sets, not over the rows loaded). */
  sort?: ReviewSort;
  edit?: EditableField;
  render?: (row: ReviewRow) => ReactNode;
}

function Thumb({ uri }: { uri: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="rv-thumb">{uri && !failed ? <img src={uri} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} /> : <FilmIcon />}</span>
  );
}

/** One badge per agency: what its export check would refuse (the server runs the exports' own checks). */
function AgencyBadges({ row }: { row: ReviewRow }) {
  const hasResult = row.status !== 'PENDING';
  return (
    <span className="rv-badges">
      {AGENCIES.map((a) => {
        const r = row.agencyRefusals.find((x) => x.format === a.format);
        return (
          <span
            key={a.format}
            className={`rv-badge ${r ? 'rv-badge-bad' : hasResult ? 'rv-badge-good' : ''}`}
            title={r ? `${a.name} would refuse: ${r.problems.join('; ')}` : `${a.name}: OK`}
          >
            {r ? '✕' : '✓'} {a.short}
          </span>
        );
      })}
    </span>
  );
}

const dash = <span className="muted">—</span>;

/** The grid's columns; module-level so rows can be memoised against stable definitions. */
const COLUMNS: Column[] = [
  { id: 'select', header: 'Select', width: 44 },
  { id: 'thumb', header: '', width: 76, render: (r) => <Thumb uri={r.thumbnailUri} /> },
  {
    id: 'filename',
    header: 'File',
    width: 150,
    sort: 'FILENAME',
    // The file name opens the set in the full editor (the project page, ?set= selects it).
    render: (r) => (
      <Link
        className="rv-mono"
        to={{ pathname: '..', search: `?set=${encodeURIComponent(r.id)}` }}
        relative="path"
        title={`Open ${r.filename} in the editor`}
        data-testid="open-in-editor"
      >
        {r.filename}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: 84,
    sort: 'STATUS',
    render: (r) => <span className={`rv-status rv-status-${r.status.toLowerCase()}`}>{STATUS_LABEL[r.status]}</span>,
  },
  { id: 'title', header: 'Title', width: 240, sort: 'TITLE', edit: 'title', render: (r) => r.title ?? dash },
  {
    id: 'description',
    header: 'Description',
    width: 280,
    sort: 'DESCRIPTION',
    edit: 'description',
    render: (r) => <span className="rv-clamp">{r.description ?? ''}</span>,
  },
  {
    id: 'keywords',
    header: 'Keywords',
    width: 220,
    sort: 'KEYWORD_COUNT',
    render: (r) => (
      <span className="rv-clamp">
        <strong>{r.keywordCount}</strong> {r.keywords.slice(0, 5).join(', ')}
        {r.keywordCount > 5 ? ', …' : ''}
      </span>
    ),
  },
  {
    id: 'categories',
    header: 'Categories',
    width: 170,
    sort: 'CATEGORIES',
    edit: 'categories',
    render: (r) => <span className="rv-clamp">{[r.adobeCategory, r.shutterstockACategory, r.shutterstockBCategory].filter(Boolean).join(' · ') || dash}</span>,
  },
  { id: 'place', header: 'City / country', width: 150, sort: 'CITY', render: (r) => [r.city, r.country].filter(Boolean).join(', ') },
  {
    id: 'shots',
    header: 'Shot types',
    width: 140,
    sort: 'SHOT_TYPES',
    render: (r) => <span className="rv-clamp">{r.shotTypes.map(shotTypeLabel).join(', ')}</span>,
  },
  { id: 'agencies', header: 'Agencies', width: 150, render: (r) => <AgencyBadges row={r} /> },
];
const TEMPLATE = COLUMNS.map((c) => `${c.width}px`).join(' ');
const WIDTH = COLUMNS.reduce((s, c) => s + c.width, 0);

const categoriesOf = (r: ReviewRow): GridCategories => ({
  adobe_category: r.adobeCategory ?? null,
  shutterstock_a_category: r.shutterstockACategory ?? null,
  shutterstock_b_category: r.shutterstockBCategory ?? null,
});

/** What rows call back into the grid; one stable object, so a memoised row re-renders only when its own props change. */
interface RowActions {
  toggle(index: number, shift: boolean): void;
  activate(index: number, col: number): void;
  startEdit(index: number, col: number): void;
  setValue(value: EditValue): void;
}

function Editor({ editing, row, options, actions }: { editing: Editing; row: ReviewRow; options: CategoryOptions; actions: RowActions }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing.field !== 'categories' || !ref.current) return;
    // The panel is wider than its column and may sit at the grid's right edge: bring all of it into view.
    ref.current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    ref.current.querySelector('select')?.focus({ preventScroll: true });
  }, [editing.field]);
  if (editing.field === 'categories')
    return (
      <div ref={ref} className="rv-popover" role="group" aria-label={`Edit Categories of ${row.baseName}`}>
        <CategorySelectors categories={editing.value} options={options} invalidField={null} onChange={(v) => actions.setValue(v)} />
        <p className="rv-popover-help muted">Enter or Ctrl/Cmd+S saves, Escape cancels</p>
      </div>
    );
  const common = { autoFocus: true, 'aria-label': `Edit ${editing.field === 'title' ? 'Title' : 'Description'} of ${row.baseName}` };
  if (editing.field === 'description')
    return <textarea {...common} className="rv-input" value={editing.value} onChange={(e) => actions.setValue(e.target.value)} />;
  return <input {...common} className="rv-input" value={editing.value} onChange={(e) => actions.setValue(e.target.value)} />;
}

/**
 * One grid row. Memoised: scrolling, selecting or moving the active cell re-renders only the rows
 * whose own props changed (the 1,000-set bench's long tasks came from re-rendering every row).
 */
const GridRow = memo(function GridRow(props: {
  row: ReviewRow;
  index: number;
  start: number;
  selected: boolean;
  /** The active column when this row holds the active cell, else -1. */
  activeCol: number;
  /** The edit in progress when it is in this row. */
  editing: Editing | null;
  options: CategoryOptions;
  actions: RowActions;
}) {
  const { row, index, selected, activeCol, editing, actions } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`rv-row${selected ? ' rv-row-selected' : ''}${editing ? ' rv-row-editing' : ''}`}
      data-testid="review-row"
      style={{ gridTemplateColumns: TEMPLATE, transform: `translateY(${props.start}px)`, height: ROW_HEIGHT }}
    >
      {COLUMNS.map((col, c) => {
        const isEditing = !!editing && col.edit === editing.field;
        return (
          <div
            key={col.id}
            role="gridcell"
            className={`rv-td${activeCol === c ? ' rv-active' : ''}${col.edit ? ' rv-editable' : ''}${isEditing ? ' rv-td-editing' : ''}`}
            onClick={() => actions.activate(index, c)}
            onDoubleClick={() => actions.startEdit(index, c)}
          >
            {col.id === 'select' ? (
              <input
                type="checkbox"
                aria-label={`Select ${row.baseName}`}
                checked={selected}
                onChange={() => undefined}
                onClick={(e: MouseEvent<HTMLInputElement>) => {
                  e.stopPropagation();
                  actions.toggle(index, e.shiftKey);
                }}
              />
            ) : isEditing ? (
              <Editor editing={editing} row={row} options={props.options} actions={actions} />
            ) : (
              col.render?.(row)
            )}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The review grid: one row per set, virtualised (only the rows in view are in the DOM), with a
 * roving active cell for the keyboard (arrows move, Enter edits, Escape cancels, Ctrl/Cmd+S saves).
 */
export function ReviewGrid(props: {
  rows: ReviewRow[];
  total: number | null;
  hasMore: boolean;
  loadMore: () => void;
  sort: ReviewSort;
  descending: boolean;
  onSort: (sort: ReviewSort) => void;
  selection: GridSelection;
  onSelection: (s: GridSelection) => void;
  categoryOptions: CategoryOptions;
  onSave: (row: ReviewRow, field: EditableField, value: EditValue) => Promise<boolean>;
}) {
  const { rows, selection } = props;
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const lastClicked = useRef<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const isSelected = (id: string) => selection.allMatching || selection.ids.has(id);

  const startEdit = (rowIndex: number, col: number) => {
    const row = rows[rowIndex];
    const field = COLUMNS[col]?.edit;
    if (!row || !field || row.status === 'PENDING') return;
    setActive({ row: rowIndex, col });
    if (field === 'categories') setEditing({ id: row.id, field, value: categoriesOf(row) });
    else setEditing({ id: row.id, field, value: (field === 'title' ? row.title : row.description) ?? '' });
  };

  const toggle = (index: number, shift: boolean) => {
    const row = rows[index];
    if (!row) return;
    const ids = new Set(selection.allMatching ? rows.map((r) => r.id) : selection.ids);
    const on = !isSelected(row.id);
    if (shift && lastClicked.current !== null) {
      const [a, b] = [Math.min(lastClicked.current, index), Math.max(lastClicked.current, index)];
      for (let i = a; i <= b; i++) {
        const id = rows[i]?.id;
        if (id && on) ids.add(id);
        else if (id) ids.delete(id);
      }
    } else if (on) ids.add(row.id);
    else ids.delete(row.id);
    lastClicked.current = index;
    props.onSelection({ ids, allMatching: false });
  };

  // The rows get one stable actions object whose methods read the latest state through a ref.
  const latest = useRef({ toggle, startEdit });
  latest.current = { toggle, startEdit };
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (i, shift) => latest.current.toggle(i, shift),
      activate: (row, col) => setActive((a) => (a.row === row && a.col === col ? a : { row, col })),
      startEdit: (i, c) => latest.current.startEdit(i, c),
      setValue: (value) => setEditing((e) => (e ? ({ ...e, value } as Editing) : e)),
    }),
    [],
  );

  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasMore, loadMore } = props;
  useEffect(() => {
    // Ahead of the end by half a page (the first, short page does not ask for the next before a scroll).
    if (hasMore && rows.length > 0 && lastIndex >= rows.length - Math.min(30, Math.floor(rows.length / 3))) loadMore();
  }, [lastIndex, rows.length, hasMore, loadMore]);

  // A new filter or sort starts from an empty list: back to the top, the first page.
  const empty = rows.length === 0;
  useEffect(() => {
    if (empty && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [empty]);

  const save = async () => {
    if (!editing) return;
    const row = rows.find((r) => r.id === editing.id);
    if (!row) return setEditing(null);
    const ok = await props.onSave(row, editing.field, editing.value);
    if (ok) {
      setEditing(null);
      scrollRef.current?.focus();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save();
      return;
    }
    if (editing) {
      if (e.key === 'Escape') {
        e.preventDefault();
        setEditing(null);
        scrollRef.current?.focus();
      } else if (e.key === 'Enter' && editing.field !== 'description' && !e.shiftKey) {
        e.preventDefault();
        void save();
      }
      return;
    }
    const move = (row: number, col: number) => {
      const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(COLUMNS.length - 1, col)) };
      setActive(next);
      virtualizer.scrollToIndex(next.row, { align: 'auto' });
    };
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active.row + 1, active.col),
      ArrowUp: () => move(active.row - 1, active.col),
      ArrowRight: () => move(active.row, active.col + 1),
      ArrowLeft: () => move(active.row, active.col - 1),
      Home: () => move(0, active.col),
      End: () => move(rows.length - 1, active.col),
      PageDown: () => move(active.row + 10, active.col),
      PageUp: () => move(active.row - 10, active.col),
      Enter: () => startEdit(active.row, active.col),
      ' ': () => toggle(active.row, e.shiftKey),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  return (
    <div className="rv-grid-wrap">
      <div
        ref={scrollRef}
        className="rv-scroll"
        role="grid"
        aria-label="File sets"
        aria-rowcount={props.total ?? rows.length}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="review-grid"
      >
        <div className="rv-head" role="row" style={{ gridTemplateColumns: TEMPLATE, width: WIDTH }}>
          {COLUMNS.map((col) => {
            const sorted = col.sort && props.sort === col.sort;
            return (
              <div key={col.id} role="columnheader" className="rv-th" aria-sort={sorted ? (props.descending ? 'descending' : 'ascending') : undefined}>
                {col.id === 'select' ? (
                  <input
                    type="checkbox"
                    aria-label={`Select all ${props.total ?? ''} matching sets`}
                    checked={selection.allMatching}
                    onChange={(e) => props.onSelection({ ids: new Set(), allMatching: e.target.checked })}
                  />
                ) : col.sort ? (
                  <button type="button" className="rv-sort" onClick={() => props.onSort(col.sort!)} aria-label={`Sort by ${col.header}`}>
                    {col.header} {sorted ? (props.descending ? '▼' : '▲') : ''}
                  </button>
                ) : (
                  col.header
                )}
              </div>
            );
          })}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), width: WIDTH, position: 'relative' }}>
          {items.map((v) => {
            const row = rows[v.index]!;
            return (
              <GridRow
                key={row.id}
                row={row}
                index={v.index}
                start={v.start}
                selected={isSelected(row.id)}
                activeCol={active.row === v.index ? active.col : -1}
                editing={editing && editing.id === row.id ? editing : null}
                options={props.categoryOptions}
                actions={actions}
              />
            );
          })}
        </div>
        {rows.length === 0 && props.total === 0 && <p className="muted rv-empty">No file sets match.</p>}
      </div>
    </div>
  );
}
