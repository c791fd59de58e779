import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { downloadExport } from '../download-export';
import type { ExportChoice } from '../export-formats';
import { AgencyCheckModal } from '../components/AgencyCheckModal';

/**
 * Starting an export from any button or menu: agency formats open their check first, the
 * others download at once; a failure is the SPEC §8 alert.
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
      if (choice.agency) setChecking(choice);
      else void download(choice);
    },
  };
}
