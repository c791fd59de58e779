import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { MyPurchaseRequestsQuery } from '../modules/credits/graphql/credits.graphql';
import { PurchaseRequestCard, displayStatus } from '../modules/credits/components/PurchaseRequestCard';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { Pager, useCursorPages } from '../ui/use-cursor-pages';

const PAGE_SIZE = 50;

/** Purchase request history (SPEC §2), paged so a long history never stops silently. */
export function PurchaseRequestsPage() {
  const pages = useCursorPages();
  const { data, loading, error } = useQuery(MyPurchaseRequestsQuery, { variables: { first: PAGE_SIZE, after: pages.after } });
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
      {connection.totalCount > PAGE_SIZE && <Pager pages={pages} connection={connection} pageSize={PAGE_SIZE} />}
    </section>
  );
}
