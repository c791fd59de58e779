import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { checkFirst, toConnection } from '../../platform/graphql/relay.js';
import { CAMERA_TYPES } from '../../analysis/metadata/camera-types.js';
import { createProjectOnce } from './create-project-once.js';
import { IdempotencyKeyArg } from '../../platform/idempotency/idempotency-key-arg.js';
import { presentProject } from './project.presenter.js';
import { emptyTrashMessage, projectCursor, type ProjectsService } from './projects.service.js';
import { CameraTypeOption, CreateProjectInput, EmptyTrashResult, ProjectConnection, ProjectCounts, ProjectType, ProjectView } from './projects.types.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';

/** What the projects resolver is built with (app/graphql-schema.ts). */
export interface ProjectsResolverDeps {
  projects: ProjectsService;
  idempotency: IdempotencyService;
}

@Resolver(() => ProjectType)
export class ProjectsResolver {
  constructor(private readonly services: ProjectsResolverDeps) {}

  @Query(() => [CameraTypeOption], { description: 'The camera types a project can be created with.' })
  cameraTypes(): CameraTypeOption[] {
    return CAMERA_TYPES.map((c) => ({ ...c }));
  }

  @Query(() => ProjectConnection, { description: "The signed-in user's projects, newest first, filtered like the dashboard." })
  async projects(
    @Ctx() ctx: GraphQLContext,
    @Arg('view', () => ProjectView, { defaultValue: ProjectView.ACTIVE, description: 'Active projects or the trash.' }) view: ProjectView,
    @Arg('search', () => String, { nullable: true, description: 'Text matched (case-insensitively) in name and description.' }) search: string | null,
    @Arg('createdOn', () => String, { nullable: true, description: 'Only projects created on this day (YYYY-MM-DD, in the time zone of tzOffsetMinutes).' })
    createdOn: string | null,
    @Arg('tzOffsetMinutes', () => Int, {
      defaultValue: 0,
      description: "The viewer's time zone as minutes east of UTC (JavaScript: -new Date().getTimezoneOffset()).",
    })
    tzOffsetMinutes: number,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) after: string | null,
  ) {
    const user = requireUser(ctx);
    checkFirst(first);
    const page = await this.services.projects.list(user, { view, search, createdOn, tzOffsetMinutes, first, after });
    return toConnection(page.projects, {
      first,
      after,
      totalCount: page.totalCount,
      hasNextPage: page.hasNextPage,
      cursorOf: projectCursor,
      nodeOf: presentProject,
    });
  }

  @Query(() => ProjectCounts, { description: 'How many projects are active and in the trash.' })
  projectCounts(@Ctx() ctx: GraphQLContext) {
    return this.services.projects.counts(requireUser(ctx));
  }

  @Query(() => ProjectType, { description: 'One of your projects, with its file sets and files.' })
  async project(@Arg('id', () => ID, { description: "The project id (UUID); another user's project is NOT_FOUND." }) id: string, @Ctx() ctx: GraphQLContext) {
    return presentProject(await this.services.projects.getOwned(requireUser(ctx), id, { includeFiles: true }));
  }

  @Mutation(() => ProjectType, { description: 'Creates a project (wizard step 1).' })
  async createProject(
    @Arg('input', () => CreateProjectInput, { description: 'The project to create.' }) input: CreateProjectInput,
    @Ctx() ctx: GraphQLContext,
    @IdempotencyKeyArg(
      'repeating the mutation with the same key returns the project the first call created instead of creating another',
      'The same key with a different input is a CONFLICT.',
    )
    idempotencyKey?: string | null,
  ) {
    return presentProject(await createProjectOnce(this.services, requireUser(ctx), { ...input }, idempotencyKey));
  }

  @Mutation(() => ProjectType, { description: 'Moves a project to the trash.' })
  async trashProject(@Arg('id', () => ID, { description: 'One of your projects.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return presentProject(await this.services.projects.moveToTrash(requireUser(ctx), id));
  }

  @Mutation(() => ProjectType, { description: 'Restores a project from the trash.' })
  async restoreProject(@Arg('id', () => ID, { description: 'One of your projects in the trash.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return presentProject(await this.services.projects.restore(requireUser(ctx), id));
  }

  @Mutation(() => Boolean, { description: 'Deletes a project in the trash for good, with its files. Cannot be undone.' })
  async deleteProjectPermanently(@Arg('id', () => ID, { description: 'One of your projects in the trash.' }) id: string, @Ctx() ctx: GraphQLContext) {
    await this.services.projects.deletePermanently(requireUser(ctx), id);
    return true;
  }

  @Mutation(() => EmptyTrashResult, { description: 'Deletes the projects that have been in the trash for more than 30 days.' })
  async emptyTrash(@Ctx() ctx: GraphQLContext) {
    const r = await this.services.projects.emptyTrash(requireUser(ctx));
    return { ...r, message: emptyTrashMessage(r) };
  }
}
