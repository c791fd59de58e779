import { Ctx, Field, FieldResolver, Int, ObjectType, Resolver, Root } from 'type-graphql';
import { Batcher, perContext } from '../../platform/graphql/request-loaders.js';
import { ProjectType } from '../projects/projects.types.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import type { UploadPlansService, UploadState } from './upload-plans.js';

@ObjectType('UploadState', { description: "Where a project's upload stands: what a card still has to send, and the sets still missing a file." })
export class UploadStateType {
  @Field(() => Int, { description: 'Files of the last card chosen that are not in the project yet (0 once its upload ended).' })
  filesToSend!: number;
  @Field(() => [String], { description: 'Base names of the sets (clips) with a file still to send, in name order.' })
  setsToSend!: string[];
  @Field(() => Int, { description: 'Sets still missing a video, a JPG or an SRT.' })
  incompleteSets!: number;
}

/** What the upload state resolver is built with (app/graphql-schema.ts). */
export interface UploadStateResolverDeps {
  uploadPlans: Pick<UploadPlansService, 'states'>;
  fileSets: Pick<FileSetsService, 'incompleteSetCounts'>;
}

/** `Project.uploadState`, batched over the projects of one operation (the dashboard's page). */
@Resolver(() => ProjectType)
export class UploadStateResolver {
  private readonly loaders: (ctx: object) => { plans: Batcher<UploadState>; incomplete: Batcher<number> };

  constructor(private readonly services: UploadStateResolverDeps) {
    this.loaders = perContext(() => ({
      plans: new Batcher((ids) => this.services.uploadPlans.states(ids)),
      incomplete: new Batcher((ids) => this.services.fileSets.incompleteSetCounts(ids)),
    }));
  }

  @FieldResolver(() => UploadStateType, { description: 'What the last card still has to send, and the sets still missing a file.' })
  async uploadState(@Root() project: ProjectType, @Ctx() ctx: object): Promise<UploadStateType> {
    const loaders = this.loaders(ctx);
    const [plan, incomplete] = await Promise.all([loaders.plans.get(project.id), loaders.incomplete.get(project.id)]);
    return { filesToSend: plan?.filesToSend ?? 0, setsToSend: plan?.setsToSend ?? [], incompleteSets: incomplete ?? 0 };
  }
}
