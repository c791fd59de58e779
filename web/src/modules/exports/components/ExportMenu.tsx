import { EXPORT_CHOICES } from '../export-formats';
import { ExportSelect } from './ExportSelect';
import { useProjectExport } from '../hooks/use-project-export';
import '../exports.css';

/** The dashboard card's Export dropdown (SPEC §2: Standard CSV, Pond5 CSV; plus the agency formats and the metadata ZIP). */
export function ExportMenu({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { start, busy, modal } = useProjectExport(projectId, projectName);
  return (
    <>
      <ExportSelect
        className="button button-small"
        label={`Export ${projectName}`}
        placeholder={busy ? 'Exporting…' : 'Export ▾'}
        choices={EXPORT_CHOICES}
        busy={busy}
        start={start}
      />
      {modal}
    </>
  );
}
