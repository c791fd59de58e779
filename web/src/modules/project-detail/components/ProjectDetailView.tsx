import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../ui/Banner';
import { setDisplayStatus, type ProjectProgress } from '../progress-rules';
import { hasContent, type ProcessedResult } from '../result-shape';
import { setTitle, type DetailFileSet, type DetailProject } from '../types';
import { draftToResult, useResultDrafts } from '../hooks/use-result-drafts';
import { copyText } from '../copy-text';
import { saveRefusalOf } from '../save-refusal';
import { useUnsavedEditsGuard } from '../hooks/use-unsaved-edits-guard';
import { useAgencyFindings } from '../hooks/use-agency-findings';
import { ProjectHeader } from './ProjectHeader';
import { ExportButtons } from '../../exports/components/ExportButtons';
import { FileSetPager } from './FileSetPager';
import { FileSetPreview } from './FileSetPreview';
import { FileSetList, type FileSetListItem } from './FileSetList';
import { ProcessingPanel } from './ProcessingPanel';
import { ResultEditor } from './ResultEditor';
import { PlaceFieldsEditor, pointOf } from '../../places/PlaceFieldsEditor';
import { SetStatusDot } from './SetStatusDot';
import type { CategoryOptions } from './CategorySelectors';
import { ProjectSetupActions } from './ProjectSetupActions';
import { SetStateNotice } from './SetStateNotice';
import { CreditCostStep } from '../../wizard/components/CreditCostStep';
import type { RunScope } from '../../wizard/start-processing';

// The flight map and chart (Leaflet) load only when a set with telemetry is shown.
const FlightPanel = lazy(() => import('../../tracks/components/FlightPanel'));
const hasSrt = (set: DetailFileSet) => set.files.some((f) => /srt$/i.test(f.fileTypeInfo));

// The options arrive with the project in one query (categoryOptions): no copy of the lists here.
const NO_CATEGORY_OPTIONS = { adobe: [], shutterstock: [] };

