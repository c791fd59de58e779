import { Field, Float, ID, ObjectType } from 'type-graphql';

@ObjectType('UnfinishedUpload', { description: 'A resumable (tus) upload that has not become a file of its set.' })
export class UnfinishedUploadType {
  @Field(() => ID, { description: 'The tus upload id: the last segment of its Location, /api/uploads/tus/{id}.' })
  id!: string;

  @Field({ description: 'The file name given in Upload-Metadata.' })
  filename!: string;

  @Field({ description: 'uploading (resumable until expiresAt), expired (swept unfinished) or refused (see reason).' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Why it was refused or expired; null while uploading.' })
  reason!: string | null;

  @Field(() => Float, { description: 'The declared Upload-Length.' })
  sizeBytes!: number;

  @Field(() => Float, { description: 'Bytes stored so far (0 once expired or refused).' })
  receivedBytes!: number;

  @Field({ description: 'When the upload was created.' })
  createdAt!: Date;

  @Field({ description: 'When it expires unfinished (UPLOAD_EXPIRY_HOURS after creation).' })
  expiresAt!: Date;
}
