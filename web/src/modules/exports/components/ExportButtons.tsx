import { EXPORT_CHOICES, exportChoice } from '../export-formats';
import { useProjectExport } from '../hooks/use-project-export';
import { ExportSelect } from './ExportSelect';
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
      <ExportSelect className="button" label="More exports" placeholder="More exports ▾" choices={more} busy={busy} start={start} />
      {modal}
    </div>
  );
}
