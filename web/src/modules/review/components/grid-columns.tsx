/**
 * The review grid's columns (module-level, so rows memoise against stable definitions) and which
 * of them a user shows: a column chooser remembered in this browser; the file name is pinned.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FilmIcon } from '../../../ui/icons';
import type { ReviewSort } from '../../../gql/graphql';
import { shotTypeLabel } from '../../project-detail/components/ShotTypeChips';
import type { ReviewRow } from '../hooks/use-review-sets';

/** The place fields (issue 32), saved through the editor's place mutation (updateResultPlace). */
export type PlaceField = 'city' | 'region' | 'country' | 'placeLine' | 'features';

/** The fields edited in place, and what a save sends (REST PUT / updateResultPlace keep every field left out). */
export type EditableField = 'title' | 'description' | 'categories' | 'keywords' | PlaceField;

export const PLACE_FIELDS: readonly PlaceField[] = ['city', 'region', 'country', 'placeLine', 'features'];
export const isPlaceField = (f: EditableField): f is PlaceField => (PLACE_FIELDS as readonly string[]).includes(f);

/** The editor's input limits (PlaceFieldsEditor; the server checks the same, place.types.ts). */
export const PLACE_MAX_LENGTH: Record<PlaceField, number | undefined> = { city: 200, region: 200, country: 200, placeLine: 300, features: undefined };

export const ROW_HEIGHT = 64;
const STATUS_LABEL: Record<string, string> = { PENDING: 'Pending', AI: 'AI', EDITED: 'Edited' };
const AGENCIES = [
  { format: 'ADOBE', name: 'Adobe Stock', short: 'Adobe' },
  { format: 'SHUTTERSTOCK', name: 'Shutterstock', short: 'SStk' },
  { format: 'POND5', name: 'Pond5', short: 'Pond5' },
] as const;

export interface Column {
  id: string;
  header: string;
  width: number;
  /** Server-side sort (every shown column sorts in PostgreSQL over all sets, not over the rows loaded). */
  sort?: ReviewSort;
  edit?: EditableField;
  /** Pinned at the left while the grid scrolls sideways (the select box, thumbnail and file name). */
  pinned?: boolean;
  /** Always shown (the chooser cannot hide it). */
  fixed?: boolean;
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
export const COLUMNS: Column[] = [
  { id: 'select', header: 'Select', width: 44, pinned: true, fixed: true },
  { id: 'thumb', header: 'Picture', width: 76, pinned: true, render: (r) => <Thumb uri={r.thumbnailUri} /> },
  {
    id: 'filename',
    header: 'File',
    width: 150,
    pinned: true,
    fixed: true,
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
    width: 260,
    sort: 'KEYWORD_COUNT',
    edit: 'keywords',
    // Every keyword (the cell clamps to its height; the tooltip and the editor show them whole).
    render: (r) => (
      <span className="rv-clamp rv-keywords" title={r.keywords.join(', ')}>
        <strong>{r.keywordCount}</strong> {r.keywords.join(', ')}
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
  { id: 'city', header: 'City', width: 130, sort: 'CITY', edit: 'city', render: (r) => r.city ?? dash },
  { id: 'region', header: 'Region', width: 130, edit: 'region', render: (r) => r.region ?? dash },
  { id: 'country', header: 'Country', width: 130, sort: 'COUNTRY', edit: 'country', render: (r) => r.country ?? dash },
  { id: 'placeLine', header: 'Place line', width: 200, edit: 'placeLine', render: (r) => <span className="rv-clamp">{r.placeLine ?? dash}</span> },
  {
    id: 'features',
    header: 'Named features',
    width: 170,
    edit: 'features',
    render: (r) => <span className="rv-clamp">{r.features.length ? r.features.join(', ') : dash}</span>,
  },
  {
    id: 'shots',
    header: 'Shot types',
    width: 140,
    sort: 'SHOT_TYPES',
    render: (r) => <span className="rv-clamp">{r.shotTypes.map(shotTypeLabel).join(', ')}</span>,
  },
  { id: 'agencies', header: 'Agencies', width: 150, render: (r) => <AgencyBadges row={r} /> },
];

const STORAGE_KEY = 'shotlog.review.hiddenColumns';
/** Every column shows at first; wider than a laptop, the grid scrolls sideways under the pinned file name. */
const HIDDEN_BY_DEFAULT: string[] = [];

/** The columns the user shows, remembered in this browser. */
export function useVisibleColumns() {
  const [hidden, setHidden] = useState<Set<string>>(() => {
    try {
      const stored = localStorage.getItem(STORAGE_KEY);
      return new Set(stored ? (JSON.parse(stored) as string[]) : HIDDEN_BY_DEFAULT);
    } catch {
      return new Set(HIDDEN_BY_DEFAULT);
    }
  });
  const toggle = (id: string) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
      } catch {
        // Private mode: the choice lasts for this page.
      }
      return next;
    });
  const columns = COLUMNS.filter((c) => c.fixed || !hidden.has(c.id));
  return { columns, hidden, toggle };
}

/** The column chooser: a menu of checkboxes, one per column that may be hidden. */
export function ColumnChooser({ hidden, onToggle }: { hidden: Set<string>; onToggle(id: string): void }) {
  return (
    <details className="rv-columns">
      <summary className="button button-small">Columns</summary>
      <div className="rv-columns-menu" role="group" aria-label="Columns shown">
        {COLUMNS.filter((c) => !c.fixed).map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={!hidden.has(c.id)} onChange={() => onToggle(c.id)} /> {c.header}
          </label>
        ))}
      </div>
    </details>
  );
}
