import type { ApolloClient } from '@apollo/client';
import { apiUrl } from '../../client/api-base';
import { filenameFromDisposition, RestError, saveBlob } from '../../client/rest';
import type { ExportChoice } from './export-formats';
import { ExportDownloadMutation } from './graphql/exports.graphql';

/**
 * Downloads an export the way integrators do: GraphQL gives a short-lived signed URL, then the
 * file is fetched from it (no Authorization header needed) and saved under the name the server
 * gives in Content-Disposition (SPEC §7 default names otherwise).
 */
/** What the project's keyword rules changed in a downloaded export (issue 20), from its response headers. */
export interface KeywordRuleNews {
  rowCount: number;
  /** The first file names (the server sends up to 50). */
  files: string[];
}

export function keywordRuleNewsOf(headers: Headers): KeywordRuleNews {
  const rowCount = Number(headers.get('x-shotlog-keyword-rule-rows') ?? 0) || 0;
  const files = (headers.get('x-shotlog-keyword-rule-files') ?? '')
    .split(',')
    .filter(Boolean)
    .map((f) => {
      try {
        return decodeURIComponent(f);
      } catch {
        return f;
      }
    });
  return { rowCount, files };
}

export async function downloadExport(
  client: ApolloClient,
  projectId: string,
  choice: ExportChoice,
  opts: { acceptedOnly?: boolean } = {},
): Promise<KeywordRuleNews> {
  const { data } = await client.mutate({ mutation: ExportDownloadMutation, variables: { projectId, format: choice.format, withJpgs: !!choice.withJpgs } });
  const link = data?.exportDownload;
  if (!link) throw new Error('No download link');
  // accepted=1: only the rows the agency's check accepts (the link's signature covers its token only).
  const url = opts.acceptedOnly ? `${link.url}${link.url.includes('?') ? '&' : '?'}accepted=1` : link.url;
  const res = await fetch(url.startsWith('/') ? apiUrl(url) : url);
  if (!res.ok) throw new RestError(`Download failed (${res.status})`, res.status, null);
  const blob = await res.blob();
  saveBlob(blob, filenameFromDisposition(res.headers.get('content-disposition')) ?? choice.fallbackName);
  return keywordRuleNewsOf(res.headers);
}
