import { print } from 'graphql';
import { graphql } from '../../gql';
import { apiUrl } from '../../client/api-base';
import { graphqlHeaders } from '../../client/auth-header';
import { formatAmount, formatBalance } from '../../ui/format';

/** What both mutations answer that the page uses. */
export const RunStartedFragment = graphql(`
  fragment RunStarted on StartProcessingPayload {
    run {
      id
      charged
      totalJobs
    }
  }
`);

export const StartProcessingMutation = graphql(`
  mutation StartProcessing($projectId: ID!) {
    startProcessing(projectId: $projectId) {
      ...RunStarted
    }
  }
`);

export const RetryProcessingMutation = graphql(`
  mutation RetryProcessing($projectId: ID!) {
    retryProcessing(projectId: $projectId) {
      ...RunStarted
    }
  }
`);

/** Which run: Start processing (the sets never processed) or Retry failed sets. */
export type RunScope = 'UNPROCESSED' | 'FAILED';

interface GraphqlAnswer {
  data?: { startProcessing?: { run: { id: string } }; retryProcessing?: { run: { id: string } } } | null;
  errors?: Array<{ message: string; extensions?: { code?: string; creditCheck?: { estimatedCost?: number | string; currentBalance?: number | string } } }>;
}

/**
 * Step 4's Confirm and Start Processing (SPEC §4): the `startProcessing` mutation (`retryProcessing` for
 * Retry failed sets, with the same credit handling). On success the
 * step refreshes the balance and goes to /project/{id}. A refusal for credits shows SPEC §8's
 * confirm (the server's message, the cost, the balance and the credits still needed) and offers
 * /purchase-credits; any other failure throws, and the step alerts 'Failed to start processing: {reason}'.
 *
 * A plain function (the step calls it without hooks), so it posts the typed document itself,
 * with the same headers the Apollo client sends.
 */
export async function startProcessing(projectId: string, scope: RunScope = 'UNPROCESSED'): Promise<{ started: boolean; message: string }> {
  const retry = scope === 'FAILED';
  const res = await fetch(apiUrl('/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...graphqlHeaders() },
    body: JSON.stringify({
      operationName: retry ? 'RetryProcessing' : 'StartProcessing',
      query: print(retry ? RetryProcessingMutation : StartProcessingMutation),
      variables: { projectId },
    }),
  });
  const answer = (await res.json().catch(() => null)) as GraphqlAnswer | null;
  const error = answer?.errors?.[0];
  if (!error && (answer?.data?.startProcessing || answer?.data?.retryProcessing)) return { started: true, message: 'Processing started.' };
  if (!error) throw new Error(`the server answered ${res.status}`);

  if (error.extensions?.code === 'INSUFFICIENT_CREDITS') {
    const cost = Number(error.extensions.creditCheck?.estimatedCost ?? NaN);
    const balance = Number(error.extensions.creditCheck?.currentBalance ?? NaN);
    const lines = [error.message, ''];
    if (Number.isFinite(cost)) lines.push(`Cost: ${formatAmount(cost)} credits`);
    if (Number.isFinite(balance)) lines.push(`Your balance: ${formatBalance(balance)} credits`);
    if (Number.isFinite(cost) && Number.isFinite(balance)) lines.push(`Credits needed: ${formatAmount(Math.max(0, cost - balance))} more`);
    lines.push('', 'Would you like to purchase credits now?');
    if (confirm(lines.join('\n'))) window.location.assign('/purchase-credits');
    return { started: false, message: error.message };
  }
  throw new Error(error.message);
}
