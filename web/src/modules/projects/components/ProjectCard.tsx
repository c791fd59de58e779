import { Link } from 'react-router';
import { formatDate } from '../../../ui/format';
import { RestoreIcon, TrashIcon } from '../../../ui/icons';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { continueSetupPath, needsSetup, statusMeaning, UPLOAD_INCOMPLETE } from '../project-status';
import '../projects.css';
import '../project-cards.css';

export interface ProjectCardData {
  id: string;
  name: string;
  description?: string | null;
  createdAt: string;
  status: string;
  fileSetCount: number;
  /** What the last card still has to send, and the sets still missing a file. */
  uploadState?: { filesToSend: number; setsToSend: string[]; incompleteSets: number } | null;
  progress?: { failedJobs: number } | null;
}

interface Props {
  project: ProjectCardData;
  inTrash: boolean;
  onTrash(id: string): void;
  onRestore(id: string): void;
  onDelete(id: string): void;
}

/** A dashboard card: name, creation date, description and the actions of its view (SPEC §2). */
export function ProjectCard({ project, inTrash, onTrash, onRestore, onDelete }: Props) {
  const toSend = project.uploadState?.filesToSend ?? 0;
  // An upload cut short is not "Uploaded": the card still has files to send.
  const status = toSend > 0 ? UPLOAD_INCOMPLETE(project.uploadState!.setsToSend.length) : statusMeaning(project.status);
  const incomplete = project.uploadState?.incompleteSets ?? 0;
  const failed = project.progress?.failedJobs ?? 0;
  return (
    <article className="card project-card" data-testid="project-card">
      <header>
        <h3>{project.name}</h3>
        <span className={`status-badge status-${toSend > 0 ? 'upload-incomplete' : project.status}`} data-testid="card-status">
          {status.label}
        </span>
      </header>
      {status.meaning && (
        <p className="status-meaning small" data-testid="card-status-meaning">
          {status.meaning}
        </p>
      )}
      <p className="muted small">
        {formatDate(project.createdAt)} · {project.fileSetCount} file set{project.fileSetCount === 1 ? '' : 's'}
        {incomplete > 0 && (
          <span className="card-count card-count-incomplete" data-testid="card-incomplete">
            {' '}
            · {incomplete} incomplete
          </span>
        )}
        {failed > 0 && (
          <span className="card-count card-count-failed" data-testid="card-failed">
            {' '}
            · {failed} failed
          </span>
        )}
      </p>
      <p className="description">{project.description || <span className="muted">No description</span>}</p>
      <footer className="card-actions">
        <Link to={`/project/${project.id}`} className="button button-small">
          View
        </Link>
        {!inTrash && project.fileSetCount > 0 && (
          <Link to={`/project/${project.id}/review`} className="button button-small" title="Every set in one grid, with bulk actions and keyword rules">
            Grid
          </Link>
        )}
        {!inTrash && (needsSetup(project.status) || toSend > 0) && (
          <Link to={continueSetupPath(project.id)} className="button button-small button-primary">
            Continue setup
          </Link>
        )}
        {inTrash ? (
          <>
            <button type="button" className="button button-small" onClick={() => onRestore(project.id)}>
              <RestoreIcon /> Restore
            </button>
            <button type="button" className="button button-small button-danger" onClick={() => onDelete(project.id)}>
              <TrashIcon /> Delete
            </button>
          </>
        ) : (
          <>
            <ExportMenu projectId={project.id} projectName={project.name} />
            <button
              type="button"
              className="button button-small button-danger"
              aria-label={`Move ${project.name} to trash`}
              onClick={() => onTrash(project.id)}
            >
              <TrashIcon /> Trash
            </button>
          </>
        )}
      </footer>
    </article>
  );
}
