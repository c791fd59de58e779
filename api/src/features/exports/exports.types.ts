import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum ExportFormat {
  STANDARD = 'standard',
  POND5 = 'pond5',
  ADOBE = 'adobe',
  SHUTTERSTOCK = 'shutterstock',
  METADATA_ZIP = 'metadata-zip',
}
registerEnumType(ExportFormat, {
  name: 'ExportFormat',
  description: 'A file Shotlog exports for a project.',
  valuesConfig: {
    STANDARD: { description: 'Standard CSV (SPEC columns originalfilename ... Country).' },
    POND5: { description: 'Pond5 CSV (containsaudio no).' },
    ADOBE: { description: "Adobe Stock's upload CSV (Filename, Title, Keywords, Category 1-21, Releases)." },
    SHUTTERSTOCK: { description: "Shutterstock's upload CSV (Filename, Description, Keywords, Categories, Editorial, Mature content, Illustration)." },
    METADATA_ZIP: { description: 'ZIP of XMP sidecars per video (and, with withJpgs, the JPGs with IPTC/XMP written in).' },
  },
});

export enum AgencyExportFormat {
  ADOBE = 'adobe',
  SHUTTERSTOCK = 'shutterstock',
  POND5 = 'pond5',
}
registerEnumType(AgencyExportFormat, {
  name: 'AgencyExportFormat',
  description: 'A stock agency whose upload rules Shotlog checks.',
  valuesConfig: { ADOBE: { description: 'Adobe Stock.' }, SHUTTERSTOCK: { description: 'Shutterstock.' }, POND5: { description: 'Pond5.' } },
});

@ObjectType('ExportKeywordRuleChange', { description: "One row of an export whose keywords the project's keyword rules changed." })
export class ExportKeywordRuleChangeType {
  @Field(() => ID, { description: 'The file set of the row.' })
  fileSetId!: string;
  @Field({ description: 'The file name in the row.' })
  filename!: string;
  @Field(() => [String], { description: 'What the rules changed, e.g. "1 never-include keyword removed".' })
  changes!: string[];
}

@ObjectType('ExportKeywordRuleChanges', {
  description:
    "The rows of an export whose keywords the project's keyword rules changed (the REST download says it in X-Shotlog-Keyword-Rule-Rows and -Files).",
})
export class ExportKeywordRuleChangesType {
  @Field(() => Int, { description: 'How many rows the rules changed (0 without rules).' })
  rowCount!: number;
  @Field(() => [ExportKeywordRuleChangeType], { description: 'Those rows, in file order.' })
  rows!: ExportKeywordRuleChangeType[];
}

@ObjectType('ExportDownload', { description: 'A short-lived signed link to an export; it needs no Authorization header.' })
export class ExportDownloadType {
  @Field(() => ExportFormat, { description: 'The export format of the link.' })
  format!: ExportFormat;
  @Field({ description: 'The download URL (absolute when PUBLIC_URL is configured, else a path on this API).' })
  url!: string;
  @Field({ description: 'When the link stops working.' })
  expiresAt!: Date;
  @Field({ description: 'The file name the download will have.' })
  fileName!: string;
  @Field({ description: 'True while the project is still processing: the file holds the rows done so far.' })
  incomplete!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the file may be incomplete, for people.' })
  note!: string | null;
  @Field(() => ExportKeywordRuleChangesType, {
    description: "The rows whose keywords the project's keyword rules change in this export, as the link would serve it now.",
  })
  keywordRuleChanges!: ExportKeywordRuleChangesType;
}

@ObjectType('ExportFile', { description: 'A CSV export with its content inline (projects of up to 2,000 file sets).' })
export class ExportFileType {
  @Field(() => ExportFormat, { description: 'The export format.' })
  format!: ExportFormat;
  @Field({ description: 'The file name the download would have.' })
  fileName!: string;
  @Field({ description: 'The CSV text, exactly as the download serves it.' })
  content!: string;
  @Field({ description: 'True while the project is still processing: the file holds the rows done so far.' })
  incomplete!: boolean;
  @Field(() => String, { description: 'Why the file may be incomplete, for people; null when complete.', nullable: true })
  note!: string | null;
  @Field(() => ExportKeywordRuleChangesType, { description: "The rows whose keywords the project's keyword rules changed in this file." })
  keywordRuleChanges!: ExportKeywordRuleChangesType;
}

