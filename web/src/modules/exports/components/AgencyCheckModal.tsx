import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import type { AgencyExportFormat } from '../../../gql/graphql';
import { Modal } from '../../../ui/Modal';
import { Loading } from '../../../ui/Loading';
import { ExportCheckQuery } from '../graphql/exports.graphql';
import '../exports.css';

interface Props {
  projectId: string;
  projectName?: string;
  agency: AgencyExportFormat;
  label: string;
  busy: boolean;
  onClose(): void;
  /** `acceptedOnly`: write only the rows the agency accepts. */
  onDownload(acceptedOnly: boolean): void;
}

/** Keywords each agency takes per row (what its upload accepts), against the 30 Shotlog keeps (SPEC). */
const AGENCY_KEYWORDS: Record<string, number> = { ADOBE: 49, SHUTTERSTOCK: 50, POND5: 50 };

/** "12–30", or "30" when every row has as many. */
const keywordsRange = ({ fewest, most }: { fewest: number; most: number }) => (fewest === most ? String(most) : `${fewest}–${most}`);

/** A row's file name links to its set on the project page (?set= selects it there), closing the dialog. */
function SetLink({ projectId, fileSetId, filename, onFollow }: { projectId: string; fileSetId: string; filename: string; onFollow(): void }) {
  return (
    <Link className="mono" to={`/project/${projectId}?set=${encodeURIComponent(fileSetId)}`} onClick={onFollow} data-testid="check-set-link">
      {filename}
    </Link>
  );
}

/** The agency's rules checked before an agency CSV downloads: every row it would refuse, and why. */
export function AgencyCheckModal({ projectId, projectName, agency, label, busy, onClose, onDownload }: Props) {
  const { data, loading, error } = useQuery(ExportCheckQuery, { variables: { projectId, format: agency }, fetchPolicy: 'network-only' });
  const check = data?.exportCheck;
  const refused = check?.rows.filter((r) => r.problems.length > 0) ?? [];
  const advice = check?.rows.filter((r) => r.problems.length === 0) ?? [];

  return (
    <Modal title={`${label}${projectName ? `: ${projectName}` : ''}`} onClose={onClose}>
      <div className="export-check" data-testid="export-check">
        {loading && !check ? (
          <Loading />
        ) : error || !check ? (
          <p className="error-text">Failed to check the export</p>
        ) : (
          <>
            <p className={refused.length ? 'export-check-summary export-check-bad' : 'export-check-summary export-check-good'}>
              {refused.length
                ? `${check.refusedCount} of ${check.totalRows} row${check.totalRows === 1 ? '' : 's'} would be refused by ${check.agency}.`
                : `All ${check.totalRows} row${check.totalRows === 1 ? '' : 's'} meet ${check.agency}'s rules.`}
            </p>
            {check.fileProblems.map((p) => (
              <p key={p} className="error-text">
                {p}
              </p>
            ))}
            {refused.length > 0 && (
              <div className="table-scroll export-check-list">
                <table className="table" aria-label="Rows that would be refused">
                  <thead>
                    <tr>
                      <th className="num">Row</th>
                      <th>File</th>
                      <th>Why it would be refused</th>
                    </tr>
                  </thead>
                  <tbody>
                    {refused.map((r) => (
                      <tr key={r.fileSetId} data-testid="refused-row">
                        <td className="num">{r.rowNumber}</td>
                        <td className="mono">
                          <SetLink projectId={projectId} fileSetId={r.fileSetId} filename={r.filename} onFollow={onClose} />
                        </td>
                        <td>
                          <ul className="export-check-reasons">
                            {r.problems.map((p) => (
                              <li key={p}>{p}</li>
                            ))}
                            {r.warnings.map((w) => (
                              <li key={w} className="muted">
                                {w}
                              </li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {advice.length > 0 && (
              <details className="export-check-advice">
                <summary>
                  Advice on {advice.length} accepted row{advice.length === 1 ? '' : 's'}
                </summary>
                <ul className="export-check-reasons">
                  {advice.map((r) => (
                    <li key={r.fileSetId}>
                      <SetLink projectId={projectId} fileSetId={r.fileSetId} filename={r.filename} onFollow={onClose} />: {r.warnings.join('; ')}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {AGENCY_KEYWORDS[agency] && (
              <p className="muted small" data-testid="keyword-limit-note">
                {check.keywordsWritten ? `This export writes ${keywordsRange(check.keywordsWritten)} keywords a row. ` : ''}
                {check.agency} takes up to {AGENCY_KEYWORDS[agency]} keywords a row; Shotlog keeps at most 30 a set, so this export writes at most 30 (fewer
                where the project&apos;s keyword rules set a lower maximum).
              </p>
            )}
            <p className="muted small">
              Rules from{' '}
              <a href={check.source} target="_blank" rel="noreferrer">
                {check.agency}
              </a>
              .
            </p>
          </>
        )}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          {check && refused.length > 0 && check.totalRows > check.refusedCount && (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => onDownload(true)} data-testid="export-accepted">
              Export the accepted rows only ({check.totalRows - check.refusedCount})
            </button>
          )}
          <button type="button" className={`button${refused.length ? '' : ' button-primary'}`} disabled={busy || !check} onClick={() => onDownload(false)}>
            {busy ? 'Downloading…' : refused.length ? 'Download anyway' : 'Download'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