interface Props {
  project: DetailProject;
  progress: ProjectProgress | null;
  /** The server's lists (null only before the project query answered). */
  categoryOptions: CategoryOptions | null;
  live: boolean;
  saveResult(fileSetId: string, result: ProcessedResult, expectedVersion: number | null): Promise<void>;
  resetResult(fileSetId: string): Promise<void>;
  /** Reload the project (after a run started, a file was replaced or a set removed). */
  onChanged(): void;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** SPEC §2 Project detail, once the project is loaded. */
export function ProjectDetailView({ project, progress, categoryOptions, live, saveResult, resetResult, onChanged }: Props) {
  const sets = project.fileSets;
  // The selection IS the set's id in the address (?set=<file set id>), never a position: the
  // pager, the list, the grid's rows, the export check's links and Back/Forward all land on the
  // same set whatever order the list arrives in; an unknown or missing id shows the first set.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedSet = searchParams.get('set');
  const linkedIndex = linkedSet ? sets.findIndex((s) => s.id === linkedSet) : -1;
  const select = useCallback(
    (i: number) => {
      const id = sets[i]?.id;
      if (!id || id === linkedSet) return;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('set', id);
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [sets, linkedSet, setSearchParams],
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  /** The cost panel of Start processing or Retry failed sets, when open. */
  const [run, setRun] = useState<RunScope | null>(null);
  const nameOf = useCallback((fileSetId: string) => sets.find((s) => s.id === fileSetId)?.baseName ?? 'File Set', [sets]);
  // A save refused because a bulk action changed the set since: the page reloads its newer values.
  const drafts = useResultDrafts({ save: saveResult, reset: resetResult, nameOf, refusalOf: saveRefusalOf, onConflict: onChanged });
  const findings = useAgencyFindings(project.id, sets.filter((s) => hasContent(s.result)).length);
  const index = Math.max(linkedIndex, 0);
  const current = sets[index];

  const jobsBySet = useMemo(() => new Map((progress?.jobs ?? []).map((j) => [j.fileSetId, j])), [progress]);
  const items = useMemo<FileSetListItem[]>(
    () =>
      sets.map((set, i) => {
        const draft = drafts.draftFor(set.id, set.result, set.resultVersion);
        const title = draft?.result.content.title.trim() || setTitle(set, i);
        return {
          set,
          title,
          ...(!set.complete && !set.processingStatus && !jobsBySet.get(set.id)
            ? { status: 'incomplete' as const, percent: null }
            : setDisplayStatus(jobsBySet.get(set.id), set.processingStatus, hasContent(set.result))),
          edited: drafts.editedIds.includes(set.id),
          // As saved: a set not processed yet is already marked so in the list.
          agencyRefusals: hasContent(set.result) ? (findings.bySet.get(set.id) ?? []) : [],
        };
      }),
    [sets, drafts, jobsBySet, findings.bySet],
  );
  const labelOf = useCallback(
    (fileSetId: string) => {
      const i = sets.findIndex((s) => s.id === fileSetId);
      return i < 0 ? 'File Set' : `${items[i].title} · ${sets[i].baseName}`;
    },
    [sets, items],
  );

  const save = async (): Promise<boolean> => {
    const outcome = await drafts.saveAll();
    if (outcome.ok) {
      if (outcome.saved > 0) {
        setNotice({ tone: 'success', text: 'All changes saved successfully!' });
        void findings.refetch();
      }
      return true;
    }
    setNotice({ tone: 'error', text: `Error saving changes: ${outcome.message}` });
    // Show the refused set, with its field marked.
    const failed = sets.findIndex((s) => s.id === outcome.fileSetId);
    if (failed >= 0) select(failed);
    return false;
  };
  useUnsavedEditsGuard(drafts.hasUnsavedEdits, () => {
    if (drafts.hasUnsavedEdits && !drafts.saving) void save();
  });

  const showPanel = project.status === 'processing' && !!progress;
  // The other sets as saved (not their drafts), for "Copy metadata from another set".
  const copySources = useMemo(
    () =>
      sets.flatMap((s, i) =>
        s.id !== current?.id && s.result && hasContent(s.result) ? [{ id: s.id, label: `${setTitle(s, i)} · ${s.baseName}`, result: s.result }] : [],
      ),
    [sets, current?.id],
  );
  const draft = current ? drafts.draftFor(current.id, current.result, current.resultVersion) : null;
  const currentItem = items[index];

  const onReset = async () => {
    if (!current || !confirm('Reset to original AI-generated content?')) return;
    setBusy(true);
    try {
      await drafts.resetSet(current.id);
      setNotice(null);
      void findings.refetch();
    } catch (err) {
      console.error(err);
      setNotice({ tone: 'error', text: `Failed to reset fileset ${current.baseName}: ${saveRefusalOf(err).reason}` });
    } finally {
      setBusy(false);
    }
  };

  const onCopyJson = async () => {
    if (!current || !draft) return;
    setBusy(true);
    try {
      if (!(await save())) return;
      const json = JSON.stringify({ id: current.id, baseName: current.baseName, ...draftToResult(draft) }, null, 2);
      await copyText(json);
      alert('JSON copied to clipboard!');
    } catch (err) {
      console.error(err);
      alert('Failed to copy JSON');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pd-page stack">
      <ProjectHeader
        name={project.name}
        fileSetCount={sets.length}
        status={project.status}
        hasUnsavedEdits={drafts.hasUnsavedEdits}
        saving={drafts.saving}
        onSave={() => void save()}
        exportButtons={<ExportButtons projectId={project.id} projectName={project.name} />}
        statusArea={<ProjectSetupActions project={project} onRun={setRun} />}
      />
      {run && project.status !== 'processing' && (
        <div className="card run-panel">
          <CreditCostStep
            key={run}
            projectId={project.id}
            scope={run}
            backLabel="Cancel"
            onBack={() => setRun(null)}
            onStarted={() => {
              setRun(null);
              onChanged();
            }}
          />
        </div>
      )}
      {notice && (
        <Banner tone={notice.tone} onClose={() => setNotice(null)}>
          <span data-testid="save-notice">{notice.text}</span>
        </Banner>
      )}

      <div className="pd-layout">
        <div className="pd-main stack">
          {showPanel && <ProcessingPanel projectId={project.id} progress={progress} setLabel={labelOf} live={live} />}
          {current ? (
            <>
              <FileSetPager index={index} count={sets.length} onSelect={select} />
              <div className="pd-workspace">
                <div className="pd-preview-column">
                  <FileSetPreview key={current.id} set={current} title={currentItem.title} />
                </div>
                <div className="pd-editor-column">
                  {draft && hasContent(draft.result) && current.resultNote && (
                    <p className="pd-result-note small" role="note" data-testid="result-note">
                      {current.resultNote}
                    </p>
                  )}
                  {draft && hasContent(draft.result) ? (
                    <ResultEditor
                      key={current.id}
                      draft={draft}
                      shotTypeLabels={current.shotTypeLabels}
                      categoryOptions={categoryOptions ?? NO_CATEGORY_OPTIONS}
                      edited={currentItem.edited}
                      refusal={drafts.refusalFor(current.id)}
                      busy={busy || drafts.saving}
                      onChange={(change) => drafts.edit(current.id, draft, change)}
                      onReset={() => void onReset()}
                      onCopyJson={() => void onCopyJson()}
                      copySources={copySources}
                      placeFields={
                        current.place && <PlaceFieldsEditor key={current.id} fileSetId={current.id} place={current.place} point={pointOf(current)} beside />
                      }
                    />
                  ) : showPanel ? (
                    <div className="pd-placeholder card" data-testid="set-in-progress">
                      <SetStatusDot status={currentItem.status} percent={currentItem.percent} />
                      <p className="muted">
                        {currentItem.status === 'completed'
                          ? 'Loading the generated content...'
                          : jobsBySet.get(current.id)?.stageMessage || current.processingStage || 'Waiting for its turn in the queue.'}
                      </p>
                    </div>
                  ) : project.status === 'processing' ? (
                    <div className="pd-placeholder card" data-testid="content-placeholder">
                      <p>Processing in progress... AI-generated content will appear here when processing is complete.</p>
                    </div>
                  ) : (
                    <SetStateNotice key={current.id} set={current} idle={!project.inTrash} onRun={setRun} onChanged={onChanged} />
                  )}
                </div>
              </div>
              {hasSrt(current) && (
                <Suspense fallback={<div className="card muted small">Loading the flight...</div>}>
                  <FlightPanel key={current.id} fileSetId={current.id} projectId={project.id} />
                </Suspense>
              )}
            </>
          ) : (
            <div className="empty card center">
              <p>This project has no file sets yet.</p>
            </div>
          )}
        </div>
        <aside className="pd-sidebar">
          <FileSetList items={items} selectedIndex={index} onSelect={select} />
        </aside>
      </div>
    </section>
  );
}
