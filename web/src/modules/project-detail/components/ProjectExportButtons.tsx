import { exportCsv } from '../../projects/export-csv';

/** Export CSV / Export Pond5 (SPEC §2), through the authenticated CSV routes of SPEC §7. */
export function ProjectExportButtons({ projectId }: { projectId: string }) {
  return (
    <>
      <button type="button" className="button" onClick={() => void exportCsv(projectId, 'standard')}>
        ⬇ Export CSV
      </button>
      <button type="button" className="button" onClick={() => void exportCsv(projectId, 'pond5')}>
        ⬇ Export Pond5
      </button>
    </>
  );
}
