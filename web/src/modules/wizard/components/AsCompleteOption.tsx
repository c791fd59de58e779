import { useQuery } from '@apollo/client/react';
import { CostEstimateQuery } from '../graphql/wizard.graphql';
import type { SetsAsCompleteRun } from '../hooks/use-sets-as-complete-run';

/** The opt-in "Process each set as soon as it is complete", with what a set costs and the balance. */
export function AsCompleteOption({ projectId, run, busy }: { projectId: string; run: SetsAsCompleteRun; busy: boolean }) {
  const cost = useQuery(CostEstimateQuery, { variables: { projectId, scope: 'UNPROCESSED' }, fetchPolicy: 'network-only' });
  return (
    <label className="inline-field small" data-testid="as-complete-option">
      <input type="checkbox" checked={run.chosen} disabled={busy || run.open} onChange={(e) => run.setChosen(e.target.checked)} />
      Process each set as soon as it is complete
      {cost.data && (
        <span className="muted">
          {' '}
          ({cost.data.costEstimate.costPerFileset} credits a set, charged as each set completes; balance {cost.data.costEstimate.currentBalance})
        </span>
      )}
    </label>
  );
}
