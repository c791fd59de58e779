import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { IdempotencyKeyArg } from '../../platform/idempotency/idempotency-key-arg.js';
import { ProjectType } from '../projects/projects.types.js';
import type { ProjectProgress } from './progress.js';
import { ProcessingProgressType, ProcessingRunType, StartProcessingPayload } from './processing.types.js';
import { subscribeToProgress } from './progress-subscription.js';
import { startProcessingOnce } from './start-processing-once.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { ProcessingService } from './processing.service.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';

/** What the processing resolver is built with (app/graphql-schema.ts). */
export interface ProcessingResolverDeps {
  /** Start and retry accept an Idempotency-Key (start-processing-once.ts). */
  idempotency: IdempotencyService;
  processing: Pick<ProcessingService, 'start' | 'startAsSetsComplete' | 'stopTakingSets' | 'run' | 'progress' | 'progressOf' | 'latestRun'>;
  /** A start waits for the stills being taken from the project's clips (start-processing-once.ts). */
  fileSets: Pick<FileSetsService, 'awaitStills'>;
}

@Resolver(() => ProjectType)
export class ProcessingResolver {
  constructor(private readonly services: ProcessingResolverDeps) {}

  @RequiresScope('process')
  @Mutation(() => StartProcessingPayload, {
    description:
      'Starts processing the complete file sets of your project not processed yet (incomplete sets are left out; failed ones: retryProcessing) and charges the run once. Errors: INSUFFICIENT_CREDITS (extensions.creditCheck: estimatedCost, currentBalance), CONFLICT (already running, in the trash, or every complete set processed), BAD_USER_INPUT (no complete set), NOT_FOUND.',
  })
  async startProcessing(
    @Arg('projectId', () => ID, { description: 'One of your projects with at least one complete file set.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
    @IdempotencyKeyArg(
      'repeating the mutation with the same key returns the run the first call started (charged once) instead of starting or charging again',
      'The same key with another projectId is a CONFLICT.',
    )
    idempotencyKey?: string | null,
  ) {
    return startProcessingOnce(this.services, requireUser(ctx), projectId, idempotencyKey);
  }

  @RequiresScope('process')
  @Mutation(() => StartProcessingPayload, {
    description:
      'Processes again the file sets whose latest run failed (and that have no result), as a new run charged at the current cost and refunded for the sets that fail again. Errors: INSUFFICIENT_CREDITS (extensions.creditCheck: estimatedCost, currentBalance), CONFLICT (already running, in the trash, or no failed set), BAD_USER_INPUT (the failed sets are incomplete), NOT_FOUND.',
  })
  async retryProcessing(
    @Arg('projectId', () => ID, { description: 'One of your projects with failed file sets.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description: 'As for startProcessing: repeating the mutation with the same key returns the first retry run (charged once), for 24 hours.',
    })
    idempotencyKey?: string | null,
  ) {
    return startProcessingOnce(this.services, requireUser(ctx), projectId, idempotencyKey, 'failed');
  }

  @RequiresScope('process')
  @Mutation(() => StartProcessingPayload, {
    description:
      '"Process each set as soon as it is complete": opens a run that takes each complete file set the moment its last file is uploaded (and the complete ones now), charging each set once at the current cost (ledger key: run and set) and refunding a set that fails. Uploads to the project stay open for sets outside the run. Asking again while such a run takes sets answers that run. End it with stopTakingSets when the card is uploaded. Errors: INSUFFICIENT_CREDITS (not enough for one set), CONFLICT (a run is going, or in the trash), NOT_FOUND.',
  })
  async startProcessingAsSetsComplete(
    @Arg('projectId', () => ID, { description: 'One of your projects (its files may still be uploading).' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.processing.startAsSetsComplete(requireUser(ctx), projectId);
  }

  @RequiresScope('process')
  @Mutation(() => StartProcessingPayload, {
    description:
      'No more sets will come to the run opened by startProcessingAsSetsComplete: it finishes when the sets it took are done (sets completed later wait for startProcessing). Asking again answers the same run. Errors: CONFLICT (no run taking sets), NOT_FOUND.',
  })
  async stopTakingSets(
    @Arg('projectId', () => ID, { description: 'One of your projects with a run taking sets.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.processing.stopTakingSets(requireUser(ctx), projectId);
  }

  @Query(() => ProcessingProgressType, { description: 'Progress of the latest processing run of your project.' })
  async projectProgress(@Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string, @Ctx() ctx: GraphQLContext) {
    return this.services.processing.progress(requireUser(ctx), projectId);
  }

  @Subscription(() => ProcessingProgressType, {
    name: 'projectProgress',
    description:
      'The same figures as the projectProgress query: the current state first, then every change from any worker; completes after the final state when the run ends.',
    subscribe: subscribeToProgress as never,
  })
  projectProgressChanged(
    @Root() progress: ProjectProgress,
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) _projectId: string,
  ): ProjectProgress {
    return progress;
  }

  @FieldResolver(() => ProcessingProgressType, { description: 'Progress data of the latest processing run (zero counts when never processed).' })
  async progress(@Root() project: ProjectType) {
    return this.services.processing.progressOf(project.id);
  }

  @FieldResolver(() => ProcessingRunType, { nullable: true, description: 'The latest processing run, or null.' })
  async latestRun(@Root() project: ProjectType) {
    return this.services.processing.latestRun(project.id);
  }
}
