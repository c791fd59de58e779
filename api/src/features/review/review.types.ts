import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AgencyExportFormat } from '../exports/exports.types.js';
import { Connection } from '../../platform/graphql/relay.js';

export enum ReviewStatusEnum {
  PENDING = 'pending',
  AI = 'ai',
  EDITED = 'edited',
}
registerEnumType(ReviewStatusEnum, {
  name: 'ReviewStatus',
  description: "A set's state in the review grid.",
  valuesConfig: {
    PENDING: { description: 'No result yet (not processed, processing or failed).' },
    AI: { description: 'The AI result, not edited.' },
    EDITED: { description: 'The result carries an edit (by hand or by a bulk action).' },
  },
});

export enum ReviewSortEnum {
  POSITION = 'position',
  FILENAME = 'filename',
  STATUS = 'status',
  TITLE = 'title',
  DESCRIPTION = 'description',
  KEYWORD_COUNT = 'keywordCount',
  CATEGORIES = 'categories',
  CITY = 'city',
  COUNTRY = 'country',
  SHOT_TYPES = 'shotTypes',
}
registerEnumType(ReviewSortEnum, {
  name: 'ReviewSort',
  description:
    'The column the review grid is sorted by. Ties fall to the project order, then the set id, so keyset pages never skip or repeat a set; texts compare case-insensitively on their first 60 characters.',
  valuesConfig: {
    POSITION: { description: 'The project order (as exported).' },
    FILENAME: { description: 'The set name.' },
    STATUS: { description: 'Pending, then AI, then edited.' },
    TITLE: { description: 'The title.' },
    DESCRIPTION: { description: 'The description.' },
    KEYWORD_COUNT: { description: 'How many keywords.' },
    CATEGORIES: { description: 'The Adobe Stock category, then the first and second Shutterstock categories.' },
    CITY: { description: 'The city, then the country.' },
    COUNTRY: { description: 'The country, then the city.' },
    SHOT_TYPES: { description: 'The ids of the shot types that apply, alphabetically joined.' },
  },
});

export enum AgencyProblemEnum {
  ADOBE_STOCK = 'adobe',
  SHUTTERSTOCK = 'shutterstock',
  POND5 = 'pond5',
  ANY = 'any',
  NONE = 'none',
}
registerEnumType(AgencyProblemEnum, {
  name: 'ReviewAgencyProblem',
  description: "Sets by what the agencies' export checks (exportCheck) say of them, keyword rules applied.",
  valuesConfig: {
    ADOBE_STOCK: { description: 'Adobe Stock would refuse them.' },
    SHUTTERSTOCK: { description: 'Shutterstock would refuse them.' },
    POND5: { description: 'Pond5 would refuse them.' },
    ANY: { description: 'At least one agency would refuse them.' },
    NONE: { description: 'No agency would refuse them.' },
  },
});

export enum KeywordPositionEnum {
  START = 'start',
  END = 'end',
}
registerEnumType(KeywordPositionEnum, {
  name: 'KeywordPosition',
  description: 'Where added keywords go.',
  valuesConfig: { START: { description: 'Before the existing keywords (Adobe Stock weighs the first ten most).' }, END: { description: 'After them.' } },
});

export enum TextFieldEnum {
  TITLE = 'title',
  DESCRIPTION = 'description',
}
registerEnumType(TextFieldEnum, {
  name: 'ReviewTextField',
  description: 'A text field find-and-replace works on.',
  valuesConfig: { TITLE: { description: 'The title.' }, DESCRIPTION: { description: 'The description.' } },
});

@InputType('ReviewFilterInput', { description: 'Which sets of a project: every condition given must hold.' })
export class ReviewFilterInput {
  @Field(() => String, { nullable: true, description: 'Text in the set name, title, description or keywords (case-insensitive).' })
  search?: string | null;
  @Field(() => ReviewStatusEnum, { nullable: true, description: 'Only sets in this state.' })
  status?: ReviewStatusEnum | null;
  @Field(() => String, { nullable: true, description: 'Only sets in this city (case-insensitive).' })
  city?: string | null;
  @Field(() => String, { nullable: true, description: 'Only sets in this country (case-insensitive).' })
  country?: string | null;
  @Field(() => String, { nullable: true, description: 'Only sets with this shot type (an id of shotTypeVocabulary).' })
  shotType?: string | null;
  @Field(() => [ID], { nullable: true, description: 'Only these sets of the project (at most 200), e.g. to read rows again after an edit.' })
  fileSetIds?: string[] | null;
  @Field(() => AgencyProblemEnum, {
    nullable: true,
    description: "Only sets an agency's export check refuses (or any agency, or none). Works with every sort, keyset page and bulk action.",
  })
  agencyProblem?: AgencyProblemEnum | null;
}

