import { Field, Float, ID, ObjectType } from 'type-graphql';

@ObjectType('UnfinishedUpload', { description: 'A resumable (tus) upload that has not become a file of its set.' })
export class UnfinishedUploadType {
  @Field(() => ID, { description: 'The tus upload id: the last segment of its Location, /api/uploads/tus/{id}.' })
  id!: string;

  @Field()
  filename!: string;

  @Field({ description: 'uploading (resumable until expiresAt), expired (swept unfinished) or refused (see reason).' })
  status!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => Float)
  sizeBytes!: number;

  @Field(() => Float, { description: 'Bytes stored so far (0 once expired or refused).' })
  receivedBytes!: number;

  @Field()
  createdAt!: Date;

  @Field()
  expiresAt!: Date;
}
