import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { presentUnfinished } from './resumable-upload.presenter.js';
import { UnfinishedUploadType } from './resumable-uploads.types.js';
import type { ResumableUploadsService } from './resumable-uploads.service.js';

/** What the resumable-uploads resolver is built with (app/graphql-schema.ts). */
export interface ResumableUploadsResolverDeps {
  resumableUploads: ResumableUploadsService;
}

@Resolver()
export class ResumableUploadsResolver {
  constructor(private readonly deps: ResumableUploadsResolverDeps) {}

  @Query(() => [UnfinishedUploadType], {
    description: "A project's resumable uploads that did not end in a file: still uploading, expired unfinished, or refused (with the reason).",
  })
  async unfinishedUploads(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UnfinishedUploadType[]> {
    const user = requireUser(ctx);
    return (await this.deps.resumableUploads.unfinished(user, projectId)).map(presentUnfinished);
  }
}