@InputType('ReviewSelectionInput', { description: 'The sets a bulk action works on: ids, or every set matching a filter.' })
export class ReviewSelectionInput {
  @Field(() => ID, { description: 'One of your projects.' })
  projectId!: string;
  @Field(() => [ID], { nullable: true, description: 'Sets of that project (ignored with allMatching). Ids no longer in the project are skipped.' })
  fileSetIds?: string[] | null;
  @Field(() => ReviewFilterInput, { nullable: true, description: 'Every set of the project matching this filter when the action runs ({} for all).' })
  allMatching?: ReviewFilterInput | null;
}

@ObjectType('ReviewAgencyRefusal', { description: "An agency whose export check refuses a set's row, and why." })
export class ReviewAgencyRefusalType {
  @Field(() => AgencyExportFormat, { description: 'The agency.' })
  format!: AgencyExportFormat;
  @Field({ description: "The agency's name, for people." })
  agency!: string;
  @Field(() => [String], { description: 'Why it would refuse the row (as exportCheck says).' })
  problems!: string[];
}

@ObjectType('ReviewSet', { description: 'One file set as the review grid shows it.' })
export class ReviewSetType {
  @Field(() => ID, { description: 'The file set id.' })
  id!: string;
  @Field(() => Int, { description: 'Its place in the project order.' })
  position!: number;
  @Field({ description: 'The set name (base name of its files).' })
  baseName!: string;
  @Field({ description: "The video's uploaded name (the name every CSV uses), else the base name." })
  filename!: string;
  @Field(() => String, { nullable: true, description: "URL of a 320 px WebP thumbnail of the set's JPG; null without one." })
  thumbnailUri!: string | null;
  @Field(() => ReviewStatusEnum, { description: 'Pending, AI or edited.' })
  status!: ReviewStatusEnum;
  @Field(() => String, { nullable: true, description: 'Current title; null without a result.' })
  title!: string | null;
  @Field(() => String, { nullable: true, description: 'Current description; null without a result.' })
  description!: string | null;
  @Field(() => [String], { description: 'Current keywords, in their order.' })
  keywords!: string[];
  @Field(() => Int, { description: 'How many keywords.' })
  keywordCount!: number;
  @Field(() => String, { nullable: true, description: 'Adobe Stock category.' })
  adobeCategory!: string | null;
  @Field(() => String, { nullable: true, description: 'First Shutterstock category.' })
  shutterstockACategory!: string | null;
  @Field(() => String, { nullable: true, description: 'Second Shutterstock category.' })
  shutterstockBCategory!: string | null;
  @Field(() => String, { nullable: true, description: 'City.' })
  city!: string | null;
  @Field(() => String, { nullable: true, description: 'Country.' })
  country!: string | null;
  @Field(() => String, { nullable: true, description: 'Admin region (state, province).' })
  region!: string | null;
  @Field(() => String, { nullable: true, description: 'The place line ("Monument Valley, Utah, United States").' })
  placeLine!: string | null;
  @Field(() => [String], { description: 'Named features near the place, most specific first.' })
  features!: string[];
  @Field(() => [String], { description: 'Ids of the shot types that apply.' })
  shotTypes!: string[];
  @Field(() => [ReviewAgencyRefusalType], {
    description: 'The agencies (Adobe Stock, Shutterstock, Pond5) whose export check would refuse this set as saved; empty when all would take it.',
  })
  agencyRefusals!: ReviewAgencyRefusalType[];
}

@ObjectType('ReviewSetConnection', { description: 'A keyset page of the review grid.' })
export class ReviewSetConnection extends Connection(ReviewSetType, 'ReviewSet') {}

@ObjectType('KeywordSynonym', { description: 'A keyword replaced by another wherever it appears.' })
export class KeywordSynonymType {
  @Field({ description: 'The keyword replaced (case- and plural-insensitive).' })
  from!: string;
  @Field({ description: 'Its replacement.' })
  to!: string;
}

@InputType('KeywordSynonymInput', { description: 'A keyword replaced by another wherever it appears.' })
export class KeywordSynonymInput {
  @Field({ description: 'The keyword replaced (case- and plural-insensitive).' })
  from!: string;
  @Field({ description: 'Its replacement.' })
  to!: string;
}

