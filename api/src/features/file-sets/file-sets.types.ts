import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import { FileSetType, ProjectType } from '../projects/projects.types.js';

export enum ProcessingScope {
  UNPROCESSED = 'unprocessed',
  FAILED = 'failed',
}
registerEnumType(ProcessingScope, {
  name: 'ProcessingScope',
  description: 'Which file sets a processing run takes.',
  valuesConfig: {
    UNPROCESSED: { description: 'The complete sets never processed (startProcessing).' },
    FAILED: { description: 'The sets whose latest run failed (retryProcessing).' },
  },
});

@ObjectType('LeftOutFileSet', { description: 'A file set a run leaves out, and why.' })
export class LeftOutFileSetType {
  @Field(() => ID, { description: 'The file set.' }) fileSetId!: string;
  @Field({ description: 'Its base filename, e.g. DJI_0005.' }) baseName!: string;
  @Field({ description: 'Why, for people: e.g. "missing the .SRT telemetry file".' }) reason!: string;
}

@ObjectType('FileSetVerification', { description: "A project's file sets as the wizard's Verify step shows them." })
export class FileSetVerificationType {
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field({ description: 'The project status.' }) status!: string;
  @Field({ description: 'True when there is at least one set and every set is complete.' }) allComplete!: boolean;
  @Field(() => [FileSetType], { description: 'Every set, with status, what is missing, and files.' }) fileSets!: FileSetType[];
}

@ObjectType('ProjectManifest', { description: 'The processing manifest that generate-json wrote.' })
export class ProjectManifestType {
  @Field({ description: 'A sentence for the user.' }) message!: string;
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field(() => Int, { description: 'File sets in the manifest.' }) fileSetCount!: number;
  @Field(() => Int, { description: 'Files in the manifest.' }) fileCount!: number;
  @Field(() => Float, { description: 'Bytes of all files.' }) totalBytes!: number;
  @Field({ description: 'When it was generated.' }) generatedAt!: Date;
  @Field(() => [LeftOutFileSetType], { description: 'Incomplete sets left out (only with completeOnly).' }) leftOut!: LeftOutFileSetType[];
  @Field(() => GraphQLJSONObject, { description: 'The whole manifest: every set, its files, camera type, sizes and SHA-256 hashes.' }) manifest!: Record<
    string,
    unknown
  >;
}

@ObjectType('CostEstimate', { description: 'What processing the project would cost, and the balance it would be paid from.' })
export class CostEstimateType {
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field(() => MoneyScalar, { description: 'Credits per file set (base cost plus markup).' }) costPerFileset!: string;
  @Field(() => ProcessingScope, { description: 'The run this estimate is for.' }) scope!: ProcessingScope;
  @Field(() => Int, { description: 'File sets the run would process (incomplete, processed and running sets are not counted).' }) fileSetCount!: number;
  @Field(() => Int, { description: 'File sets in the project.' }) totalFileSets!: number;
  @Field(() => [LeftOutFileSetType], { description: 'Incomplete sets the run would leave out, and why.' }) leftOut!: LeftOutFileSetType[];
  @Field(() => MoneyScalar, { description: 'fileSetCount x costPerFileset, rounded half-up to 2 decimals.' }) totalCost!: string;
  @Field(() => MoneyScalar, { description: "The viewer's credit balance." }) currentBalance!: string;
  @Field({ description: 'True when the balance covers the total.' }) sufficient!: boolean;
}

@ObjectType('RemoveFileSetPayload', { description: 'A file set removed with its files.' })
export class RemoveFileSetPayload {
  @Field({ description: 'A sentence for the user.' }) message!: string;
  @Field(() => ID, { description: 'The removed file set.' }) fileSetId!: string;
  @Field({ description: 'Its base filename.' }) baseName!: string;
  @Field(() => Int, { description: 'Files removed with it (from storage too).' }) removedFiles!: number;
  @Field(() => ProjectType, { description: 'The project after the removal.' }) project!: ProjectType;
}
