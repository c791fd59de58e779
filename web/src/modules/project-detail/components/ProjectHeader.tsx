import { useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { statusMeaning } from '../../projects/project-status';

interface Props {
  name: string;
  fileSetCount: number;
  status: string;
  hasUnsavedEdits: boolean;
  saving: boolean;
  onSave(): void;
  /** The Export CSV / Export Pond5 buttons. */
  exportButtons: ReactNode;
  /** What the status means and the way forward (ProjectSetupActions). */
  statusArea?: ReactNode;
}

/** SPEC §2 Project detail header: name, file-set count, status badge, back button, Save Changes and exports. */
export function ProjectHeader({ name, fileSetCount, status, hasUnsavedEdits, saving, onSave, exportButtons, statusArea }: Props) {
  const navigate = useNavigate();
  return (
    <header className="pd-header card">
      <div className="pd-header-title">
        <button type="button" className="button button-small pd-back" onClick={() => navigate('/dashboard')} aria-label="Back to Dashboard">
          ← Back
        </button>
        <div className="pd-header-text">
          <h1>{name}</h1>
          <p className="muted small">
            <span data-testid="file-set-count">
              {fileSetCount} file set{fileSetCount === 1 ? '' : 's'}
            </span>
            <span className={`status-badge status-${status}`} data-testid="project-status">
              {statusMeaning(status).label}
            </span>
          </p>
        </div>
      </div>
      <div className="actions pd-header-actions">
        {hasUnsavedEdits && (
          <button type="button" className="button button-primary" onClick={onSave} disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        )}
        {exportButtons}
      </div>
      {statusArea && <div className="pd-status-area">{statusArea}</div>}
    </header>
  );
}
