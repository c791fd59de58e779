import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { downloadExport, type KeywordRuleNews } from '../download-export';
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
  const [ruleNews, setRuleNews] = useState<{ label: string; news: KeywordRuleNews } | null>(null);

  const download = async (choice: ExportChoice, acceptedOnly = false) => {
    setBusy(true);
    try {
      const news = await downloadExport(client, projectId, choice, { acceptedOnly });
      // The file keeps SPEC's columns; which rows the keyword rules changed is said here.
      setRuleNews(news.rowCount ? { label: choice.label.replace(/…$/, ''), news } : null);
    } catch (err) {
      console.error(err);
      alert(choice.failure);
    } finally {
      setBusy(false);
    }
  };

  const more = ruleNews ? ruleNews.news.rowCount - ruleNews.news.files.length : 0;
  const notice = ruleNews ? (
    <Banner tone="info" onClose={() => setRuleNews(null)}>
      <span data-testid="keyword-rule-news">
        {ruleNews.label}: the project&apos;s keyword rules changed the keywords of {ruleNews.news.rowCount} {ruleNews.news.rowCount === 1 ? 'row' : 'rows'}:{' '}
        {ruleNews.news.files.join(', ')}
        {more > 0 ? ` and ${more} more` : ''}. The agency check lists what changed in each.
      </span>
    </Banner>
  ) : null;

  const checkModal = checking?.agency ? (
    <AgencyCheckModal
      projectId={projectId}
      projectName={projectName}
      agency={checking.agency}
      label={checking.label.replace(/…$/, '')}
      busy={busy}
      onClose={() => setChecking(null)}
      onDownload={async (acceptedOnly) => {
        await download(checking, acceptedOnly);
        setChecking(null);
      }}
    />
  ) : null;
  const modal = (
    <>
      {notice}
      {checkModal}
    </>
  );

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
