import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Banner } from '../../../ui/Banner';
import { Loading } from '../../../ui/Loading';
import { creditsInDollars, formatAmount, formatBalance, formatDollars, formatExactCredits, REFERENCE_PRICE_PER_CREDIT } from '../../../ui/format';
import { useCreditBalance } from '../../credits/hooks/use-credit-balance';
import { CostEstimateQuery } from '../graphql/wizard.graphql';
import { startProcessing, type RunScope } from '../start-processing';

interface Props {
  projectId: string;
  onBack: () => void;
  /** Start processing (default, step 4) or Retry failed sets (the project page). */
  scope?: RunScope;
  /** After the run started; by default the project page. */
  onStarted?: () => void;
  backLabel?: string;
}

/**
 * Step 4: the estimate against the balance; start processing, or buy credits (SPEC §2, §4). The
 * project page shows the same panel for Start processing and Retry failed sets, so the credit
 * check and the Insufficient Credits handling are one. Only the sets the run takes are counted;
 * incomplete ones are named as left out.
 */
export function CreditCostStep({ projectId, onBack, scope = 'UNPROCESSED', onStarted, backLabel = 'Back to File Sets' }: Props) {
  const navigate = useNavigate();
  const { refetch: refetchBalance } = useCreditBalance();
  const { data, loading, error, refetch: refetchEstimate } = useQuery(CostEstimateQuery, { variables: { projectId, scope }, fetchPolicy: 'network-only' });
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
  const retry = scope === 'FAILED';

  const confirm = async () => {
    setStarting(true);
    setNotice(null);
    try {
      const r = await startProcessing(projectId, scope);
      if (!r.started) {
        // Refused (402: the balance changed since the estimate): show the balance as it is now, so
        // the step turns to Insufficient Credits instead of offering the same button again.
        await Promise.all([refetchEstimate().catch(() => undefined), refetchBalance().catch(() => undefined)]);
        return setNotice(r.message);
      }
      await refetchBalance().catch(() => undefined);
      if (onStarted) onStarted();
      else navigate(`/project/${projectId}`);
    } catch (err) {
      alert(`Failed to start processing: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="wizard-panel stack" data-testid="credit-cost">
      <h2>{retry ? 'Retry Failed Sets' : 'Credit Cost'}</h2>
      <dl className="cost-table">
        <dt>Cost per file set</dt>
        <dd data-testid="cost-per-fileset">{formatExactCredits(e.costPerFileset)} credits</dd>
        <dt>{retry ? 'Failed sets to retry' : 'File sets to process'}</dt>
        <dd data-testid="sets-to-process">
          {e.fileSetCount}
          {!retry && e.fileSetCount !== e.totalFileSets && <span className="muted"> of {e.totalFileSets}</span>}
        </dd>
        <dt className="cost-total">Total cost</dt>
        <dd className="cost-total" data-testid="total-cost">
          {formatAmount(e.totalCost)} credits{' '}
          <span className="muted small" title={`At the reference price of ${formatDollars(REFERENCE_PRICE_PER_CREDIT)} per credit`}>
            ({creditsInDollars(e.totalCost)})
          </span>
        </dd>
        <dt>Your balance</dt>
        <dd className={covered ? 'positive' : 'negative'}>{formatBalance(e.currentBalance)} credits</dd>
      </dl>
      {e.leftOut.length > 0 && (
        <Banner tone="info">
          <span data-testid="left-out">
            {e.leftOut.length === 1 ? '1 incomplete file set is' : `${e.leftOut.length} incomplete file sets are`} left out and not charged:
          </span>
          <ul className="left-out-list">
            {e.leftOut.map((l) => (
              <li key={l.fileSetId}>
                {l.baseName}: {l.reason}
              </li>
            ))}
          </ul>
        </Banner>
      )}
      {e.fileSetCount === 0 ? (
        <>
          <Banner tone="info">{retry ? 'No failed file set can be retried now.' : 'Every complete file set has been processed already.'}</Banner>
          <div className="actions">
            <button type="button" className="button" onClick={onBack}>
              {backLabel}
            </button>
          </div>
        </>
      ) : covered ? (
        <>
          {notice && <Banner tone="info">{notice}</Banner>}
          <div className="actions">
            <button type="button" className="button" onClick={onBack}>
              {backLabel}
            </button>
            <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={starting}>
              {starting ? 'Starting…' : retry ? 'Confirm and Retry' : 'Confirm and Start Processing'}
            </button>
          </div>
        </>
      ) : (
        <div className="insufficient stack">
          {notice && <Banner tone="info">{notice}</Banner>}
          <h3 className="error-text">Insufficient Credits</h3>
          <p>
            {retry ? 'Retrying' : 'Processing'} needs {formatAmount(e.totalCost)} credits; you have {formatBalance(e.currentBalance)}. Buy{' '}
            {formatAmount(Math.max(0, total - balance))} more credits to continue.
          </p>
          {!onStarted && (
            <p className="muted small">Your project and its files are kept: come back to it from the dashboard&apos;s Continue setup or the project page.</p>
          )}
          <div className="actions">
            <Link to="/purchase-credits" className="button button-primary">
              Purchase Credits
            </Link>
            <button type="button" className="button" onClick={onBack}>
              {backLabel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
