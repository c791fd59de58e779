import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { AdminPurchaseRequestsQuery, ApprovePurchaseRequestMutation, RejectPurchaseRequestMutation } from '../modules/admin/graphql/admin.graphql';
import { AdminPage } from '../modules/admin/components/AdminPage';
import { PurchaseRequestCard } from '../modules/credits/components/PurchaseRequestCard';
import { serverMessage } from '../client/graphql-errors';
import { Banner } from '../ui/Banner';
import { PagedList } from '../ui/PagedList';
import { useCursorPages } from '../ui/use-cursor-pages';
import { Modal } from '../ui/Modal';
import { formatDollars } from '../ui/format';

const PAGE_SIZE = 50;

const STATUSES = ['pending', 'approved', 'rejected', ''] as const;

/** Purchase-request management (administrators): approve adds the credits once; reject keeps notes as the Reason. */
export function AdminPurchaseRequestsPage() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(AdminPurchaseRequestsQuery, {
    variables: { status: status || null, first: PAGE_SIZE, after: pages.after },
  });
  const [approve] = useMutation(ApprovePurchaseRequestMutation);
  const [reject] = useMutation(RejectPurchaseRequestMutation);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [flash, setFlash] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Approving adds credits: it is confirmed in a dialog that shows what goes to whom.
  const [approving, setApproving] = useState<{ id: string; reference: string; username: string; credits: number; price: string } | null>(null);

  const decide = async (id: string, action: 'approve' | 'reject') => {
    const adminNotes = notes[id]?.trim() || null;
    if (action === 'reject' && !adminNotes && !confirm('Reject without a reason? The user sees the notes as the Reason.')) return;
    setBusy(id);
    try {
      const r = action === 'approve' ? await approve({ variables: { id, adminNotes } }) : await reject({ variables: { id, adminNotes } });
      const message = r.data && ('approvePurchaseRequest' in r.data ? r.data.approvePurchaseRequest.message : r.data.rejectPurchaseRequest.message);
      setFlash({ ok: true, message: message ?? 'Done' });
      await refetch();
    } catch (err) {
      setFlash({ ok: false, message: serverMessage(err, `Failed to ${action} the request`) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminPage title="Manage Purchase Requests">
      <div className="segmented" role="tablist">
        {STATUSES.map((s) => (
          <button
            key={s || 'all'}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? 'active' : ''}
            onClick={() => {
              setStatus(s);
              pages.reset();
            }}
          >
            {s ? s[0].toUpperCase() + s.slice(1) : 'All'}
          </button>
        ))}
      </div>
      {flash && (
        <Banner tone={flash.ok ? 'success' : 'error'} onClose={() => setFlash(null)}>
          {flash.message}
        </Banner>
      )}
      <PagedList
        connection={data?.adminPurchaseRequests}
        loading={loading}
        error={error}
        failedText="Failed to fetch purchase requests"
        empty={
          <div className="card center empty">
            <p>No {status || ''} purchase requests</p>
          </div>
        }
        pages={pages}
        pageSize={PAGE_SIZE}
        pagerOnlyWhenSeveralPages
      >
        {(requests) => (
          <div className="card-grid">
            {requests.edges.map(({ node: r }) => (
              <PurchaseRequestCard key={r.id} request={r}>
                <p className="small">
                  From <strong>{r.user.username}</strong> ({r.user.email})
                </p>
                {r.status === 'pending' && (
                  <div className="stack">
                    <textarea
                      rows={2}
                      placeholder="Admin notes (shown to the user as Reason when rejected)"
                      aria-label="Admin notes"
                      value={notes[r.id] ?? ''}
                      onChange={(e) => setNotes((n) => ({ ...n, [r.id]: e.target.value }))}
                    />
                    <div className="actions">
                      <button
                        type="button"
                        className="button button-primary button-small"
                        disabled={busy === r.id}
                        onClick={() =>
                          setApproving({
                            id: r.id,
                            reference: r.reference,
                            username: r.user.username,
                            credits: r.creditPackage.credits,
                            price: r.creditPackage.price,
                          })
                        }
                      >
                        Approve
                      </button>
                      <button type="button" className="button button-danger button-small" disabled={busy === r.id} onClick={() => decide(r.id, 'reject')}>
                        Reject
                      </button>
                    </div>
                  </div>
                )}
              </PurchaseRequestCard>
            ))}
          </div>
        )}
      </PagedList>
      {approving && (
        <Modal title={`Approve ${approving.reference}?`} onClose={() => setApproving(null)}>
          <dl className="details">
            <dt>Buyer</dt>
            <dd>{approving.username}</dd>
            <dt>Amount paid</dt>
            <dd>{formatDollars(approving.price)}</dd>
            <dt>Credits to add</dt>
            <dd>{approving.credits.toLocaleString('en-US')}</dd>
          </dl>
          <p className="muted small">Approve only once the payment with reference {approving.reference} is in the account. The buyer is e-mailed.</p>
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy === approving.id}
              onClick={async () => {
                const { id } = approving;
                setApproving(null);
                await decide(id, 'approve');
              }}
            >
              Approve and add {approving.credits.toLocaleString('en-US')} credits
            </button>
            <button type="button" className="button" onClick={() => setApproving(null)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </AdminPage>
  );
}
