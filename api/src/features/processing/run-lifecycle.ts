/**
 * The rules of one processing run, without I/O (the ledger's shape: `decide(command, state)` answers
 * the events, `evolve(state, event)` applies one). The store (run-store.ts) loads a run's state under
 * its row lock, asks `decide`, and writes what the events say; the service (processing.service.ts)
 * posts the money they name to the ledger. So what a run charges and refunds can be read and tested
 * here, without a database.
 *
 * Money: a run charged once costs round-half-up(count x costPerFileset) (DESIGN "Credits"). A run
 * charged set by set ("process as sets complete") charges each set so that the run's charge after k
 * sets is that same round-half-up(k x cost): the carried remainder is the run's `chargedCents`, so the
 * run's total equals the estimate for its count. Refund = charge - round(succeeded x cost): a run
 * charged once posts it when it ends; a run charged per set gives a failed set its own charge back at
 * once (its own ledger key) and, when it ends, refunds whatever the rule still owes on the sets that
 * succeeded. A posted refund is never taken back, so where a failed set's own charge was the rounded-up
 * cent the user keeps that cent.
 */
import { runCostCents } from '@shotlog/ledger';

export type RunStatus = 'running' | 'completed';
export type SetOutcome = 'completed' | 'failed';

export interface RunState {
  status: RunStatus | 'none';
  costPerFileset: string;
  chargedPerSet: boolean;
  acceptingSets: boolean;
  /** Sets the run holds (one job each). */
  takenSets: number;
  /** What the run has charged so far, in cents. */
  chargedCents: number;
  succeeded: number;
  failed: number;
  /** Jobs neither completed nor failed. */
  open: number;
  /** Refunds posted so far (per failed set, and the run's end). */
  refundedCents: number;
}

export const initialRunState: RunState = {
  status: 'none',
  costPerFileset: '0',
  chargedPerSet: false,
  acceptingSets: false,
  takenSets: 0,
  chargedCents: 0,
  succeeded: 0,
  failed: 0,
  open: 0,
  refundedCents: 0,
};

export type RunCommand =
  | { type: 'StartRun'; fileSetCount: number; costPerFileset: string; perSet: boolean }
  | { type: 'TakeSet'; fileSetId: string }
  | { type: 'GiveBackSet'; fileSetId: string; chargeCents: number }
  | { type: 'SettleSet'; fileSetId: string; outcome: SetOutcome }
  | { type: 'RefundFailedSet'; fileSetId: string; setChargeCents: number }
  | { type: 'EndIntake'; reason: string | null }
  | { type: 'EndRun' };

export type RunEvent =
  | { type: 'RunStarted'; fileSetCount: number; costPerFileset: string; perSet: boolean; chargedCents: number }
  | { type: 'SetTaken'; fileSetId: string; chargeCents: number }
  | { type: 'SetGivenBack'; fileSetId: string; chargeCents: number }
  | { type: 'SetSettled'; fileSetId: string; outcome: SetOutcome }
  | { type: 'FailedSetRefunded'; fileSetId: string; cents: number }
  | { type: 'IntakeEnded'; reason: string | null }
  | { type: 'RunEnded'; succeeded: number; failed: number; refundCents: number };

/** A command the run's state does not allow (the caller maps it to a 409). */
export class RunRuleError extends Error {
  constructor(
    readonly code: 'NOT_RUNNING' | 'ALREADY_STARTED',
    message: string,
  ) {
    super(message);
  }
}

/** What the k-th set of a run charged per set costs: round(k x cost) less what the run charged already. */
export const nextSetChargeCents = (state: Pick<RunState, 'takenSets' | 'chargedCents' | 'costPerFileset'>): number =>
  Math.max(0, runCostCents(state.takenSets + 1, state.costPerFileset) - state.chargedCents);

/** What the rule owes back for a run's failed sets: charge - round(succeeded x cost), never below 0. */
export const ruleRefundCents = (state: Pick<RunState, 'chargedCents' | 'succeeded' | 'costPerFileset'>): number =>
  Math.max(0, state.chargedCents - runCostCents(state.succeeded, state.costPerFileset));

/**
 * Spreads a per-set run's closing refund over its succeeded sets' own charges (each ledger key is
 * refunded once, at most its charge). The rule's rest never exceeds their sum.
 */
