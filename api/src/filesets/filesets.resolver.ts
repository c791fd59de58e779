import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AppServices } from '../app/services.js';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../graphql/context.js';
import { presentFileSet } from '../projects/project.presenter.js';
import { CostEstimateType, FileSetVerificationType, ProjectManifestType } from './filesets.type.js';

/** The wizard's Verify and Credit Cost steps (twins of the REST rows of SPEC §7). */
@Resolver()
export class FileSetsResolver {
  constructor(private readonly services: AppServices) {}

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
    description: 'Writes the processing manifest of a project whose sets are all complete (generate-json); the project becomes ready.',
  })
  async generateProjectJson(
    @Arg('projectId', () => ID, { description: 'One of your projects whose file sets are all complete.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectManifestType> {
    const m = await this.services.fileSets.generateManifest(requireUser(ctx), projectId);
    return {
      message: 'Project configuration generated',
      projectId: m.project.id,
      fileSetCount: m.fileSetCount,
      fileCount: m.fileCount,
      totalBytes: m.totalBytes,
      generatedAt: new Date(m.generatedAt),
      manifest: m as unknown as Record<string, unknown>,
    };
  }

  @Query(() => CostEstimateType, { description: 'What processing the project would cost, and the current balance.' })
  costEstimate(@Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<CostEstimateType> {
    return this.services.fileSets.costEstimate(requireUser(ctx), projectId);
  }
}
