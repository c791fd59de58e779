import { useNavigate, useParams } from 'react-router';
import { Loading } from '../ui/Loading';
import { useProjectDetail } from '../modules/project-detail/hooks/use-project-detail';
import { ProjectDetailView } from '../modules/project-detail/components/ProjectDetailView';

/** /project/:id (SPEC §2 Project detail). */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { project, loading, error } = useProjectDetail(id);

  if (error) {
    return (
      <section className="card center narrow pd-error" role="alert">
        <h1>Failed to fetch project</h1>
        <p className="muted">The project could not be loaded. It may have been deleted, or you may not have access to it.</p>
        <button type="button" className="button button-primary" onClick={() => navigate('/dashboard')}>
          Return to Dashboard
        </button>
      </section>
    );
  }
  if (loading || !project) return <Loading />;
  return (
    <ProjectDetailView key={project.id} project={project} progress={null} live={false} saveResult={async () => undefined} resetResult={async () => undefined} />
  );
}
