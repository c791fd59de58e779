import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

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
  @Field({ description: 'The clip title, one line.' })
  title!: string;
  @Field({ description: 'The description (final_description in REST).' })
  finalDescription!: string;
  @Field(() => [String], { description: 'At most 30, most important first.' })
  keywords!: string[];
  @Field({ description: 'Editorial use only (news, events, people or brands without releases): the Shutterstock CSV marks the row editorial.' })
  editorial!: boolean;
  @Field(() => ResultCategoriesType, { description: 'The stock-agency categories chosen for the clip.' })
  categories!: ResultCategoriesType;
}

@ObjectType('ResultLocation', { description: 'Where the clip was filmed. City and country read "Unknown" when the telemetry has no GPS fix.' })
export class ResultLocationType {
  @Field(() => Float, { description: 'Latitude in decimal degrees (WGS 84); null without a GPS fix.', nullable: true })
  latitude!: number | null;
  @Field(() => Float, { description: 'Longitude in decimal degrees (WGS 84); null without a GPS fix.', nullable: true })
  longitude!: number | null;
  @Field(() => String, { description: 'City name, or "Unknown" when the telemetry has no GPS fix.', nullable: true })
  city!: string | null;
  @Field(() => String, { description: 'Country name, or "Unknown" when the telemetry has no GPS fix.', nullable: true })
  country!: string | null;
  @Field(() => String, { description: 'State, province or named part of the country ("Utah", "Scotland"); null when unknown.', nullable: true })
  region!: string | null;
  @Field(() => String, { description: 'The place as one line, most specific first ("Monument Valley, Utah, United States").', nullable: true })
  placeLine!: string | null;
  @Field(() => [String], { description: 'Named features near the point ("Atlantic Ocean"), most specific first.' })
  features!: string[];
}

@ObjectType('ShotTypeFlag', { description: 'One shot type of the vocabulary and whether it applies.' })
export class ShotTypeFlagType {
  @Field({ description: 'Stable id, e.g. golden_hour.' })
  id!: string;
  @Field({ description: 'Chip label, e.g. "Golden hour".' })
  label!: string;
  @Field({ description: 'True when this shot type applies to the clip.' })
  value!: boolean;
}

@ObjectType('ProcessedResult', { description: 'A processed result (SPEC §3): content, location and shot types.' })
export class ProcessedResultType {
  @Field(() => ResultContentType, { description: 'Title, description, keywords and stock-agency categories.' })
  content!: ResultContentType;
  @Field(() => ResultLocationType, { description: 'Where the clip was filmed (from the SRT telemetry).' })
  metadata!: ResultLocationType;
  @Field(() => [ShotTypeFlagType], { description: 'Every shot type of the vocabulary, in vocabulary order, then any others stored.' })
  shotTypes!: ShotTypeFlagType[];
  @Field({ description: 'The result in the REST field names (content/final_description/shot_types), as formatted JSON: what Copy JSON copies.' })
  json!: string;
}

@ObjectType('FileSetResult', { description: "A file set's result: the user's current version beside the AI's original." })
export class FileSetResultType {
  @Field(() => ID, { description: 'The file set this result belongs to.' })
  fileSetId!: string;
  @Field(() => ProcessedResultType, { description: 'What the user sees, edits and exports.' })
  current!: ProcessedResultType;
  @Field(() => ProcessedResultType, { description: 'What processing produced; Reset restores it.' })
  original!: ProcessedResultType;
  @Field({ description: 'True when current differs from the original by a saved edit.' })
  edited!: boolean;
  @Field(() => Date, { description: 'When the user last saved an edit (ISO 8601 date-time); null when never edited.', nullable: true })
  editedAt!: Date | null;
  @Field({ description: 'offline or openai.' })
  provider!: string;
  @Field(() => Int, { description: 'Bumped at every change of current (edit, bulk action, undo, reset, processing); send it back as expectedVersion.' })
  version!: number;
  @Field({ description: 'When the result last changed, by processing, an edit or a reset (ISO 8601 date-time).' })
  updatedAt!: Date;
  @Field(() => String, {
    nullable: true,
    description: 'What the set lacked when it was processed, in words (a clip processed without its .SRT telemetry); null when it lacked nothing.',
  })
  missingNote!: string | null;
}

