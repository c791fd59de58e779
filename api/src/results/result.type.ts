import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType('ResultCategories', { description: 'Stock-agency categories (SPEC §3 lists).' })
export class ResultCategoriesType {
  @Field(() => String, { nullable: true, description: 'Adobe Stock category.' })
  adobeCategory!: string | null;
  @Field(() => String, { nullable: true, description: 'Shutterstock category A.' })
  shutterstockACategory!: string | null;
  @Field(() => String, { nullable: true, description: 'Shutterstock category B.' })
  shutterstockBCategory!: string | null;
}

@ObjectType('ResultContent', { description: 'Title, description, keywords and categories.' })
export class ResultContentType {
  @Field()
  title!: string;
  @Field({ description: 'The description (final_description in REST).' })
  finalDescription!: string;
  @Field(() => [String], { description: 'At most 30, most important first.' })
  keywords!: string[];
  @Field(() => ResultCategoriesType)
  categories!: ResultCategoriesType;
}

@ObjectType('ResultLocation', { description: 'Where the clip was filmed. City and country read "Unknown" when the telemetry has no GPS fix.' })
export class ResultLocationType {
  @Field(() => Float, { nullable: true })
  latitude!: number | null;
  @Field(() => Float, { nullable: true })
  longitude!: number | null;
  @Field(() => String, { nullable: true })
  city!: string | null;
  @Field(() => String, { nullable: true })
  country!: string | null;
}

@ObjectType('ShotTypeFlag', { description: 'One shot type of the vocabulary and whether it applies.' })
export class ShotTypeFlagType {
  @Field({ description: 'Stable id, e.g. golden_hour.' })
  id!: string;
  @Field({ description: 'Chip label, e.g. "Golden hour".' })
  label!: string;
  @Field()
  value!: boolean;
}

@ObjectType('ProcessedResult', { description: 'A processed result (SPEC §3): content, location and shot types.' })
export class ProcessedResultType {
  @Field(() => ResultContentType)
  content!: ResultContentType;
  @Field(() => ResultLocationType)
  metadata!: ResultLocationType;
  @Field(() => [ShotTypeFlagType], { description: 'Every shot type of the vocabulary, in vocabulary order, then any others stored.' })
  shotTypes!: ShotTypeFlagType[];
  @Field({ description: 'The result in the REST field names (content/final_description/shot_types), as formatted JSON: what Copy JSON copies.' })
  json!: string;
}

@ObjectType('FileSetResult', { description: "A file set's result: the user's current version beside the AI's original." })
export class FileSetResultType {
  @Field(() => ID)
  fileSetId!: string;
  @Field(() => ProcessedResultType, { description: 'What the user sees, edits and exports.' })
  current!: ProcessedResultType;
  @Field(() => ProcessedResultType, { description: 'What processing produced; Reset restores it.' })
  original!: ProcessedResultType;
  @Field({ description: 'True when current differs from the original by a saved edit.' })
  edited!: boolean;
  @Field(() => Date, { nullable: true })
  editedAt!: Date | null;
  @Field({ description: 'offline or openai.' })
  provider!: string;
  @Field()
  updatedAt!: Date;
}

@InputType('ShotTypeFlagInput')
export class ShotTypeFlagInput {
  @Field()
  id!: string;
  @Field()
  value!: boolean;
}

@InputType('FileSetResultInput', { description: 'The whole edited result (validated like PUT /api/filesets/{id}/results).' })
export class FileSetResultInput {
  @Field()
  title!: string;
  @Field()
  finalDescription!: string;
  @Field(() => [String], { description: 'Split on commas, trimmed, de-duplicated and capped at 30.' })
  keywords!: string[];
  @Field(() => String, { nullable: true })
  adobeCategory?: string | null;
  @Field(() => String, { nullable: true })
  shutterstockACategory?: string | null;
  @Field(() => String, { nullable: true })
  shutterstockBCategory?: string | null;
  @Field(() => Float, { nullable: true })
  latitude?: number | null;
  @Field(() => Float, { nullable: true })
  longitude?: number | null;
  @Field(() => String, { nullable: true })
  city?: string | null;
  @Field(() => String, { nullable: true })
  country?: string | null;
  @Field(() => [ShotTypeFlagInput], { nullable: true, description: 'Omitted: the shot types stay as they are.' })
  shotTypes?: ShotTypeFlagInput[] | null;
}

@ObjectType('ShotTypeDefinition', { description: 'A shot type of the fixed vocabulary.' })
export class ShotTypeDefinitionType {
  @Field()
  id!: string;
  @Field()
  label!: string;
  @Field()
  description!: string;
}

@ObjectType('CategoryOptions', { description: 'The category lists of SPEC §3 for the selectors.' })
export class CategoryOptionsType {
  @Field(() => [String])
  adobe!: string[];
  @Field(() => [String], { description: 'The same list serves Shutterstock A and B.' })
  shutterstock!: string[];
}

@ObjectType('FileSetProcessing', { description: "A file set's state in its latest processing run." })
export class FileSetProcessingType {
  @Field({ description: 'pending, processing, completed or failed.' })
  status!: string;
  @Field(() => Float, { description: 'Percent 0-100.' })
  progress!: number;
  @Field(() => String, { nullable: true })
  stageMessage!: string | null;
  @Field(() => String, { nullable: true })
  error!: string | null;
}
