import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SHOT_TYPES } from '../../analysis/shot-types/index.js';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { FileSetType } from '../projects/projects.types.js';
import { ADOBE_CATEGORIES, SHUTTERSTOCK_CATEGORIES } from '../../analysis/metadata/categories.js';
import { filePreviewUri, fileThumbnailUri } from '../files/file-urls.js';
import { inputToResult, presentResult } from './result.presenter.js';
import { CategoryOptionsType, FileSetProcessingType, FileSetResultInput, FileSetResultType, ShotTypeDefinitionType } from './results.types.js';
import { Batcher, perContext } from '../../platform/graphql/request-loaders.js';
import type { ResultsService, ResultView } from './results.service.js';

/** A file set's state in its latest processing run, as `FileSet.processing` shows it. */
export interface SetRunState {
  status: 'pending' | 'processing' | 'completed' | 'failed';
  /** Percent 0-100 of the set's pipeline. */
  progress: number;
  stageMessage: string | null;
  error: string | null;
  /** A failed set's error in plain words, with what to do; null otherwise. */
  reason: string | null;
}

/** What the results resolver is built with (app/graphql-schema.ts). */
export interface ResultsResolverDeps {
  results: Pick<ResultsService, 'find' | 'get' | 'update' | 'reset' | 'byFileSets'>;
  /** A file set's state in its latest run (`FileSet.processing`): the processing feature's ProcessingService, typed here. */
  processing: { jobStatesOf(fileSetIds: string[]): Promise<Map<string, SetRunState>> };
}

type PresentedFileSet = FileSetType;

@Resolver(() => FileSetType)
export class ResultsResolver {
  private readonly loaders: (ctx: object) => { results: Batcher<ResultView>; jobs: Batcher<SetRunState> };

  constructor(private readonly services: ResultsResolverDeps) {
    this.loaders = perContext(() => ({
      results: new Batcher((ids) => this.services.results.byFileSets(ids)),
      jobs: new Batcher((ids) => this.services.processing.jobStatesOf(ids)),
    }));
  }

  @Query(() => FileSetResultType, {
    nullable: true,
    description: 'The result of one of your file sets; null while it has none (not processed yet, or failed).',
  })
  async fileSetResult(@Arg('fileSetId', () => ID, { description: 'One of your file sets.' }) fileSetId: string, @Ctx() ctx: GraphQLContext) {
    const r = await this.services.results.find(requireUser(ctx), fileSetId);
    return r ? presentResult(r) : null;
  }

  @Mutation(() => FileSetResultType, { description: 'Saves your edit of a result (the whole result); the AI original is kept for Reset.' })
  async updateFileSetResult(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets that has a result.' }) fileSetId: string,
    @Arg('input', () => FileSetResultInput, { description: 'The whole edited result.' }) input: FileSetResultInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return presentResult(await this.services.results.update(requireUser(ctx), fileSetId, inputToResult(input), input.expectedVersion));
  }

  @Mutation(() => FileSetResultType, { description: 'Restores the AI-generated original of a result.' })
  async resetFileSetResult(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets that has a result.' }) fileSetId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return presentResult(await this.services.results.reset(requireUser(ctx), fileSetId));
  }

  @Query(() => [ShotTypeDefinitionType], { description: 'The fixed shot-type vocabulary, with what each one means.' })
  shotTypeVocabulary() {
    return SHOT_TYPES.map((s) => ({ id: s.id, label: s.label, description: s.description }));
  }

  @Query(() => CategoryOptionsType, { description: 'The stock-agency category lists for the selectors.' })
  categoryOptions() {
    return { adobe: [...ADOBE_CATEGORIES], shutterstock: [...SHUTTERSTOCK_CATEGORIES] };
  }

  @FieldResolver(() => FileSetResultType, { nullable: true, description: 'The processed result (current and original), or null when there is none.' })
  async result(@Root() fs: PresentedFileSet, @Ctx() ctx: GraphQLContext) {
    const r = await this.loaders(ctx).results.get(fs.id);
    return r ? presentResult(r) : null;
  }

  @FieldResolver(() => Boolean, { description: 'True when the result carries a saved user edit.' })
  async edited(@Root() fs: PresentedFileSet, @Ctx() ctx: GraphQLContext) {
    return (await this.loaders(ctx).results.get(fs.id))?.edited ?? false;
  }

  @FieldResolver(() => FileSetProcessingType, {
    nullable: true,
    description: 'State in the latest processing run; null when never processed. A set with a result and no job reads completed.',
  })
  async processing(@Root() fs: PresentedFileSet, @Ctx() ctx: GraphQLContext) {
    const [job, result] = await Promise.all([this.loaders(ctx).jobs.get(fs.id), this.loaders(ctx).results.get(fs.id)]);
    if (job)
      return {
        status: job.status,
        progress: job.status === 'completed' ? 100 : job.progress,
        stageMessage: job.stageMessage,
        error: job.error,
        reason: job.reason,
      };
    return result ? { status: 'completed', progress: 100, stageMessage: null, error: null, reason: null } : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "URL of a 320 px WebP thumbnail of the set's JPG (signed, cacheable for good); null without a JPG. The JPG itself is in files.",
  })
  thumbnailUri(@Root() fs: PresentedFileSet) {
    const jpg = fs.files.find((f) => ['jpg', 'jpeg'].includes(f.fileTypeInfo));
    return jpg ? fileThumbnailUri(jpg.id) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "URL of a 1024 px WebP of the set's JPG (signed, cacheable for good), what the editor shows; null without a JPG. The JPG itself is in files.",
  })
  previewImageUri(@Root() fs: PresentedFileSet) {
    const jpg = fs.files.find((f) => ['jpg', 'jpeg'].includes(f.fileTypeInfo));
    return jpg ? filePreviewUri(jpg.id) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "URL of the set's video (preview; supports HTTP Range)." })
  previewUri(@Root() fs: PresentedFileSet) {
    return fs.files.find((f) => ['mp4', 'mov'].includes(f.fileTypeInfo))?.resourceUri ?? null;
  }
}
