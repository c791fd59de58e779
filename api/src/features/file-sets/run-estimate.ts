import type { User } from '../users/user.entity.js';

/** Which run a cost estimate is for: start processing, or the retry of failed sets. */
export type RunScope = 'unprocessed' | 'failed';

/** What a processing run of a project would take and cost now (the wizard's cost step). */
export interface RunEstimate {
  projectId: string;
  scope: RunScope;
  costPerFileset: string;
  fileSetCount: number;
  totalFileSets: number;
  /** Incomplete sets the run would leave out, and why. */
  leftOut: { fileSetId: string; baseName: string; reason: string }[];
  totalCost: string;
  currentBalance: string;
  sufficient: boolean;
}

/**
 * What the file-set routes and resolver ask of processing, typed here by the consumer: the
 * processing feature's ProcessingService is the one (passed in by app/http-app.ts and
 * app/graphql-schema.ts; the compiler checks it fits).
 */
export interface RunEstimator {
  estimate(user: User, projectId: unknown, scope: RunScope): Promise<RunEstimate>;
}
