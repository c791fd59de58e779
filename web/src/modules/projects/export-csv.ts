import { downloadFile } from '../../app/rest';

export type CsvKind = 'standard' | 'pond5';

/** Downloads a project's CSV through the REST shim (SPEC §7); the name comes from Content-Disposition. */
export async function exportCsv(projectId: string, kind: CsvKind): Promise<void> {
  try {
    if (kind === 'standard') await downloadFile(`/api/projects/csv/${projectId}`, 'export.csv');
    else await downloadFile(`/api/projects/pond5-csv/${projectId}`, 'pond5_export.csv');
  } catch (err) {
    console.error(err);
    alert('Failed to download CSV');
  }
}