@ObjectType('ExportRowCheck', { description: 'One row an agency would refuse (problems) or that could be better (warnings).' })
export class ExportRowCheckType {
  @Field(() => Int, { description: '1-based row number in the CSV, not counting the header.' })
  rowNumber!: number;
  @Field(() => ID, { description: 'The file set of the row.' })
  fileSetId!: string;
  @Field({ description: 'The file name in the row.' })
  filename!: string;
  @Field(() => [String], { description: 'Why the agency would refuse the row; empty when it would be accepted.' })
  problems!: string[];
  @Field(() => [String], { description: 'What could be better, though the agency would accept the row.' })
  warnings!: string[];
}

@ObjectType('ExportCheck', { description: "An agency CSV checked against the agency's published rules." })
export class ExportCheckType {
  @Field(() => AgencyExportFormat, { description: 'The agency checked.' })
  format!: AgencyExportFormat;
  @Field({ description: "The agency's name, for people." })
  agency!: string;
  @Field({ description: 'Where the agency publishes the rules.' })
  source!: string;
  @Field(() => Int, { description: 'Rows the CSV would have.' })
  totalRows!: number;
  @Field(() => Int, { description: 'Rows that would be refused.' })
  refusedCount!: number;
  @Field(() => [ExportRowCheckType], { description: 'The rows with problems or warnings; rows without either are left out.' })
  rows!: ExportRowCheckType[];
  @Field(() => [String], { description: 'Problems with the file as a whole (e.g. too many rows).' })
  fileProblems!: string[];
  @Field(() => ExportKeywordCountType, {
    description:
      "The fewest and most keywords the agency's CSV writes in a row (after its limit and the project's keyword rules); null when no row has a result.",
    nullable: true,
  })
  keywordsWritten!: ExportKeywordCountType | null;
}

@ObjectType('ExportKeywordCount', { description: 'How many keywords an export writes per row.' })
export class ExportKeywordCountType {
  @Field(() => Int, { description: 'The fewest keywords in a row with a result.' })
  fewest!: number;
  @Field(() => Int, { description: 'The most keywords in a row with a result (at most 30, SPEC).' })
  most!: number;
}

@ObjectType('ExportPreviewRow', { description: 'The values a file set exports, before CSV formatting.' })
export class ExportPreviewRowType {
  @Field(() => ID, { description: 'The file set of the row.' })
  fileSetId!: string;
  @Field({ description: 'The video file name (the base name when the set has no video).' })
  filename!: string;
  @Field({ description: 'False when the set has no result yet (its metadata cells export empty).' })
  hasResult!: boolean;
  @Field(() => String, { description: 'Title; null without a result.', nullable: true })
  title!: string | null;
  @Field(() => String, { description: 'Description; null without a result.', nullable: true })
  description!: string | null;
  @Field(() => [String], { description: 'At most 30.' })
  keywords!: string[];
  @Field(() => String, { description: 'Adobe Stock category name; null when none.', nullable: true })
  adobeCategory!: string | null;
  @Field(() => Int, { nullable: true, description: "Adobe Stock's number for adobeCategory (1 to 21)." })
  adobeCategoryNumber!: number | null;
  @Field(() => String, { description: 'Shutterstock category A; null when none.', nullable: true })
  shutterstockA!: string | null;
  @Field(() => String, { description: 'Shutterstock category B; null when none.', nullable: true })
  shutterstockB!: string | null;
  @Field(() => Float, { description: 'Latitude in decimal degrees; null without a GPS fix.', nullable: true })
  latitude!: number | null;
  @Field(() => Float, { description: 'Longitude in decimal degrees; null without a GPS fix.', nullable: true })
  longitude!: number | null;
  @Field(() => String, { description: 'City; null without a result.', nullable: true })
  city!: string | null;
  @Field(() => String, { description: 'Country; null without a result.', nullable: true })
  country!: string | null;
  @Field(() => [String], { description: "What the project's keyword rules changed in this row's keywords (empty: nothing)." })
  keywordRuleChanges!: string[];
}

@ObjectType('ExportPreview', { description: "A page of a project's export rows, in export order." })
export class ExportPreviewType {
  @Field(() => [ExportPreviewRowType], { description: 'This page of rows.' })
  rows!: ExportPreviewRowType[];
  @Field(() => Int, { description: 'File sets in the project (rows in the export).' })
  totalFileSets!: number;
  @Field(() => Int, { description: 'File sets that have a result.' })
  processedFileSets!: number;
  @Field({ description: 'True while some file sets have no result yet.' })
  incomplete!: boolean;
  @Field(() => String, { description: 'Why the export may be incomplete, for people; null when complete.', nullable: true })
  note!: string | null;
}
