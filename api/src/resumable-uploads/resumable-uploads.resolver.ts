import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../auth/graphql-context.js';
import type { ResumableUploadsDeps } from './resumable-uploads.module.js';
import { presentUnfinished } from './resumable-upload.presenter.js';
import { UnfinishedUploadType } from './resumable-uploads.types.js';

@Resolver()
export class ResumableUploadsResolver {
  constructor(private readonly deps: ResumableUploadsDeps) {}

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
