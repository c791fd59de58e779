/**
 * What the run store reads and answers: a run as the API shows it (`RunView`, from its row by
 * `toRunView`), its head for progress, a settled run's refunds, a new run, a run taking sets as
 * they complete. The SQL that reads and writes them is run-store.ts's.
 */
import { formatCredits } from '@shotlog/ledger';
import type { RunStatus } from './run-lifecycle.js';

export interface RunView {
  id: string;
  projectId: string;
  status: RunStatus;
  totalJobs: number;
  succeededJobs: number;
  failedJobs: number;
  costPerFileset: string;
  charged: string;
  refunded: string | null;
  provider: string;
  /** Taking sets as they complete (issue 18 item 6); the run cannot finish while true. */
  acceptingSets: boolean;
  /** Charged set by set (ledger key run/set) rather than once. */
  chargedPerSet: boolean;
  /** Why the intake of sets ended early (e.g. credits ran out); null otherwise. */
  intakeStoppedReason: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A project's latest run as progress reads it. */
export interface RunHead {
  id: string;
  status: RunStatus;
  acceptingSets: boolean;
  intakeStoppedReason: string | null;
}

/** A run that has just ended (or ended without its refund posted): what the refund is computed from. */
export interface SettledRun {
  runId: string;
  projectId: string;
  userId: string;
  totalJobs: number;
  succeeded: number;
  failed: number;
  chargedCents: number;
  costPerFileset: string;
  chargedPerSet: boolean;
  /** What the run's end still refunds (run-lifecycle's RunEnded). */
  refundCents: number;
  /** What failed sets of a run charged per set got back at once. */
  refundedAtOnceCents: number;
}

/** A set of a run charged per set and what it was charged. */
export interface SetCharge {
  fileSetId: string;
  chargeCents: number;
}

/** A new run's row and the sets it takes (one pending job each). */
export interface NewRun {
  id: string;
  projectId: string;
  userId: string;
  fileSetIds: readonly string[];
  costPerFileset: string;
  chargedCents: number;
  provider: string;
  /** Opened by "Process each set as soon as it is complete": no sets yet, charged per set as they come. */
  acceptingSets?: boolean;
}

/** The open run of a project that takes sets as they complete. */
export interface AcceptingRun {
  runId: string;
  userId: string;
  costPerFileset: string;
}

/** A set's own ledger key in a run charged per set: one charge and at most one refund per set and run. */
export const setChargeKey = (runId: string, fileSetId: string) => `${runId}/${fileSetId}`;

export interface RunRow {
  id: string;
  project_id: string;
  status: RunStatus;
  total_jobs: number;
  succeeded_jobs: number;
  failed_jobs: number;
  cost_per_fileset: string;
  charged_cents: number;
  refunded_cents: number | null;
  provider: string;
  accepting_sets: boolean;
  charged_per_set: boolean;
  intake_stopped_reason: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export const toRunView = (r: RunRow): RunView => ({
  id: r.id,
  projectId: r.project_id,
  status: r.status,
  totalJobs: r.total_jobs,
  succeededJobs: r.succeeded_jobs,
  failedJobs: r.failed_jobs,
  costPerFileset: r.cost_per_fileset,
  charged: formatCredits(r.charged_cents),
  refunded: r.refunded_cents === null ? null : formatCredits(r.refunded_cents),
  provider: r.provider,
  acceptingSets: r.accepting_sets,
  chargedPerSet: r.charged_per_set,
  intakeStoppedReason: r.intake_stopped_reason,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});
