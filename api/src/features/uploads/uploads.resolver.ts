import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { IdempotencyKeyArg } from '../../platform/idempotency/idempotency-key-arg.js';
import { presentFileSet } from '../projects/project.presenter.js';
import { commitUploadOnce } from './commit-upload-once.js';
import { consumeUploads } from './graphql-uploads.js';
import { presentAccepted } from './upload.presenter.js';
import { FileKind, FileReplacementType, UploadResultType } from './uploads.types.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { UploadsService } from './uploads.service.js';

/** What the uploads resolver is built with (app/graphql-schema.ts). */
export interface UploadsResolverDeps {
  uploads: UploadsService;
  idempotency: IdempotencyService;
}

/** Uploads under the GraphQL multipart request spec; the same sessions as the REST routes. */
@Resolver()
export class UploadsResolver {
  constructor(private readonly services: UploadsResolverDeps) {}

  @Mutation(() => UploadResultType, {
    description:
      'Uploads files into a project (multipart request spec; send Apollo-Require-Preflight). Files are grouped into file sets by base filename; files that fit no set are refused by name while the rest upload.',
  })
  async uploadFiles(
    @Arg('projectId', () => ID, { description: 'One of your projects (not in the trash).' }) projectId: string,
    @Arg('files', () => [GraphQLUpload], { description: 'The files: .mp4/.mov, .jpg and .srt, any case.' }) files: Array<Promise<FileUpload>>,
    @Ctx() ctx: GraphQLContext,
    @IdempotencyKeyArg(
      'repeating the upload of the same files (names, sizes and SHA-256) with the same key returns the first answer instead of uploading again',
      'The same key with other files is a CONFLICT, and so is a repeat while the first is still running (after a wait).',
    )
    idempotencyKey?: string | null,
  ): Promise<UploadResultType> {
    const user = requireUser(ctx);
    const session = await this.services.uploads.begin(user, projectId);
    await consumeUploads(session, files);
    // One rule with the REST route: the stored answer is the REST one, mapped to this type.
    const { message, project, accepted, refused, fileSets, summary } = await commitUploadOnce(this.services, user, session, idempotencyKey);
    return { message, projectId: project.id, accepted, refused, fileSets, summary };
  }

  @Mutation(() => FileReplacementType, {
    description: "Adds a set's missing file or replaces one: video takes .mp4/.mov, jpg takes .jpg, srt takes .srt. The file takes the set's base name.",
  })
  async replaceFileSetFile(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets.' }) fileSetId: string,
    @Arg('file', () => GraphQLUpload, { description: 'The file (multipart request spec).' }) file: Promise<FileUpload>,
    @Ctx() ctx: GraphQLContext,
    @Arg('kind', () => FileKind, { nullable: true, description: 'The place it fills; inferred from the extension when omitted.' }) kind?: FileKind | null,
  ): Promise<FileReplacementType> {
    const { session, fileSet } = await this.services.uploads.beginReplacement(requireUser(ctx), fileSetId, kind ?? null);
    await consumeUploads(session, [file]);
    const o = await session.commit();
    const got = o.accepted[0]!;
    const set = presentFileSet(o.fileSets.find((s) => s.id === fileSet.id)!);
    return {
      message: got.replaced ? `${got.replaced} replaced by ${got.file.filename}` : `${got.file.filename} added`,
      fileSet: set,
      file: presentAccepted(got),
      replaced: got.replaced,
    };
  }
}