@ObjectType('AgencyKeywordLimits', { description: 'Most keywords each agency export keeps (null: 30).' })
export class AgencyKeywordLimitsType {
  @Field(() => Int, { nullable: true, description: 'Adobe Stock.' })
  adobe!: number | null;
  @Field(() => Int, { nullable: true, description: 'Shutterstock.' })
  shutterstock!: number | null;
  @Field(() => Int, { nullable: true, description: 'Pond5.' })
  pond5!: number | null;
}

@InputType('AgencyKeywordLimitsInput', { description: 'Most keywords each agency export keeps (1 to 50; null: 30).' })
export class AgencyKeywordLimitsInput {
  @Field(() => Int, { nullable: true, description: 'Adobe Stock.' })
  adobe?: number | null;
  @Field(() => Int, { nullable: true, description: 'Shutterstock.' })
  shutterstock?: number | null;
  @Field(() => Int, { nullable: true, description: 'Pond5.' })
  pond5?: number | null;
}

@ObjectType('KeywordRules', { description: "A project's keyword rules: applied when results are generated, by bulk actions and in exports." })
export class KeywordRulesType {
  @Field(() => [String], { description: 'Keywords every set gets.' })
  alwaysInclude!: string[];
  @Field(() => [String], { description: 'Keywords no set keeps.' })
  neverInclude!: string[];
  @Field(() => [KeywordSynonymType], { description: 'Keywords merged into another.' })
  synonyms!: KeywordSynonymType[];
  @Field(() => AgencyKeywordLimitsType, { description: 'Keyword limits per agency.' })
  maxPerAgency!: AgencyKeywordLimitsType;
}

@InputType('KeywordRulesInput', { description: 'The whole rule set (replaces the stored one).' })
export class KeywordRulesInput {
  @Field(() => [String], { defaultValue: [], description: 'Keywords every set gets (no empties, no duplicates).' })
  alwaysInclude!: string[];
  @Field(() => [String], { defaultValue: [], description: 'Keywords no set keeps (no empties, no duplicates).' })
  neverInclude!: string[];
  @Field(() => [KeywordSynonymInput], { defaultValue: [], description: 'Keywords merged into another.' })
  synonyms!: KeywordSynonymInput[];
  @Field(() => AgencyKeywordLimitsInput, { nullable: true, description: 'Keyword limits per agency.' })
  maxPerAgency?: AgencyKeywordLimitsInput | null;
}

@ObjectType('RefusedSet', { description: 'A set a bulk action left unchanged, and why.' })
export class RefusedSetType {
  @Field(() => ID, { description: 'The file set id.' })
  fileSetId!: string;
  @Field({ description: 'The set name.' })
  baseName!: string;
  @Field({ description: 'Why it was refused.' })
  reason!: string;
}

@ObjectType('BulkEditResult', { description: 'What a bulk action did.' })
export class BulkEditResultType {
  @Field(() => ID, { nullable: true, description: 'The history entry to undo it; null when nothing changed.' })
  actionId!: string | null;
  @Field(() => Int, { description: 'Sets of the selection still in the project when the action ran.' })
  matched!: number;
  @Field(() => Int, { description: 'Sets changed.' })
  changed!: number;
  @Field(() => Int, { description: 'Sets the action left as they were (nothing to change).' })
  unchanged!: number;
  @Field(() => [RefusedSetType], { description: 'Sets refused, with the reason (no title left, over the keyword limit, no result).' })
  refused!: RefusedSetType[];
}

@ObjectType('ProjectEdit', { description: 'One bulk action in the project edit history.' })
export class ProjectEditType {
  @Field(() => ID, { description: 'The entry id (undoProjectEdit takes it).' })
  id!: string;
  @Field({ description: 'The action, e.g. addKeywords.' })
  action!: string;
  @Field({ description: "The action's arguments, as JSON." })
  params!: string;
  @Field(() => Int, { description: 'Sets it changed.' })
  changedCount!: number;
  @Field({ description: 'Who ran it.' })
  username!: string;
  @Field({ description: 'When.' })
  createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it was undone; null if not.' })
  undoneAt!: Date | null;
}

@ObjectType('UndoResult', { description: 'An undone bulk action.' })
export class UndoResultType {
  @Field(() => ID, { description: 'The history entry undone.' })
  actionId!: string;
  @Field(() => Int, { description: 'Sets restored.' })
  restored!: number;
  @Field(() => [String], { description: 'Sets left as they are because they were edited since the action (file names, the first 50).' })
  skipped!: string[];
  @Field(() => Int, { description: 'How many sets were left as they are.' })
  skippedCount!: number;
}
