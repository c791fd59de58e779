import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { presentFileSet, presentProject } from '../projects/project.presenter.js';
import { generatedMessage, MAX_CHOSEN_SETS, removedMessage, type FileSetsService } from './file-sets.service.js';
import { setChoiceOf } from './set-choice.js';
import { FileSetType } from '../projects/projects.types.js';
import { CostEstimateType, FileSetVerificationType, ProcessingScope, ProjectManifestType, RemoveFileSetPayload } from './file-sets.types.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { RunEstimator } from './run-estimate.js';

/** What the file-set resolver is built with (app/graphql-schema.ts). */
export interface FileSetsResolverDeps {
  fileSets: FileSetsService;
  projects: Pick<ProjectsService, 'getOwned'>;
  /** The wizard's cost step estimates a run. */
  processing: RunEstimator;
}

/** The wizard's Verify and Credit Cost steps (twins of the REST rows of SPEC §7). */
@Resolver()
export class FileSetsResolver {
  constructor(private readonly services: FileSetsResolverDeps) {}

  @Query(() => FileSetVerificationType, {
    description: "Verifies a project's file sets: each with status (complete or incomplete), what is missing, and its files.",
  })
  async verifyFileSets(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FileSetVerificationType> {
    const project = await this.services.fileSets.verify(requireUser(ctx), projectId);
    const fileSets = project.fileSets.getItems().map(presentFileSet);
    return { projectId: project.id, status: project.status, allComplete: fileSets.length > 0 && fileSets.every((s) => s.status === 'complete'), fileSets };
  }

  @Mutation(() => ProjectManifestType, {
    description:
      'Writes the processing manifest of a project (generate-json); the project becomes ready. Every set must be complete (CONFLICT otherwise) unless completeOnly: then the incomplete sets are left out and listed.',
  })
  async generateProjectJson(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('completeOnly', () => Boolean, { defaultValue: false, description: 'Leave the incomplete sets out instead of refusing.' }) completeOnly: boolean,
  ): Promise<ProjectManifestType> {
    const { manifest: m, leftOut } = await this.services.fileSets.generateManifest(requireUser(ctx), projectId, { completeOnly });
    return {
      message: generatedMessage(leftOut.length),
      projectId: m.project.id,
      fileSetCount: m.fileSetCount,
      fileCount: m.fileCount,
      totalBytes: m.totalBytes,
      generatedAt: new Date(m.generatedAt),
      leftOut,
      manifest: m as unknown as Record<string, unknown>,
    };
  }

  @Query(() => CostEstimateType, { description: 'What a processing run of the project would take and cost now, what it leaves out, and the balance.' })
  async costEstimate(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('scope', () => ProcessingScope, { defaultValue: ProcessingScope.UNPROCESSED, description: 'Start processing (default) or the retry of failed sets.' })
    scope: ProcessingScope,
  ): Promise<CostEstimateType> {
    const e = await this.services.processing.estimate(requireUser(ctx), projectId, scope);
    return { ...e, scope: e.scope as ProcessingScope };
  }

  @Mutation(() => [FileSetType], {
    description:
      'Step 3 choices for some of your sets (all of the project when fileSetIds is empty): withoutTelemetry processes a clip that has no .SRT from its pictures alone (no place, shot types from the picture motion); leftOut leaves a set (a photo) out of processing. Answers every set of the project. Errors: BAD_USER_INPUT, NOT_FOUND, CONFLICT while processing or in the trash.',
  })
  async chooseFileSetProcessing(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('fileSetIds', () => [ID], { defaultValue: [], description: `Sets of the project (at most ${MAX_CHOSEN_SETS}); empty: every set.` })
    fileSetIds: string[],
    @Arg('withoutTelemetry', () => Boolean, { nullable: true, description: 'Process these clips without their .SRT (true) or not (false).' })
    withoutTelemetry?: boolean | null,
    @Arg('leftOut', () => Boolean, { nullable: true, description: 'Leave these sets out of processing (true) or take them (false).' }) leftOut?: boolean | null,
  ): Promise<FileSetType[]> {
    const sets = await this.services.fileSets.choose(
      requireUser(ctx),
      projectId,
      setChoiceOf({ fileSetIds, withoutTelemetry: withoutTelemetry ?? undefined, leftOut: leftOut ?? undefined }),
    );
    return sets.map(presentFileSet);
  }

  @Mutation(() => RemoveFileSetPayload, {
    description:
      'Removes one of your file sets with its files (from storage too) and its result. Errors: CONFLICT while the project is processing or in the trash, NOT_FOUND.',
  })
  async removeFileSet(@Arg('fileSetId', () => ID, { description: 'One of your file sets.' }) fileSetId: string, @Ctx() ctx: GraphQLContext) {
    const user = requireUser(ctx);
    const removed = await this.services.fileSets.removeFileSet(user, fileSetId);
    const project = await this.services.projects.getOwned(user, removed.projectId, { includeFiles: true });
    return { message: removedMessage(removed), ...removed, project: presentProject(project) };
  }
}
