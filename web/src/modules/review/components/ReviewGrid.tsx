import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { flexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FilmIcon } from '../../../ui/icons';
import type { ReviewSort } from '../../../gql/graphql';
import type { AgencyRefusal } from '../../project-detail/hooks/use-agency-findings';
import type { ReviewRow } from '../hooks/use-review-sets';

/** The fields edited in place, and what a save sends (REST PUT keeps every field it leaves out). */
export type EditableField = 'title' | 'description' | 'adobeCategory';

export interface GridSelection {
  ids: Set<string>;
  /** Every set matching the filter, loaded or not. */
  allMatching: boolean;
}

const ROW_HEIGHT = 64;
/** Core only: sorting and filtering run in PostgreSQL over every set, not on the rows loaded. */
const features = tableFeatures({});
const STATUS_LABEL: Record<string, string> = { PENDING: 'Pending', AI: 'AI', EDITED: 'Edited' };

interface ColumnMeta {
  width: number;
  sort?: ReviewSort;
  edit?: EditableField;
}

function Thumb({ uri }: { uri: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="rv-thumb">{uri && !failed ? <img src={uri} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} /> : <FilmIcon />}</span>
  );
}

function AgencyBadges({ refusals, hasResult }: { refusals: AgencyRefusal[] | undefined; hasResult: boolean }) {
  const agencies = ['Adobe Stock', 'Shutterstock'];
  return (
    <span className="rv-badges">
      {agencies.map((a) => {
        const r = refusals?.find((x) => x.agency === a);
        const short = a === 'Adobe Stock' ? 'Adobe' : 'SStk';
        return (
          <span
            key={a}
            className={`rv-badge ${r ? 'rv-badge-bad' : hasResult ? 'rv-badge-good' : ''}`}
            title={r ? `${a} would refuse: ${r.problems.join('; ')}` : `${a}: OK`}
          >
            {r ? '✕' : '✓'} {short}
          </span>
        );
      })}
    </span>
  );
}

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
  findings: Map<string, AgencyRefusal[]>;
  adobeCategories: string[];
  onSave: (row: ReviewRow, field: EditableField, value: string | null) => Promise<boolean>;
}) {
  const { rows, selection, onSelection, findings } = props;
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 1 });
  const [editing, setEditing] = useState<{ id: string; field: EditableField; value: string } | null>(null);
  const lastClicked = useRef<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const isSelected = (id: string) => selection.allMatching || selection.ids.has(id);

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
    onSelection({ ids, allMatching: false });
  };

  const columns = useMemo<ColumnDef<typeof features, ReviewRow>[]>(
    () => [
      { id: 'select', header: 'Select', meta: { width: 44 } },
      { id: 'thumb', header: '', meta: { width: 76 }, cell: (c) => <Thumb uri={c.row.original.thumbnailUri} /> },
      { id: 'filename', header: 'File', meta: { width: 150, sort: 'FILENAME' }, cell: (c) => <span className="rv-mono">{c.row.original.filename}</span> },
      {
        id: 'status',
        header: 'Status',
        meta: { width: 84, sort: 'STATUS' },
        cell: (c) => <span className={`rv-status rv-status-${c.row.original.status.toLowerCase()}`}>{STATUS_LABEL[c.row.original.status]}</span>,
      },
      {
        id: 'title',
        header: 'Title',
        meta: { width: 240, sort: 'TITLE', edit: 'title' },
        cell: (c) => c.row.original.title ?? <span className="muted">—</span>,
      },
      {
        id: 'description',
        header: 'Description',
        meta: { width: 280, edit: 'description' },
        cell: (c) => <span className="rv-clamp">{c.row.original.description ?? ''}</span>,
      },
      {
        id: 'keywords',
        header: 'Keywords',
        meta: { width: 220, sort: 'KEYWORD_COUNT' },
        cell: (c) => (
          <span className="rv-clamp">
            <strong>{c.row.original.keywordCount}</strong> {c.row.original.keywords.slice(0, 5).join(', ')}
            {c.row.original.keywordCount > 5 ? ', …' : ''}
          </span>
        ),
      },
      {
        id: 'categories',
        header: 'Categories',
        meta: { width: 170, edit: 'adobeCategory' },
        cell: (c) => (
          <span className="rv-clamp">
            {[c.row.original.adobeCategory, c.row.original.shutterstockACategory, c.row.original.shutterstockBCategory].filter(Boolean).join(' · ') || (
              <span className="muted">—</span>
            )}
          </span>
        ),
      },
      {
        id: 'place',
        header: 'City / country',
        meta: { width: 150, sort: 'CITY' },
        cell: (c) => [c.row.original.city, c.row.original.country].filter(Boolean).join(', '),
      },
      { id: 'shots', header: 'Shot types', meta: { width: 140 }, cell: (c) => <span className="rv-clamp">{c.row.original.shotTypes.join(', ')}</span> },
      {
        id: 'agencies',
        header: 'Agencies',
        meta: { width: 130 },
        cell: (c) => <AgencyBadges refusals={findings.get(c.row.original.id)} hasResult={c.row.original.status !== 'PENDING'} />,
      },
    ],
    [findings],
  );

  const table = useTable({ features, data: rows, columns, getRowId: (r) => r.id });
  const leafColumns = table.getAllLeafColumns();
  const tableRows = table.getRowModel().rows;
  const metas = leafColumns.map((c) => c.columnDef.meta as ColumnMeta);
  const template = metas.map((m) => `${m.width}px`).join(' ');
  const width = metas.reduce((s, m) => s + m.width, 0);

  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;
  const { hasMore, loadMore } = props;
  useEffect(() => {
    if (hasMore && rows.length > 0 && lastIndex >= rows.length - 25) loadMore();
  }, [lastIndex, rows.length, hasMore, loadMore]);

  const startEdit = (rowIndex: number, col: number) => {
    const row = rows[rowIndex];
    const field = metas[col]?.edit;
    if (!row || !field || row.status === 'PENDING') return;
    const value = field === 'title' ? (row.title ?? '') : field === 'description' ? (row.description ?? '') : (row.adobeCategory ?? '');
    setEditing({ id: row.id, field, value });
  };

  const save = async () => {
    if (!editing) return;
    const row = rows.find((r) => r.id === editing.id);
    if (!row) return setEditing(null);
    const ok = await props.onSave(row, editing.field, editing.field === 'adobeCategory' ? editing.value || null : editing.value);
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
      const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(metas.length - 1, col)) };
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

  const headerCheck = (
    <input
      type="checkbox"
      aria-label={`Select all ${props.total ?? ''} matching sets`}
      checked={selection.allMatching}
      onChange={(e) => onSelection({ ids: new Set(), allMatching: e.target.checked })}
    />
  );

  const cellFor = (rowIndex: number, colIndex: number, row: ReviewRow) => {
    const col = leafColumns[colIndex]!;
    const meta = metas[colIndex]!;
    if (col.id === 'select')
      return (
        <input
          type="checkbox"
          aria-label={`Select ${row.baseName}`}
          checked={isSelected(row.id)}
          onChange={() => undefined}
          onClick={(e: MouseEvent<HTMLInputElement>) => {
            e.stopPropagation();
            toggle(rowIndex, e.shiftKey);
          }}
        />
      );
    if (editing && editing.id === row.id && meta.edit === editing.field) {
      const common = {
        autoFocus: true,
        'aria-label': `Edit ${col.columnDef.header as string} of ${row.baseName}`,
        onBlur: () => undefined,
      };
      if (editing.field === 'adobeCategory')
        return (
          <select {...common} className="rv-input" value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })}>
            <option value="">No category</option>
            {props.adobeCategories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        );
      if (editing.field === 'description')
        return <textarea {...common} className="rv-input" value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} />;
      return <input {...common} className="rv-input" value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} />;
    }
    const cell = tableRows[rowIndex]?.getAllCells()[colIndex];
    return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
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
          {leafColumns.map((col, i) => {
            const meta = metas[i]!;
            const sorted = meta.sort && props.sort === meta.sort;
            return (
              <div key={col.id} role="columnheader" className="rv-th" aria-sort={sorted ? (props.descending ? 'descending' : 'ascending') : undefined}>
                {col.id === 'select' ? (
                  headerCheck
                ) : meta.sort ? (
                  <button type="button" className="rv-sort" onClick={() => props.onSort(meta.sort!)}>
                    {col.columnDef.header as string} {sorted ? (props.descending ? '▼' : '▲') : ''}
                  </button>
                ) : (
                  (col.columnDef.header as string)
                )}
              </div>
            );
          })}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}>
          {items.map((v) => {
            const row = rows[v.index]!;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={isSelected(row.id)}
                className={`rv-row${isSelected(row.id) ? ' rv-row-selected' : ''}`}
                data-testid="review-row"
                style={{ gridTemplateColumns: template, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
              >
                {metas.map((meta, c) => (
                  <div
                    key={c}
                    role="gridcell"
                    className={`rv-td${active.row === v.index && active.col === c ? ' rv-active' : ''}${meta.edit ? ' rv-editable' : ''}`}
                    onClick={() => setActive({ row: v.index, col: c })}
                    onDoubleClick={() => startEdit(v.index, c)}
                  >
                    {cellFor(v.index, c, row)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {rows.length === 0 && props.total === 0 && <p className="muted rv-empty">No file sets match.</p>}
      </div>
    </div>
  );
}
