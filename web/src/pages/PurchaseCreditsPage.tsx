import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { CreatePurchaseRequestMutation, CreditPackagesQuery, PaymentInstructionsQuery } from '../modules/credits/graphql/credits.graphql';
import { useCreditBalance } from '../modules/credits/hooks/use-credit-balance';
import { serverMessage } from '../client/graphql-errors';
import { Banner } from '../ui/Banner';
import { Loading } from '../ui/Loading';
import { Modal } from '../ui/Modal';
import { formatBalance, formatDollars } from '../ui/format';
import '../modules/credits/credits.css';

const PAYMENT_METHODS = [
  ['bank', 'Bank transfer'],
  ['paypal', 'PayPal'],
  ['venmo', 'Venmo'],
  ['other', 'Other'],
] as const;

/** Buy credits (SPEC §2): packages, selection, confirm modal, request, success panel. */
export function PurchaseCreditsPage() {
  const packages = useQuery(CreditPackagesQuery);
  const { balance } = useCreditBalance();
  const [create, { loading: creating }] = useMutation(CreatePurchaseRequestMutation, { refetchQueries: ['MyPurchaseRequests'] });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const instructions = useQuery(PaymentInstructionsQuery, { skip: !reference });
  const [error, setError] = useState<string | null>(null);
  // One key per confirmation, so a double click or a retry makes one request.
  const idempotencyKey = useRef<string>(crypto.randomUUID());

  // On a narrow screen the selection panel sits below the grid: bring it into view.
  const selectionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selectedId) selectionRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  const list = packages.data?.creditPackages ?? [];
  const selected = list.find((p) => p.id === selectedId) ?? null;

  const submit = async () => {
    if (!selected) return;
    try {
      const r = await create({ variables: { packageId: selected.id, idempotencyKey: idempotencyKey.current } });
      setReference(r.data?.createPurchaseRequest.reference ?? null);
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      setError(serverMessage(err, 'Failed to create purchase request'));
    }
  };

  if (reference && selected) {
    const how = instructions.data?.paymentInstructions;
    const offered = how ? PAYMENT_METHODS.filter(([key]) => how[key].trim()) : [];
    return (
      <section className="card narrow center success-panel">
        <h1>Purchase Request Submitted!</h1>
        <p>
          Reference: <code data-testid="request-reference">{reference}</code>
        </p>
        <p>
          {selected.name}: {selected.credits} credits for <strong>{formatDollars(selected.price)}</strong>. Pay with one of the methods below and write the
          reference <strong>{reference}</strong> on the payment; an administrator adds the credits once it arrives. We have e-mailed you these instructions too.
        </p>
        {instructions.loading && <Loading />}
        {how && offered.length === 0 && <p className="muted">The administrators have not published payment details yet; they will contact you by e-mail.</p>}
        <ul className="payment-methods">
          {offered.map(([key, label]) => (
            <li key={key} className="card">
              <strong>{label}</strong>
              <span className="payment-details">{how![key]}</span>
            </li>
          ))}
        </ul>
        <div className="actions">
          <Link to="/purchase-requests" className="button button-primary">
            View My Purchase Requests
          </Link>
          <button
            type="button"
            className="button"
            onClick={() => {
              setReference(null);
              setSelectedId(null);
              idempotencyKey.current = crypto.randomUUID();
            }}
          >
            Purchase Another Package
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="stack">
      <div className="page-header">
        <h1>Buy Credits</h1>
        <p className="muted">
          Current balance: <strong>{balance === null ? '—' : formatBalance(balance)}</strong> credits
        </p>
      </div>
      {error && (
        <Banner tone="error" onClose={() => setError(null)}>
          {error}
        </Banner>
      )}
      {packages.error && <Banner tone="error">Failed to fetch packages</Banner>}
      {packages.loading && !packages.data && <Loading />}
      <div className="package-grid">
        {list.map((p) => (
          <button
            type="button"
            key={p.id}
            className={`card package${p.id === selectedId ? ' selected' : ''}${p.bestValue ? ' best-value' : ''}`}
            aria-pressed={p.id === selectedId}
            onClick={() => setSelectedId(p.id)}
          >
            {p.bestValue && <span className="ribbon">BEST VALUE</span>}
            <h3>{p.name}</h3>
            <p className="big-number">{p.credits.toLocaleString('en-US')} credits</p>
            <p className="price">{formatDollars(p.price)}</p>
            {p.savingsPercent > 0 && <span className="save-badge">Save {p.savingsPercent}%</span>}
            <p className="muted small">{p.description}</p>
            <p className="muted small">${Number(p.pricePerCredit).toFixed(4)} per credit</p>
          </button>
        ))}
      </div>
      {selected && (
        <div className="card selection" ref={selectionRef}>
          <p>
            You selected <strong>{selected.name}</strong>: {selected.credits} credits for {formatDollars(selected.price)}.
          </p>
          <p className="muted">Balance after purchase: {balance === null ? '—' : formatBalance(balance + selected.credits)} credits</p>
          <button type="button" className="button button-primary" onClick={() => setConfirming(true)}>
            Purchase
          </button>
        </div>
      )}
      {confirming && selected && (
        <Modal title="Confirm Purchase" onClose={() => setConfirming(false)}>
          <dl className="details">
            <dt>Package</dt>
            <dd>{selected.name}</dd>
            <dt>Credits</dt>
            <dd>{selected.credits}</dd>
            <dt>Price</dt>
            <dd>{formatDollars(selected.price)}</dd>
          </dl>
          <p className="muted small">Payment instructions follow after you confirm. An administrator approves the request once payment is received.</p>
          <div className="actions">
            <button type="button" className="button button-primary" disabled={creating} onClick={submit}>
              {creating ? 'Submitting...' : 'Confirm Purchase'}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
