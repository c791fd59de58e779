import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { MyPurchaseRequestsQuery } from '../modules/credits/graphql/credits.graphql';
import { PurchaseRequestCard, displayStatus } from '../modules/credits/components/PurchaseRequestCard';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';

/** Purchase request history (SPEC §2). */
export function PurchaseRequestsPage() {
  const { data, loading, error } = useQuery(MyPurchaseRequestsQuery, { variables: { first: 100 } });
  if (error && !data) return <Banner tone="error">Failed to fetch purchase requests</Banner>;
  if (loading && !data) return <Loading />;
  const requests = data!.myPurchaseRequests.edges.map((e) => e.node);
  return (
    <section className="stack">
      <div className="page-header">
        <h1>Purchase Requests</h1>
        <Link to="/purchase-credits" className="button button-primary">
          Buy Credits
        </Link>
      </div>
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
                  onClick={() => {
                    // A placeholder (SPEC §2): nothing is sent.
                    if (prompt('Describe your payment (reference number, date, method):') !== null) alert('Payment proof upload is coming soon.');
                  }}
                >
                  Upload Payment Proof
                </button>
              )}
            </PurchaseRequestCard>
          ))}
        </div>
      )}
    </section>
  );
}