export function spreadRefund(cents: number, succeededCharges: ReadonlyArray<{ fileSetId: string; chargeCents: number }>) {
  const parts: Array<{ fileSetId: string; cents: number }> = [];
  let left = cents;
  for (const s of succeededCharges) {
    if (left <= 0) break;
    const part = Math.min(left, s.chargeCents);
    if (part > 0) parts.push({ fileSetId: s.fileSetId, cents: part });
    left -= part;
  }
  return parts;
}

const requireRunning = (state: RunState) => {
  if (state.status !== 'running') throw new RunRuleError('NOT_RUNNING', 'This processing run is not running');
};

export function decide(command: RunCommand, state: RunState): RunEvent[] {
  switch (command.type) {
    case 'StartRun': {
      if (state.status !== 'none') throw new RunRuleError('ALREADY_STARTED', 'This processing run has started already');
      const { fileSetCount, costPerFileset, perSet } = command;
      // A run taking sets as they complete starts empty and is charged as each set comes.
      const chargedCents = perSet ? 0 : runCostCents(fileSetCount, costPerFileset);
      return [{ type: 'RunStarted', fileSetCount: perSet ? 0 : fileSetCount, costPerFileset, perSet, chargedCents }];
    }
    case 'TakeSet':
      // Intake ended (or never open): the set waits for a normal start. Not an error: uploads race the end.
      if (state.status !== 'running' || !state.acceptingSets) return [];
      return [{ type: 'SetTaken', fileSetId: command.fileSetId, chargeCents: nextSetChargeCents(state) }];
    case 'GiveBackSet':
      // The ledger refused the set's charge: the run lets go of it as if never taken.
      requireRunning(state);
      return [{ type: 'SetGivenBack', fileSetId: command.fileSetId, chargeCents: command.chargeCents }];
    case 'SettleSet':
      requireRunning(state);
      return [{ type: 'SetSettled', fileSetId: command.fileSetId, outcome: command.outcome }];
    case 'RefundFailedSet':
      // Only runs charged per set refund set by set; the others refund when they end.
      if (!state.chargedPerSet) return [];
      return [{ type: 'FailedSetRefunded', fileSetId: command.fileSetId, cents: command.setChargeCents }];
    case 'EndIntake':
      if (state.status !== 'running' || !state.acceptingSets) return [];
      return [{ type: 'IntakeEnded', reason: command.reason }];
    case 'EndRun': {
      // Ends once, when nothing is open and no more sets can come; otherwise nothing happens.
      if (state.status !== 'running' || state.acceptingSets || state.open > 0) return [];
      const refundCents = Math.max(0, ruleRefundCents(state) - state.refundedCents);
      return [{ type: 'RunEnded', succeeded: state.succeeded, failed: state.failed, refundCents }];
    }
  }
}

export function evolve(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'RunStarted':
      return {
        ...initialRunState,
        status: 'running',
        costPerFileset: event.costPerFileset,
        chargedPerSet: event.perSet,
        acceptingSets: event.perSet,
        takenSets: event.fileSetCount,
        open: event.fileSetCount,
        chargedCents: event.chargedCents,
      };
    case 'SetTaken':
      return { ...state, takenSets: state.takenSets + 1, open: state.open + 1, chargedCents: state.chargedCents + event.chargeCents };
    case 'SetGivenBack':
      return { ...state, takenSets: state.takenSets - 1, open: state.open - 1, chargedCents: state.chargedCents - event.chargeCents };
    case 'SetSettled':
      return event.outcome === 'completed'
        ? { ...state, open: state.open - 1, succeeded: state.succeeded + 1 }
        : { ...state, open: state.open - 1, failed: state.failed + 1 };
    case 'FailedSetRefunded':
      return { ...state, refundedCents: state.refundedCents + event.cents };
    case 'IntakeEnded':
      return { ...state, acceptingSets: false };
    case 'RunEnded':
      return { ...state, status: 'completed', refundedCents: state.refundedCents + event.refundCents };
  }
}

/** The state after a list of events, from the start. */
export const replay = (events: readonly RunEvent[], from: RunState = initialRunState): RunState => events.reduce(evolve, from);
