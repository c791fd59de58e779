import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '../ui/Loading';
import { useProjectDetail } from '../modules/project-detail/hooks/use-project-detail';
import { useProjectProgress } from '../modules/project-detail/hooks/use-project-progress';
import { useResultMutations } from '../modules/project-detail/hooks/use-result-mutations';
import { ProjectDetailView } from '../modules/project-detail/components/ProjectDetailView';
import { jobDisplayStatus } from '../modules/project-detail/progress-rules';
import '../modules/project-detail/project-detail.css';
import { LazyDeliveryPanel } from '../modules/delivery/components/LazyDeliveryPanel';

/** /project/:id (SPEC §2 Project detail). */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { project, categoryOptions, loading, error, refetch } = useProjectDetail(id);
  const reload = useCallback(() => void refetch().catch((err: unknown) => console.error('Failed to reload the project', err)), [refetch]);
  const { progress, live } = useProjectProgress(id, project?.status === 'processing', reload);
  const { saveResult, resetResult } = useResultMutations();

  // A set that finishes mid-run shows its content at once, not only when the whole run ends.
  const fetchedFor = useRef(new Set<string>());
  useEffect(() => {
    if (!progress || !project) return;
    const ready = progress.jobs.filter(
      (j) => jobDisplayStatus(j.status) === 'completed' && !fetchedFor.current.has(j.fileSetId) && !project.fileSets.find((s) => s.id === j.fileSetId)?.result,
    );
    if (ready.length === 0) return;
    for (const j of ready) fetchedFor.current.add(j.fileSetId);
    reload();
  }, [progress, project, reload]);

  if (error) {
    return (
      <section className="card center narrow pd-error" role="alert">
        <h1>Failed to fetch project</h1>
        <p className="muted">The project could not be loaded. It may have been deleted, or it is not yours.</p>
        <button type="button" className="button button-primary" onClick={() => navigate('/dashboard')}>
          Return to Dashboard
        </button>
      </section>
    );
  }
  if (loading || !project) return <Loading />;
  return (
    <>
      <nav className="pd-tabs" aria-label="Project views">
        <span className="pd-tab pd-tab-current" aria-current="page">
          Sets and editor
        </span>
        <Link className="pd-tab" to={`/project/${project.id}/review`}>
          Review grid
        </Link>
        <Link className="pd-tab" to={`/project/${project.id}/review?panel=rules`}>
          Keyword rules
        </Link>
      </nav>
      <ProjectDetailView
        key={project.id}
        project={project}
        progress={progress}
        categoryOptions={categoryOptions}
        live={live}
        saveResult={saveResult}
        resetResult={resetResult}
        onChanged={reload}
      />
      <LazyDeliveryPanel projectId={project.id} processing={project.status === 'processing'} />
    </>
  );
}
