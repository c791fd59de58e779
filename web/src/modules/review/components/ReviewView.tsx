import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { rest } from '../../../app/rest';
import { serverMessage } from '../../../app/graphql-errors';
import type { BulkResultFieldsFragment, ReviewFilterInput, ReviewSelectionInput, ReviewSort, ReviewStatus } from '../../../gql/graphql';
import { useAgencyFindings } from '../../project-detail/hooks/use-agency-findings';
import { ReviewContextQuery, UndoMutation } from '../graphql/review.graphql';
import { useReviewSets, type ReviewRow } from '../hooks/use-review-sets';
import { BulkBar } from './BulkBar';
import { ReviewGrid, type EditableField, type GridSelection } from './ReviewGrid';

type AgencyFilter = '' | 'any' | 'Adobe Stock' | 'Shutterstock' | 'none';

/** /project/:id/review: every set of a project in one grid, with filters, inline edits and bulk actions. */
export function ReviewView({ projectId }: { projectId: string }) {
  const context = useQuery(ReviewContextQuery, { variables: { projectId } });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [city, setCity] = useState('');
  const [shotType, setShotType] = useState('');
  const [agency, setAgency] = useState<AgencyFilter>('');
  const [sort, setSort] = useState<ReviewSort>('POSITION');
  const [descending, setDescending] = useState(false);
  const [selection, setSelection] = useState<GridSelection>({ ids: new Set(), allMatching: false });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [undo] = useMutation(UndoMutation);

  const debouncedSearch = useDebouncedValue(search, 300);
  const debouncedCity = useDebouncedValue(city, 300);
  const filter = useMemo<ReviewFilterInput>(
    () => ({ search: debouncedSearch || null, status: status || null, city: debouncedCity || null, shotType: shotType || null }),
    [debouncedSearch, status, debouncedCity, shotType],
  );
  const sets = useReviewSets(projectId, filter, sort, descending);
  const { bySet, refetch: refetchFindings } = useAgencyFindings(projectId, sets.total ?? 0);

  // Agency problems come from the export check of the whole project: filtered on the rows loaded.
  const shown = useMemo(() => {
    if (!agency) return sets.rows;
    return sets.rows.filter((r) => {
      const refusals = bySet.get(r.id) ?? [];
      if (agency === 'none') return refusals.length === 0;
      if (agency === 'any') return refusals.length > 0;
      return refusals.some((x) => x.agency === agency);
    });
  }, [agency, sets.rows, bySet]);

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
    void refetchFindings();
    void context.refetch();
  }, [sets, refetchFindings, context]);

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
      setNotice({ tone: 'success', text: `Undone: ${r.data?.undoProjectEdit.restored ?? 0} sets restored.` });
      afterChange();
    } catch (err) {
      setNotice({ tone: 'error', text: serverMessage(err, 'Could not undo') });
    }
  };

  const onSave = async (row: ReviewRow, field: EditableField, value: string | null): Promise<boolean> => {
    const content =
      field === 'title' ? { title: value ?? '' } : field === 'description' ? { final_description: value ?? '' } : { categories: { adobe_category: value } };
    try {
      await rest('PUT', `/api/filesets/${row.id}/results`, { content });
      sets.patchRow(
        row.id,
        field === 'title'
          ? { title: value, status: 'EDITED' }
          : field === 'description'
            ? { description: value, status: 'EDITED' }
            : { adobeCategory: value, status: 'EDITED' },
      );
      void refetchFindings();
      setNotice({ tone: 'success', text: `Saved ${row.baseName}.` });
      return true;
    } catch (err) {
      setNotice({ tone: 'error', text: `${row.baseName}: ${(err as Error).message}` });
      return false;
    }
  };

  if (context.error) return <Banner tone="error">The project could not be loaded. It may have been deleted, or it is not yours.</Banner>;
  if (!context.data) return <Loading />;
  const { project, categoryOptions, shotTypeVocabulary, projectEditHistory } = context.data;
  const lastEdit = projectEditHistory.find((e) => !e.undoneAt);

  return (
    <section className="rv-page">
      <header className="rv-header">
        <div>
          <Link to={`/project/${projectId}`} className="muted">
            ← {project.name}
          </Link>
          <h1>Review</h1>
        </div>
        <p className="muted" aria-live="polite">
          {sets.total == null ? 'Loading…' : `${sets.total} sets${agency ? `, ${shown.length} of ${sets.rows.length} loaded shown` : ''}`}
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
        <select aria-label="Agency problems" value={agency} onChange={(e) => setAgency(e.target.value as AgencyFilter)}>
          <option value="">Any agency state</option>
          <option value="any">Refused by an agency</option>
          <option value="Adobe Stock">Refused by Adobe Stock</option>
          <option value="Shutterstock">Refused by Shutterstock</option>
          <option value="none">Accepted by both</option>
        </select>
        <button
          type="button"
          className="button button-small"
          disabled={!lastEdit}
          onClick={() => void onUndo()}
          title={lastEdit ? `Undo ${lastEdit.action} (${lastEdit.changedCount} sets)` : 'Nothing to undo'}
        >
          Undo{lastEdit ? ` ${lastEdit.action}` : ''}
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
      <ReviewGrid
        rows={shown}
        total={sets.total}
        hasMore={sets.hasMore}
        loadMore={sets.loadMore}
        sort={sort}
        descending={descending}
        onSort={onSort}
        selection={selection}
        onSelection={setSelection}
        findings={bySet}
        adobeCategories={categoryOptions.adobe}
        onSave={onSave}
      />
      <p className="muted rv-help">Arrows move, Enter edits, Escape cancels, Ctrl/Cmd+S saves, Space selects (Shift for a range).</p>
    </section>
  );
}