@InputType('ShotTypeFlagInput', { description: 'Whether one shot type of the vocabulary applies.' })
export class ShotTypeFlagInput {
  @Field({ description: 'A shot type id from shotTypeVocabulary.' })
  id!: string;
  @Field({ description: 'True when the shot type applies.' })
  value!: boolean;
}

@InputType('FileSetResultInput', { description: 'The whole edited result (validated like PUT /api/filesets/{id}/results).' })
export class FileSetResultInput {
  @Field({ description: 'The clip title, one line (required, not empty).' })
  title!: string;
  @Field({ description: 'The description (required, not empty).' })
  finalDescription!: string;
  @Field(() => [String], { description: 'Split on commas, trimmed, de-duplicated (case-insensitively); more than 30 is refused, naming the count.' })
  keywords!: string[];
  @Field(() => Boolean, { description: 'Editorial use only; omitted or null: kept as stored.', nullable: true })
  editorial?: boolean | null;
  @Field(() => String, { description: 'One of categoryOptions.adobe, or null for none.', nullable: true })
  adobeCategory?: string | null;
  @Field(() => String, { description: 'One of categoryOptions.shutterstock, or null for none.', nullable: true })
  shutterstockACategory?: string | null;
  @Field(() => String, { description: 'One of categoryOptions.shutterstock, or null for none.', nullable: true })
  shutterstockBCategory?: string | null;
  @Field(() => Float, { description: 'Latitude in decimal degrees, -90 to 90; null for none.', nullable: true })
  latitude?: number | null;
  @Field(() => Float, { description: 'Longitude in decimal degrees, -180 to 180; null for none.', nullable: true })
  longitude?: number | null;
  @Field(() => String, { description: 'City; null or omitted for none.', nullable: true })
  city?: string | null;
  @Field(() => String, { description: 'Country; null or omitted for none.', nullable: true })
  country?: string | null;
  @Field(() => String, { description: 'Region (state, province); omitted: kept as stored; null: none.', nullable: true })
  region?: string | null;
  @Field(() => String, { description: 'The place line; omitted: kept as stored; null: none.', nullable: true })
  placeLine?: string | null;
  @Field(() => [String], { description: 'Named features; omitted: kept as stored.', nullable: true })
  features?: string[] | null;
  @Field(() => [ShotTypeFlagInput], { nullable: true, description: 'Omitted: the shot types stay as they are.' })
  shotTypes?: ShotTypeFlagInput[] | null;
  @Field(() => Int, {
    nullable: true,
    description:
      'The version the edit was made on: when the result changed since (a bulk action), the save is refused (CONFLICT naming the set, its newer values in extensions.current). Omitted: not checked.',
  })
  expectedVersion?: number | null;
}

@ObjectType('ShotTypeDefinition', { description: 'A shot type of the fixed vocabulary.' })
export class ShotTypeDefinitionType {
  @Field({ description: 'Stable id, e.g. golden_hour; what results and inputs use.' })
  id!: string;
  @Field({ description: 'Chip label, e.g. "Golden hour".' })
  label!: string;
  @Field({ description: 'What the shot type means, for people choosing it.' })
  description!: string;
}

@ObjectType('CategoryOptions', { description: 'The category lists of SPEC §3 for the selectors.' })
export class CategoryOptionsType {
  @Field(() => [String], { description: "Adobe Stock's categories, in Adobe's order (their 1-based position is Adobe's category number)." })
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
  @Field(() => String, { description: 'What processing is doing now, for people (e.g. "Waiting in the queue").', nullable: true })
  stageMessage!: string | null;
  @Field(() => String, { description: 'Why processing failed, for people; null unless it failed.', nullable: true })
  error!: string | null;
  @Field(() => String, { description: 'Why it failed in plain words, with what to do next; null unless it failed.', nullable: true })
  reason!: string | null;
}
