import { Fragment, useState } from 'react';
import '../modules/mail/mail.css';
import { useMutation, useQuery } from '@apollo/client/react';
import { MailOutboxQuery, ResendMailMutation } from '../modules/mail/graphql/mail.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { formatDateTime } from '../ui/format';
import { serverMessage } from '../client/graphql-errors';

const PAGE = 50;
const STATUSES = ['', 'queued', 'sending', 'sent', 'stored', 'failed'] as const;
const TONE: Record<string, string> = {
  queued: 'status-pending',
  sending: 'status-processing',
  sent: 'status-completed',
  stored: 'status-created',
  failed: 'status-failed',
};

/** Every e-mail the product sent or keeps (no SMTP_URL), newest first, with the SMTP server's last answer (administrators). */
export function AdminMailPage() {
  const [status, setStatus] = useState('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(MailOutboxQuery, {
    variables: { status: status || null, limit: PAGE, offset },
    fetchPolicy: 'network-only',
    pollInterval: 10_000,
  });
  const [resend] = useMutation(ResendMailMutation);
  const outbox = data?.mailOutbox;

  return (
    <AdminPage title="E-mail Outbox">
      {outbox && !outbox.delivers && (
        <Banner tone="info">
          No SMTP server is configured (SMTP_URL): messages are kept here and nothing is sent. Read a message to pass on its link by hand.
        </Banner>
      )}
      {error && <Banner tone="error">Failed to fetch the outbox</Banner>}
      {problem && (
        <Banner tone="error" onClose={() => setProblem(null)}>
          {problem}
        </Banner>
      )}
      <div className="toolbar">
        <label>
          Status{' '}
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setOffset(0);
            }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s || 'All'}
              </option>
            ))}
          </select>
        </label>
        {outbox && (
          <span className="muted">
            {outbox.total} message{outbox.total === 1 ? '' : 's'}
          </span>
        )}
      </div>
      {loading && !data && <Loading />}
      {outbox && outbox.items.length === 0 && (
        <div className="card empty">
          <p>No e-mail yet.</p>
        </div>
      )}
      {outbox && outbox.items.length > 0 && (
        <div className="card table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>Created</th>
                <th>To</th>
                <th>Subject</th>
                <th>Status</th>
                <th className="num">Tries</th>
                <th>Server's last answer</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {outbox.items.map((m) => (
                <Fragment key={m.id}>
                  <tr>
                    <td>{formatDateTime(m.createdAt)}</td>
                    <td>{m.to}</td>
                    <td>
                      <button type="button" className="link-button" aria-expanded={open === m.id} onClick={() => setOpen(open === m.id ? null : m.id)}>
                        {m.subject}
                      </button>
                    </td>
                    <td className={TONE[m.status] ?? ''}>{m.status}</td>
                    <td className="num">{m.attempts}</td>
                    <td>{m.lastError ?? ''}</td>
                    <td>
                      {m.status === 'failed' && (
                        <button
                          type="button"
                          className="button"
                          onClick={async () => {
                            try {
                              await resend({ variables: { id: m.id } });
                              await refetch();
                            } catch (err) {
                              setProblem(serverMessage(err, 'The e-mail could not be queued again.'));
                            }
                          }}
                        >
                          Send again
                        </button>
                      )}
                    </td>
                  </tr>
                  {open === m.id && (
                    <tr>
                      <td colSpan={7}>
                        <pre className="mail-text">{m.text}</pre>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outbox && outbox.total > PAGE && (
        <div className="toolbar">
          <button type="button" className="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </button>
          <button type="button" className="button" disabled={offset + PAGE >= outbox.total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </button>
        </div>
      )}
    </AdminPage>
  );
}
