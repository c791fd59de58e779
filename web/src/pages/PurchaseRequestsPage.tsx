import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { MyPurchaseRequestsQuery, SubmitPaymentProofMutation } from '../modules/credits/graphql/credits.graphql';
import { serverMessage } from '../client/graphql-errors';
import { PurchaseRequestCard, displayStatus } from '../modules/credits/components/PurchaseRequestCard';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { Pager, useCursorPages } from '../ui/use-cursor-pages';

const PAGE_SIZE = 50;

/** Purchase request history (SPEC §2), paged so a long history never stops silently. */
export function PurchaseRequestsPage() {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(MyPurchaseRequestsQuery, { variables: { first: PAGE_SIZE, after: pages.after } });
  const [submitProof] = useMutation(SubmitPaymentProofMutation);
  const [flash, setFlash] = useState<{ ok: boolean; message: string } | null>(null);
  if (error && !data) return <Banner tone="error">Failed to fetch purchase requests</Banner>;
  if (loading && !data) return <Loading />;
  const connection = data!.myPurchaseRequests;
  const requests = connection.edges.map((e) => e.node);
  return (
    <section className="stack">
      <div className="page-header">
        <h1>Purchase Requests</h1>
        <Link to="/purchase-credits" className="button button-primary">
          Buy Credits
        </Link>
      </div>
      {flash && (
        <Banner tone={flash.ok ? 'success' : 'error'} onClose={() => setFlash(null)}>
          {flash.message}
        </Banner>
      )}
      {requests.length === 0 ? (
        <div className="card center empty">
          <p>No purchase requests yet</p>
        </div>
      ) : (
        <div className="card-grid">
          {requests.map((r) => (
            <PurchaseRequestCard key={r.id} request={r}>
              {displayStatus(r.status) === 'pending' && !r.paymentProof && (
                <button
                  type="button"
                  className="button button-small"
                  onClick={async () => {
                    const proof = prompt(`Describe your payment for ${r.reference} (transaction id, date, method):`);
                    if (proof === null || !proof.trim()) return;
                    try {
                      await submitProof({ variables: { id: r.id, paymentProof: proof } });
                      setFlash({ ok: true, message: 'Thank you: the administrators have been told about your payment.' });
                    } catch (err) {
                      setFlash({ ok: false, message: serverMessage(err, 'The payment note could not be saved') });
                    }
                  }}
                >
                  I Have Paid
                </button>
              )}
            </PurchaseRequestCard>
          ))}
        </div>
      )}
      {connection.totalCount > PAGE_SIZE && <Pager pages={pages} connection={connection} pageSize={PAGE_SIZE} />}
    </section>
  );
}
