import { EXPORT_CHOICES, exportChoice } from '../export-formats';
import { useProjectExport } from '../hooks/use-project-export';
import '../exports.css';

/** The dashboard card's Export dropdown (SPEC §2: Standard CSV, Pond5 CSV; plus the agency formats and the metadata ZIP). */
export function ExportMenu({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { start, busy, modal } = useProjectExport(projectId, projectName);
  return (
    <>
      <select
        className="button button-small"
        aria-label={`Export ${projectName}`}
        value=""
        disabled={busy}
        onChange={(e) => {
          const choice = exportChoice(e.target.value);
          e.target.value = '';
          if (choice) start(choice);
        }}
      >
        <option value="">{busy ? 'Exporting…' : 'Export ▾'}</option>
        {EXPORT_CHOICES.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      {modal}
    </>
  );
}
