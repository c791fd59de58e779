import type { DeliveryConnectionFieldsFragment, DeliveryFieldsFragment } from '../../../gql/graphql';
import { downloadFile } from '../../../client/rest';

const AGENCY_CSV: Record<string, string> = { adobe: 'adobe', shutterstock: 'shutterstock', pond5: 'pond5' };

const rate = (bps: number) => (bps >= 1e6 ? `${(bps / 1e6).toFixed(1)} MB/s` : bps >= 1e3 ? `${Math.round(bps / 1e3)} KB/s` : `${Math.round(bps)} B/s`);
const percent = (sent: number, size: number) => (size > 0 ? Math.min(100, Math.floor((sent / size) * 100)) : 100);
const when = (d: unknown) => new Date(d as string).toLocaleString();

/** One delivery's files, per connection, live while it runs; "Send again" per file and for all once it is done. */
export function DeliveryStatus({
  delivery,
  current,
  connections,
  onCsv,
  onResend,
}: {
  delivery: DeliveryFieldsFragment;
  /** Whether this is the latest delivery (else one picked from the history). */
  current: boolean;
  connections: Map<string, DeliveryConnectionFieldsFragment>;
  onCsv: (format: string) => void;
  onResend: (itemIds: string[] | null) => void;
}) {
  const title = !delivery.done ? 'Delivering…' : current ? 'Last delivery' : 'Delivery';
  return (
    <div className="stack delivery-status" aria-live="polite">
      <div className="section-header">
        <h3>
          {title} <span className="muted small">{when(delivery.createdAt)}</span> <span className="muted small">{startedBy(delivery)}</span>
          {delivery.resendOf && <span className="muted small"> · sent again</span>}
        </h3>
        {delivery.done && (
          <button type="button" className="button button-small" onClick={() => onResend(null)}>
            Send all again
          </button>
        )}
      </div>
      {delivery.connections.map((c) => (
        <div key={c.connectionId} className="delivery-summary">
          <strong>{c.name}</strong>
          <span className="small">
            {c.counts.sent} sent · {c.counts.skipped} skipped · {c.counts.sending} sending · {c.counts.queued} queued · {c.counts.failed} failed
            {c.counts.held ? ` · ${c.counts.held} held back` : ''}
            {c.counts.paused ? ` · ${c.counts.paused} paused` : ''}
            {c.counts.conflict ? ` · ${c.counts.conflict} in conflict` : ''}
          </span>
          {AGENCY_CSV[c.agency] && c.csvUploadPage && (
            <span className="small">
              <button type="button" className="link-button" onClick={() => onCsv(AGENCY_CSV[c.agency]!)}>
                Download the CSV
              </button>{' '}
              then upload it on{' '}
              <a className="link-accent" href={c.csvUploadPage} target="_blank" rel="noreferrer">
                the agency&apos;s CSV page
              </a>
            </span>
          )}
        </div>
      ))}
      <div className="table-scroll">
        <table className="table delivery-items">
          <thead>
            <tr>
              <th>File</th>
              <th>To</th>
              <th>Status</th>
              <th>Progress</th>
            </tr>
          </thead>
          <tbody>
            {delivery.items.map((i) => (
              <tr key={i.id} data-status={i.status}>
                <td className="mono small">{i.filename}</td>
                <td className="small" title={i.remotePlace || undefined}>
                  {connections.get(i.connectionId)?.name ?? '—'}
                </td>
                <td>
                  <span className={`status-badge delivery-${i.status}`}>{i.status}</span>
                  {i.message && <div className="small muted">{i.message}</div>}
                  {delivery.done && i.status !== 'held' && (
                    <button type="button" className="link-button small" onClick={() => onResend([i.id])} aria-label={`Send ${i.filename} again`}>
                      Send again
                    </button>
                  )}
                </td>
                <td className="small">
                  {i.status === 'sending'
                    ? `${percent(i.bytesSent, i.sizeBytes)} % · ${rate(i.bytesPerSecond)}`
                    : i.status === 'sent'
                      ? rate(i.bytesPerSecond)
                      : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The project's deliveries (newest first): pick one to see its files; download what went where. */
export function DeliveryHistory({
  projectId,
  history,
  shownId,
  onShow,
}: {
  projectId: string;
  history: DeliveryFieldsFragment[];
  shownId: string | null;
  onShow: (d: DeliveryFieldsFragment) => void;
}) {
  if (history.length === 0) return null;
  const record = (format: 'csv' | 'json') =>
    void downloadFile(`/api/delivery/projects/${projectId}/delivery-record?format=${format}`, `delivery-record.${format}`).catch((err: unknown) =>
      alert(`The delivery record could not be downloaded: ${(err as Error).message}`),
    );
  return (
    <details className="delivery-history">
      <summary>
        History ({history.length} {history.length === 1 ? 'delivery' : 'deliveries'})
      </summary>
      <ul className="delivery-history-list">
        {history.map((d) => {
          const n = (k: 'sent' | 'failed' | 'conflict' | 'skipped') => d.connections.reduce((s, c) => s + c.counts[k], 0);
          return (
            <li key={d.id}>
              <button type="button" className="link-button" aria-current={d.id === shownId} onClick={() => onShow(d)}>
                {when(d.createdAt)}
              </button>{' '}
              <span className="small muted">
                {startedBy(d)} · to {d.connections.map((c) => c.name).join(', ') || '—'} · {n('sent')} sent · {n('skipped')} skipped · {n('failed')} failed
                {n('conflict') ? ` · ${n('conflict')} in conflict` : ''}
                {d.resendOf ? ' · sent again' : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="small">
        What was delivered where:{' '}
        <button type="button" className="link-button" onClick={() => record('csv')}>
          CSV
        </button>{' '}
        ·{' '}
        <button type="button" className="link-button" onClick={() => record('json')}>
          JSON
        </button>
      </p>
    </details>
  );
}

/** Who started a delivery: the owner, or an administrator acting for them (issue 33 item 5). */
function startedBy(d: Pick<DeliveryFieldsFragment, 'startedBy' | 'startedByOwner'>): string {
  const who = d.startedBy ?? 'a deleted account';
  return d.startedByOwner ? `by ${who}` : `by ${who} (administrator, for the owner)`;
}
