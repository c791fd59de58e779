import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';

@ObjectType('ProcessingJob', { description: 'Progress of one file set in a processing run.' })
export class ProcessingJobType {
  @Field(() => ID, { description: 'Job id.' })
  id!: string;
  @Field(() => ID, { description: 'The file set this job processes.' })
  fileSetId!: string;
  @Field({ description: 'pending, processing, completed or failed.' })
  status!: string;
  @Field(() => Int, { description: 'Percent 0-100 of this set.' })
  progress!: number;
  @Field(() => String, {
    nullable: true,
    description: 'Current stage: queued, probe, telemetry, geocode, frames, metadata, save, retrying, completed, failed.',
  })
  stage!: string | null;
  @Field(() => String, { nullable: true, description: 'The stage as a sentence for the user, e.g. "Analysing image and frames".' })
  stageMessage!: string | null;
  @Field(() => String, { nullable: true, description: 'Why the set failed (or the error being retried).' })
  error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why the set failed, in plain words with what to do (e.g. replace the video and retry); null unless it failed.',
  })
  reason!: string | null;
  @Field(() => Int, { description: 'Times a worker started this set (retries after temporary errors, or after a worker died).' })
  attempts!: number;
}

@ObjectType('ProcessingProgress', { description: 'Progress of the latest processing run of a project (the figures of GET /api/projects/{id}/progress).' })
export class ProcessingProgressType {
  @Field(() => ID, { description: 'The project.' })
  projectId!: string;
  @Field({ description: "The project's status: processing while a run is going, then completed." })
  status!: string;
  @Field(() => ID, { nullable: true, description: 'The latest run; null when the project was never processed.' })
  runId!: string | null;
  @Field(() => String, { nullable: true, description: 'running or completed; null without a run.' })
  runStatus!: string | null;
  @Field({
    description:
      'True while the run takes each set as soon as its last file is uploaded ("Process each set as soon as it is complete"); the run cannot finish before its intake ends.',
  })
  acceptingSets!: boolean;
  @Field(() => String, { nullable: true, description: 'Why such a run stopped taking sets early (e.g. the credits ran out); null otherwise.' })
  intakeStoppedReason!: string | null;
  @Field(() => Int, { description: 'File sets in the latest run.' })
  totalJobs!: number;
  @Field(() => Int, { description: 'File sets processed successfully.' })
  completedJobs!: number;
  @Field(() => Int, { description: 'File sets being processed now.' })
  processingJobs!: number;
  @Field(() => Int, { description: 'File sets whose processing failed (their credits are refunded).' })
  failedJobs!: number;
  @Field(() => Int, { description: 'File sets still waiting in the queue.' })
  pendingJobs!: number;
  @Field(() => Int, { description: 'Overall percent 0-100.' })
  progress!: number;
  @Field(() => [ProcessingJobType], { description: 'One entry per file set of the run, in project order.' })
  jobs!: ProcessingJobType[];
}

@ObjectType('ProcessingRun', { description: 'One paid processing run of a project.' })
export class ProcessingRunType {
  @Field(() => ID, { description: 'Run id (the ledger charge and refund are keyed by it).' })
  id!: string;
  @Field(() => ID, { description: 'The project processed.' })
  projectId!: string;
  @Field({ description: 'running or completed.' })
  status!: string;
  @Field(() => Int, { description: 'File sets in the run (the complete sets when it started).' })
  totalJobs!: number;
  @Field(() => Int, { description: 'Sets that completed (set when the run finishes).' })
  succeededJobs!: number;
  @Field(() => Int, { description: 'Sets that failed (set when the run finishes).' })
  failedJobs!: number;
  @Field(() => MoneyScalar, { description: 'Credits per file set when the run started.' })
  costPerFileset!: string;
  @Field(() => MoneyScalar, { description: 'Credits charged at the start.' })
  charged!: string;
  @Field(() => MoneyScalar, { nullable: true, description: 'Credits refunded for failed sets; null while running.' })
  refunded!: string | null;
  @Field({ description: 'Metadata provider: offline or openai.' })
  provider!: string;
  @Field({ description: 'True while the run takes sets as their last file arrives (charged set by set).' })
  acceptingSets!: boolean;
  @Field({ description: 'Charged set by set as sets completed, rather than once at the start.' })
  chargedPerSet!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the run stopped taking sets early (e.g. the credits ran out); null otherwise.' })
  intakeStoppedReason!: string | null;
  @Field({ description: 'When the run started (ISO 8601 date-time).' })
  createdAt!: Date;
  @Field(() => Date, { description: 'When the last file set finished (ISO 8601 date-time); null while running.', nullable: true })
  finishedAt!: Date | null;
}

@ObjectType('StartProcessingPayload', { description: 'The run that was started and the progress right after.' })
export class StartProcessingPayload {
  @Field(() => ProcessingRunType, { description: 'The run that was started (or, for a retry with the same idempotencyKey, the one the first call started).' })
  run!: ProcessingRunType;
  @Field(() => ProcessingProgressType, { description: "The project's progress right after the start." })
  progress!: ProcessingProgressType;
}
