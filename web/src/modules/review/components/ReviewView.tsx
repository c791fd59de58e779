import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { rest } from '../../../client/rest';
import { serverMessage } from '../../../client/graphql-errors';
import type { BulkResultFieldsFragment, ReviewAgencyProblem, ReviewFilterInput, ReviewSelectionInput, ReviewSort, ReviewStatus } from '../../../gql/graphql';
import { ReviewContextQuery, UndoMutation } from '../graphql/review.graphql';
import { UpdateResultPlaceMutation } from '../../places/place.graphql';
import { useReviewSets, type ReviewRow } from '../hooks/use-review-sets';
import { BulkBar } from './BulkBar';
import { KeywordRulesPanel } from './KeywordRulesPanel';
import { ReviewCards } from './ReviewCards';
import { ColumnChooser, isPlaceField, useVisibleColumns } from './grid-columns';
import { editLabel } from '../edit-labels';
import { ReviewGrid, type EditableField, type EditValue, type GridSelection } from './ReviewGrid';

/** True while the media query matches (the phone layout). */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setMatches(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return matches;
}

/** /project/:id/review: every set of a project in one grid, with filters, inline edits and bulk actions. */
export function ReviewView({ projectId }: { projectId: string }) {
  const context = useQuery(ReviewContextQuery, { variables: { projectId } });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [city, setCity] = useState('');
  const [shotType, setShotType] = useState('');
  const [agency, setAgency] = useState<ReviewAgencyProblem | ''>('');
  const [sort, setSort] = useState<ReviewSort>('POSITION');
  const [descending, setDescending] = useState(false);
  const [selection, setSelection] = useState<GridSelection>({ ids: new Set(), allMatching: false });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [undo] = useMutation(UndoMutation);
  const [savePlace] = useMutation(UpdateResultPlaceMutation);
  const visible = useVisibleColumns();
  const narrow = useMediaQuery('(max-width: 640px)');
  // ?panel=rules opens the keyword rules beside the grid (the project page links here).
  const [searchParams, setSearchParams] = useSearchParams();
  const showRules = searchParams.get('panel') === 'rules';
  const setShowRules = (on: boolean) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (on) next.set('panel', 'rules');
        else next.delete('panel');
        return next;
      },
      { replace: true },
    );

  const debouncedSearch = useDebouncedValue(search, 300);
  const debouncedCity = useDebouncedValue(city, 300);
  const filter = useMemo<ReviewFilterInput>(
    () => ({
      search: debouncedSearch || null,
      status: status || null,
      city: debouncedCity || null,
      shotType: shotType || null,
      // Filtered on the server over every set (the exports' agency checks), so paging and "all matching" hold.
      agencyProblem: agency || null,
    }),
    [debouncedSearch, status, debouncedCity, shotType, agency],
  );
  const sets = useReviewSets(projectId, filter, sort, descending);
  const categoryOptions = useMemo(
    () => ({ adobe: context.data?.categoryOptions.adobe ?? [], shutterstock: context.data?.categoryOptions.shutterstock ?? [] }),
    [context.data],
  );

  const onSort = (s: ReviewSort) => {
    if (s === sort) setDescending((d) => !d);
    else {
      setSort(s);
      setDescending(false);
    }
  };

  const selectionInput: ReviewSelectionInput = selection.allMatching ? { projectId, allMatching: filter } : { projectId, fileSetIds: [...selection.ids] };
  const selectedCount = selection.allMatching ? (sets.total ?? 0) : selection.ids.size;

  const afterChange = useCallback(() => {
    sets.reload();
    void context.refetch();
  }, [sets, context]);

  const onBulkDone = (r: BulkResultFieldsFragment, label: string) => {
    const refused = r.refused.length
      ? ` Refused ${r.refused.length}: ${r.refused
          .slice(0, 5)
          .map((x) => `${x.baseName} (${x.reason})`)
          .join('; ')}${r.refused.length > 5 ? '; …' : ''}.`
      : '';
    setNotice({ tone: r.refused.length ? 'info' : 'success', text: `${label}: changed ${r.changed} of ${r.matched} sets.${refused}` });
    afterChange();
  };

  const onUndo = async () => {
    try {
      const r = await undo({ variables: { projectId } });
      const u = r.data?.undoProjectEdit;
      const what = lastEdit ? editLabel(lastEdit.action, lastEdit.params, lastEdit.changedCount) : 'the last bulk action';
      const kept = u?.skippedCount
        ? ` ${u.skippedCount === 1 ? 'One set was edited since and kept as it is' : `${u.skippedCount} sets were edited since and kept as they are`}: ${u.skipped.join(', ')}${u.skippedCount > u.skipped.length ? ', …' : ''}.`
        : '';
      setNotice({ tone: u?.skippedCount ? 'info' : 'success', text: `Undone: ${what} (${u?.restored ?? 0} sets restored).${kept}` });
      afterChange();
    } catch (err) {
      setNotice({ tone: 'error', text: serverMessage(err, 'Could not undo') });
    }
  };

  // The per-set editor's save (PUT /api/filesets/:id/results): the same server validation for every field.
  const onSave = async (row: ReviewRow, field: EditableField, value: EditValue): Promise<boolean> => {
    if (isPlaceField(field) && typeof value === 'string') return onSavePlace(row, field, value);
    const content = Array.isArray(value)
      ? { keywords: value }
      : typeof value !== 'string'
        ? { categories: value }
        : field === 'title'
          ? { title: value }
          : { final_description: value };
    try {
      await rest('PUT', `/api/filesets/${row.id}/results`, { content });
      sets.patchRow(
        row.id,
        Array.isArray(value)
          ? { keywords: value, keywordCount: value.length, status: 'EDITED' }
          : typeof value !== 'string'
            ? {
                adobeCategory: value.adobe_category,
                shutterstockACategory: value.shutterstock_a_category,
                shutterstockBCategory: value.shutterstock_b_category,
                status: 'EDITED',
              }
            : field === 'title'
              ? { title: value, status: 'EDITED' }
              : { description: value, status: 'EDITED' },
      );
      // Its agency badges as the server's checks now say.
      void sets.refreshRow(row.id).catch(() => undefined);
      setNotice({ tone: 'success', text: `Saved ${row.baseName}.` });
      return true;
    } catch (err) {
      setNotice({ tone: 'error', text: `${row.baseName}: ${(err as Error).message}` });
      return false;
    }
  };

  // A place field goes through the editor's own place save (updateResultPlace: its validation and
  // limits, the place marked as the user's so a reprocess keeps it); the text is not rewritten here.
  const onSavePlace = async (row: ReviewRow, field: 'city' | 'region' | 'country' | 'placeLine' | 'features', typed: string): Promise<boolean> => {
    const value =
      field === 'features'
        ? typed
            .split(',')
            .map((f) => f.trim())
            .filter((f) => f !== '')
        : typed.trim() || null;
    try {
      const { data } = await savePlace({ variables: { fileSetId: row.id, place: { [field]: value }, rewriteText: false } });
      const m = data?.updateResultPlace.current?.metadata;
      if (m) sets.patchRow(row.id, { city: m.city, region: m.region, country: m.country, placeLine: m.placeLine, features: m.features, status: 'EDITED' });
      void sets.refreshRow(row.id).catch(() => undefined);
      setNotice({ tone: 'success', text: `Saved ${row.baseName}.` });
      return true;
    } catch (err) {
      setNotice({ tone: 'error', text: `${row.baseName}: ${serverMessage(err, 'Could not save the place')}` });
      return false;
    }
  };

  if (context.error) return <Banner tone="error">The project could not be loaded. It may have been deleted, or it is not yours.</Banner>;
  // The grid does not wait for the toolbar's query (names, lists, history): both load at once.
  if (!context.data && sets.total == null && !sets.error) return <Loading />;
  const project = context.data?.project;
  const shotTypeVocabulary = context.data?.shotTypeVocabulary ?? [];
  const projectEditHistory = context.data?.projectEditHistory ?? [];
  const lastEdit = projectEditHistory.find((e) => !e.undoneAt);

  return (
    <section className="rv-page">
      <header className="rv-header">
        <div>
          <Link to={`/project/${projectId}`} className="muted">
            ← {project?.name ?? 'Project'}
          </Link>
          <h1>Review</h1>
        </div>
        <p className="muted" aria-live="polite">
          {sets.total == null ? 'Loading…' : `${sets.total} sets`}
        </p>
      </header>
      <div className="rv-filters" role="search">
        <input
          type="search"
          aria-label="Search"
          placeholder="Search name, title, description, keywords"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as ReviewStatus | '')}>
          <option value="">Any status</option>
          <option value="PENDING">Pending</option>
          <option value="AI">AI</option>
          <option value="EDITED">Edited</option>
        </select>
        <input aria-label="City" placeholder="City" value={city} onChange={(e) => setCity(e.target.value)} />
        <select aria-label="Shot type" value={shotType} onChange={(e) => setShotType(e.target.value)}>
          <option value="">Any shot type</option>
          {shotTypeVocabulary.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <select aria-label="Agency problems" value={agency} onChange={(e) => setAgency(e.target.value as ReviewAgencyProblem | '')}>
          <option value="">Any agency state</option>
          <option value="ANY">Refused by an agency</option>
          <option value="ADOBE_STOCK">Refused by Adobe Stock</option>
          <option value="SHUTTERSTOCK">Refused by Shutterstock</option>
          <option value="POND5">Refused by Pond5</option>
          <option value="NONE">Accepted by all three</option>
        </select>
        <button
          type="button"
          className="button button-small"
          disabled={!lastEdit}
          onClick={() => void onUndo()}
          title={lastEdit ? `Undo: ${editLabel(lastEdit.action, lastEdit.params, lastEdit.changedCount)}` : 'Nothing to undo'}
          data-testid="undo-button"
        >
          {lastEdit ? `Undo: ${editLabel(lastEdit.action, lastEdit.params, lastEdit.changedCount)}` : 'Undo'}
        </button>
        {!narrow && <ColumnChooser hidden={visible.hidden} onToggle={visible.toggle} />}
        <button type="button" className="button button-small" aria-pressed={showRules} onClick={() => setShowRules(!showRules)} data-testid="rules-toggle">
          Keyword rules
        </button>
      </div>
      {selectedCount > 0 && (
        <BulkBar
          selection={selectionInput}
          count={selectedCount}
          adobeCategories={categoryOptions.adobe}
          onDone={onBulkDone}
          onError={(text) => setNotice({ tone: 'error', text })}
        />
      )}
      {notice && (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      {sets.error && <Banner tone="error">{sets.error}</Banner>}
      <div className={`rv-body${showRules ? ' rv-body-with-rules' : ''}`}>
        {narrow ? (
          <ReviewCards rows={sets.rows} total={sets.total} hasMore={sets.hasMore} loadMore={sets.loadMore} selection={selection} onSelection={setSelection} />
        ) : (
          <ReviewGrid
            columns={visible.columns}
            rows={sets.rows}
            total={sets.total}
            hasMore={sets.hasMore}
            loadMore={sets.loadMore}
            sort={sort}
            descending={descending}
            onSort={onSort}
            selection={selection}
            onSelection={setSelection}
            categoryOptions={categoryOptions}
            onSave={onSave}
          />
        )}
        {showRules && <KeywordRulesPanel projectId={projectId} onSaved={afterChange} onClose={() => setShowRules(false)} />}
      </div>
      <p className="muted rv-help" hidden={narrow}>
        Arrows move, Enter edits, Escape cancels, Ctrl/Cmd+S saves, Space selects (Shift for a range).
      </p>
    </section>
  );
}
