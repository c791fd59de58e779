import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ContactMessagesQuery, MarkContactMessageReadMutation, ReplyToContactMessageMutation } from '../modules/contact/graphql/contact.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { formatDateTime } from '../ui/format';
import { serverMessage } from '../client/graphql-errors';
import '../modules/mail/mail.css';

const PAGE = 50;

/** Contact-form messages (administrators): read, mark unread, reply by e-mail. */
export function AdminInboxPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const [replies, setReplies] = useState<Record<string, string>>({});
  const [flash, setFlash] = useState<{ ok: boolean; message: string } | null>(null);
  const { data, loading, error, refetch } = useQuery(ContactMessagesQuery, { variables: { unreadOnly, limit: PAGE, offset }, fetchPolicy: 'network-only' });
  const [markRead] = useMutation(MarkContactMessageReadMutation);
  const [reply, { loading: replying }] = useMutation(ReplyToContactMessageMutation);
  const inbox = data?.contactMessages;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setFlash({ ok: true, message: done });
      await refetch();
    } catch (err) {
      setFlash({ ok: false, message: serverMessage(err, 'That did not work. Please try again.') });
    }
  };

  return (
    <AdminPage title="Contact Inbox">
      {error && <Banner tone="error">Failed to fetch the inbox</Banner>}
      {flash && (
        <Banner tone={flash.ok ? 'success' : 'error'} onClose={() => setFlash(null)}>
          {flash.message}
        </Banner>
      )}
      <div className="toolbar">
        <label>
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setOffset(0);
            }}
          />{' '}
          Unread only
        </label>
        {inbox && <span className="muted">{inbox.unread} unread</span>}
      </div>
      {loading && !data && <Loading />}
      {inbox && inbox.items.length === 0 && (
        <div className="card empty">
          <p>No messages.</p>
        </div>
      )}
      {inbox?.items.map((m) => (
        <article key={m.id} className={`card stack contact-message${m.readAt ? '' : ' unread'}`} data-testid="contact-message">
          <header className="section-header">
            <h3>
              {m.readAt ? '' : '● '}
              {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
            </h3>
            <span className="muted small">{formatDateTime(m.createdAt)}</span>
          </header>
          <pre className="mail-text">{m.message}</pre>
          {m.reply && (
            <div>
              <p className="muted small">Replied {m.repliedAt ? formatDateTime(m.repliedAt) : ''}:</p>
              <pre className="mail-text">{m.reply}</pre>
            </div>
          )}
          <div className="form">
            <label>
              Reply by e-mail
              <textarea rows={3} maxLength={10000} value={replies[m.id] ?? ''} onChange={(e) => setReplies((r) => ({ ...r, [m.id]: e.target.value }))} />
            </label>
          </div>
          <div className="actions">
            <button
              type="button"
              className="button button-primary button-small"
              disabled={replying || !(replies[m.id] ?? '').trim()}
              onClick={() =>
                act(async () => {
                  await reply({ variables: { id: m.id, reply: replies[m.id]! } });
                  setReplies((r) => ({ ...r, [m.id]: '' }));
                }, `Reply sent to ${m.email}.`)
              }
            >
              Send reply
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => act(() => markRead({ variables: { id: m.id, read: !m.readAt } }), m.readAt ? 'Marked unread.' : 'Marked read.')}
            >
              {m.readAt ? 'Mark unread' : 'Mark read'}
            </button>
          </div>
        </article>
      ))}
      {inbox && inbox.total > PAGE && (
        <div className="toolbar">
          <button type="button" className="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </button>
          <button type="button" className="button" disabled={offset + PAGE >= inbox.total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </button>
        </div>
      )}
    </AdminPage>
  );
}
