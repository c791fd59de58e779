import { balanceChange, type LedgerEvent } from './events.js';
import type { Cents } from './money.js';

/** What a processing run has cost and given back so far. */
export interface RunState {
  readonly charged: Cents;
  readonly refunded: Cents;
  readonly refundDecided: boolean;
}

/**
 * An account as the rules see it. `runs` holds the processing runs the rules need: a full fold of the
 * stream has all of them; the store loads only the run the current command names (see store/append.ts).
 */
export interface AccountState {
  readonly opened: boolean;
  readonly balance: Cents;
  readonly runs: Readonly<Record<string, RunState>>;
}

export const initialState = (): AccountState => ({ opened: false, balance: 0, runs: {} });

const NO_RUN: RunState = { charged: 0, refunded: 0, refundDecided: false };

/** A run's state; own properties only, so a run id such as "__proto__" cannot read Object.prototype. */
export const runState = (state: AccountState, runId: string): RunState => (Object.hasOwn(state.runs, runId) ? state.runs[runId]! : NO_RUN);

export function evolve(state: AccountState, event: LedgerEvent): AccountState {
  const balance = state.balance + balanceChange(event);
  switch (event.type) {
    case 'AccountOpened':
      return { ...state, opened: true };
    case 'SignupBonusGranted':
    case 'PurchaseApproved':
    case 'AdminAdjusted':
      return { ...state, balance };
    case 'ProcessingCharged': {
      const run = runState(state, event.data.runId);
      const runs = { ...state.runs, [event.data.runId]: { ...run, charged: run.charged + event.data.amount } };
      return { ...state, balance, runs };
    }
    case 'ProcessingRefunded': {
      const run = runState(state, event.data.runId);
      const refunded = run.refunded + event.data.amount;
      const runs = { ...state.runs, [event.data.runId]: { ...run, refunded, refundDecided: true } };
      return { ...state, balance, runs };
    }
  }
}

export const fold = (events: readonly LedgerEvent[], state: AccountState = initialState()): AccountState => events.reduce(evolve, state);
