import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { creditsInDollars, formatAmount, formatBalance, formatDollars, REFERENCE_PRICE_PER_CREDIT } from '../../../ui/format';
import { useCreditBalance } from '../../credits/hooks/use-credit-balance';
import { CostEstimateQuery } from '../graphql/wizard.graphql';
import { startProcessing } from '../start-processing';

/** Step 4: the estimate against the balance; start processing, or buy credits (SPEC §2, §4). */
export function CreditCostStep({ projectId, onBack }: { projectId: string; onBack: () => void }) {
  const navigate = useNavigate();
  const { refetch: refetchBalance } = useCreditBalance();
  const { data, loading, error, refetch: refetchEstimate } = useQuery(CostEstimateQuery, { variables: { projectId }, fetchPolicy: 'network-only' });
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // The badge in the navigation shows the same balance: refresh it with the estimate.
  useEffect(() => {
    void refetchBalance().catch(() => undefined);
  }, [refetchBalance]);

  if (loading && !data) return <Loading label="Calculating cost…" />;
  if (error || !data) return <Banner tone="error">Failed to fetch the cost estimate</Banner>;

  const e = data.costEstimate;
  const total = Number(e.totalCost);
  const balance = Number(e.currentBalance);
  const covered = balance >= total;

  const confirm = async () => {
    setStarting(true);
    setNotice(null);
    try {
      const r = await startProcessing(projectId);
      if (!r.started) {
        // Refused (402: the balance changed since the estimate): show the balance as it is now, so
        // the step turns to Insufficient Credits instead of offering the same button again.
        await Promise.all([refetchEstimate().catch(() => undefined), refetchBalance().catch(() => undefined)]);
        return setNotice(r.message);
      }
      await refetchBalance().catch(() => undefined);
      navigate(`/project/${projectId}`);
    } catch (err) {
      alert(`Failed to start processing: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="wizard-panel stack">
      <h2>Credit Cost</h2>
      <dl className="cost-table">
        <dt>Cost per file set</dt>
        <dd>{formatBalance(e.costPerFileset)} credits</dd>
        <dt>File sets</dt>
        <dd>{e.fileSetCount}</dd>
        <dt className="cost-total">Total cost</dt>
        <dd className="cost-total">
          {formatAmount(e.totalCost)} credits{' '}
          <span className="muted small" title={`At the reference price of ${formatDollars(REFERENCE_PRICE_PER_CREDIT)} per credit`}>
            ({creditsInDollars(e.totalCost)})
          </span>
        </dd>
        <dt>Your balance</dt>
        <dd className={covered ? 'positive' : 'negative'}>{formatBalance(e.currentBalance)} credits</dd>
      </dl>
      {covered ? (
        <>
          {notice && <Banner tone="info">{notice}</Banner>}
          <div className="actions">
            <button type="button" className="button" onClick={onBack}>
              Back to File Sets
            </button>
            <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={starting}>
              {starting ? 'Starting…' : 'Confirm and Start Processing'}
            </button>
          </div>
        </>
      ) : (
        <div className="insufficient stack">
          {notice && <Banner tone="info">{notice}</Banner>}
          <h3 className="error-text">Insufficient Credits</h3>
          <p>
            Processing needs {formatAmount(e.totalCost)} credits; you have {formatBalance(e.currentBalance)}. Buy {formatAmount(Math.max(0, total - balance))}{' '}
            more credits to continue.
          </p>
          <div className="actions">
            <Link to="/purchase-credits" className="button button-primary">
              Purchase Credits
            </Link>
            <button type="button" className="button" onClick={onBack}>
              Back to File Sets
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
