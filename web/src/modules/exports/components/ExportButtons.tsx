import { EXPORT_CHOICES, exportChoice } from '../export-formats';
import { useProjectExport } from '../hooks/use-project-export';
import '../exports.css';

/**
 * The project page's export buttons (SPEC §2: Export CSV and Export Pond5), with the agency
 * formats and the metadata ZIP in a "More exports" menu. Failures alert 'Failed to download CSV' (SPEC §8).
 */
export function ExportButtons({ projectId, projectName }: { projectId: string; projectName?: string }) {
  const { start, busy, modal } = useProjectExport(projectId, projectName);
  const more = EXPORT_CHOICES.filter((c) => c.id !== 'standard' && c.id !== 'pond5');
  return (
    <div className="export-buttons">
      <button type="button" className="button" disabled={busy} onClick={() => start(exportChoice('standard')!)}>
        Export CSV
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => start(exportChoice('pond5')!)}>
        Export Pond5
      </button>
      <select
        className="button"
        aria-label="More exports"
        value=""
        disabled={busy}
        onChange={(e) => {
          const choice = exportChoice(e.target.value);
          e.target.value = '';
          if (choice) start(choice);
        }}
      >
        <option value="">More exports ▾</option>
        {more.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      {modal}
    </div>
  );
}
