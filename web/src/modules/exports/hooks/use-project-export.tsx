import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { downloadExport } from '../download-export';
import type { ExportChoice } from '../export-formats';
import { AgencyCheckModal } from '../components/AgencyCheckModal';
import { ExportProjectStatusQuery } from '../graphql/exports.graphql';

/** Statuses of a project whose sets were never processed: its export has file names and nothing else. */
const NEVER_PROCESSED = new Set(['created', 'uploaded', 'ready']);
export const NOT_PROCESSED_WARNING =
  'This project has not been processed yet, so the export will list the file names with empty titles, descriptions and keywords. Export anyway?';

/**
 * Starting an export from any button or menu: a never-processed project asks first, agency formats
 * open their check first, the others download at once; a failure is the SPEC §8 alert.
 */
export function useProjectExport(projectId: string, projectName?: string): { start(choice: ExportChoice): void; busy: boolean; modal: ReactNode } {
  const client = useApolloClient();
  const [checking, setChecking] = useState<ExportChoice | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (choice: ExportChoice) => {
    setBusy(true);
    try {
      await downloadExport(client, projectId, choice);
    } catch (err) {
      console.error(err);
      alert(choice.failure);
    } finally {
      setBusy(false);
    }
  };

  const modal = checking?.agency ? (
    <AgencyCheckModal
      projectId={projectId}
      projectName={projectName}
      agency={checking.agency}
      label={checking.label.replace(/…$/, '')}
      busy={busy}
      onClose={() => setChecking(null)}
      onDownload={async () => {
        await download(checking);
        setChecking(null);
      }}
    />
  ) : null;

  return {
    busy,
    modal,
    start(choice) {
      void (async () => {
        // Warn before exporting a project that was never processed (issue 16): an empty file is rarely what is wanted.
        const status = await client
          .query({ query: ExportProjectStatusQuery, variables: { id: projectId }, fetchPolicy: 'network-only' })
          .then((r) => r.data?.project.status ?? null)
          .catch(() => null);
        if (status && NEVER_PROCESSED.has(status) && !confirm(NOT_PROCESSED_WARNING)) return;
        if (choice.agency) setChecking(choice);
        else await download(choice);
      })();
    },
  };
}
