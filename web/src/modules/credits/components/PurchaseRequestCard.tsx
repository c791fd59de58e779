import type { ReactNode } from 'react';
import type { PurchaseRequestFieldsFragment } from '../../../gql/graphql';
import { formatDateTime, formatDollars } from '../../../ui/format';
import '../credits.css';

/** Any status other than approved or rejected is shown as pending (SPEC §4). */
export const displayStatus = (s: string) => (s === 'approved' || s === 'rejected' ? s : 'pending');

/** One purchase request (SPEC §2), used by the user's history and the admin screen. */
export function PurchaseRequestCard({ request, children }: { request: PurchaseRequestFieldsFragment; children?: ReactNode }) {
  const status = displayStatus(request.status);
  return (
    <article className="card purchase-request" data-testid="purchase-request">
      <header className="section-header">
        <h3>{request.creditPackage.name}</h3>
        <span className={`status-badge status-${status}`}>{status}</span>
      </header>
      <p className="request-amount">
        {request.creditPackage.credits.toLocaleString('en-US')} credits · {formatDollars(request.creditPackage.price)}
      </p>
      <p className="muted small">
        Reference <code data-testid="purchase-reference">{request.reference}</code>
        <br />
        {formatDateTime(request.createdAt)}
      </p>
      {status === 'pending' && <p className="pending-note">Awaiting Admin Approval</p>}
      {status === 'approved' && <p className="positive">+{request.creditPackage.credits} credits added to the account</p>}
      {status === 'rejected' && request.adminNotes && (
        <p className="negative">
          <strong>Reason:</strong> {request.adminNotes}
        </p>
      )}
      {request.paymentProof && (
        <p className="muted small">
          <strong>Payment proof:</strong> {request.paymentProof}
        </p>
      )}
      {children}
    </article>
  );
}
