import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReviewSort } from '../../../gql/graphql';
import { CategorySelectors, type CategoryOptions } from '../../project-detail/components/CategorySelectors';
import type { ReviewRow } from '../hooks/use-review-sets';
import { isPlaceField, PLACE_MAX_LENGTH, ROW_HEIGHT, type Column, type EditableField, type PlaceField } from './grid-columns';
import { KeywordChipsEditor } from './KeywordChipsEditor';

export type { EditableField } from './grid-columns';

/** The three categories, in the results' field names (what the per-set editor edits). */
export interface GridCategories {
  adobe_category: string | null;
  shutterstock_a_category: string | null;
  shutterstock_b_category: string | null;
}

export type EditValue = string | string[] | GridCategories;

type Editing =
  | { id: string; field: 'title' | 'description'; value: string }
  | { id: string; field: 'categories'; value: GridCategories }
  | { id: string; field: 'keywords'; value: string[] }
  /** A place field as typed; the named features comma-separated, as in the editor. */
  | { id: string; field: PlaceField; value: string };

export interface GridSelection {
  ids: Set<string>;
  /** Every set matching the filter, loaded or not. */
  allMatching: boolean;
}

/** Where a pinned cell sticks: the widths of the pinned cells before it. */
const pinOffset = (columns: Column[], index: number) => columns.slice(0, index).reduce((sum, c) => sum + (c.pinned ? c.width : 0), 0);

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

function Editor({
  editing,
  row,
  options,
  actions,
  header,
}: {
  editing: Editing;
  row: ReviewRow;
  options: CategoryOptions;
  actions: RowActions;
  header: string;
}) {
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
  if (editing.field === 'keywords')
    return (
      <div className="rv-popover rv-popover-keywords" role="group" aria-label={`Edit Keywords of ${row.baseName}`}>
        <KeywordChipsEditor keywords={editing.value} onChange={(v) => actions.setValue(v)} />
        <p className="rv-popover-help muted">Enter adds what you typed; Ctrl/Cmd+S saves, Escape cancels</p>
      </div>
    );
  const common = { autoFocus: true, 'aria-label': `Edit ${header} of ${row.baseName}` };
  if (isPlaceField(editing.field))
    return (
      <input
        {...common}
        className="rv-input"
        maxLength={PLACE_MAX_LENGTH[editing.field]}
        value={editing.value as string}
        onChange={(e) => actions.setValue(e.target.value)}
      />
    );
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
  columns: Column[];
  template: string;
}) {
  const { row, index, selected, activeCol, editing, actions, columns } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`rv-row${selected ? ' rv-row-selected' : ''}${editing ? ' rv-row-editing' : ''}`}
      data-testid="review-row"
      style={{ gridTemplateColumns: props.template, transform: `translateY(${props.start}px)`, height: ROW_HEIGHT }}
    >
      {columns.map((col, c) => {
        const isEditing = !!editing && col.edit === editing.field;
        return (
          <div
            key={col.id}
            role="gridcell"
            className={`rv-td${activeCol === c ? ' rv-active' : ''}${col.edit ? ' rv-editable' : ''}${isEditing ? ' rv-td-editing' : ''}${col.pinned ? ' rv-pin' : ''}`}
            style={col.pinned ? { left: pinOffset(columns, c) } : undefined}
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
              <Editor editing={editing} row={row} options={props.options} actions={actions} header={col.header} />
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
  /** The columns shown (the chooser's choice), in order. */
  columns: Column[];
}) {
  const { rows, selection, columns } = props;
  const template = useMemo(() => columns.map((c) => `${c.width}px`).join(' '), [columns]);
  const width = useMemo(() => columns.reduce((sum, c) => sum + c.width, 0), [columns]);
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const lastClicked = useRef<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const isSelected = (id: string) => selection.allMatching || selection.ids.has(id);

  const startEdit = (rowIndex: number, col: number) => {
    const row = rows[rowIndex];
    const field = columns[col]?.edit;
    if (!row || !field || row.status === 'PENDING') return;
    setActive({ row: rowIndex, col });
    if (field === 'categories') setEditing({ id: row.id, field, value: categoriesOf(row) });
    else if (field === 'keywords') setEditing({ id: row.id, field, value: [...row.keywords] });
    else if (field === 'features') setEditing({ id: row.id, field, value: row.features.join(', ') });
    else if (isPlaceField(field)) setEditing({ id: row.id, field, value: row[field] ?? '' });
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
      } else if (e.key === 'Enter' && editing.field !== 'description' && editing.field !== 'keywords' && !e.shiftKey) {
        // (In the keywords' chip editor Enter adds what was typed, as its help says; Ctrl/Cmd+S saves.)
        e.preventDefault();
        void save();
      }
      return;
    }
    const move = (row: number, col: number) => {
      const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(columns.length - 1, col)) };
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
        <div className="rv-head" role="row" style={{ gridTemplateColumns: template, width }}>
          {columns.map((col, c) => {
            const sorted = col.sort && props.sort === col.sort;
            return (
              <div
                key={col.id}
                role="columnheader"
                className={`rv-th${col.pinned ? ' rv-pin' : ''}`}
                style={col.pinned ? { left: pinOffset(columns, c) } : undefined}
                aria-sort={sorted ? (props.descending ? 'descending' : 'ascending') : undefined}
              >
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
        <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
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
                columns={columns}
                template={template}
              />
            );
          })}
        </div>
        {rows.length === 0 && props.total === 0 && <p className="muted rv-empty">No file sets match.</p>}
      </div>
    </div>
  );
}
