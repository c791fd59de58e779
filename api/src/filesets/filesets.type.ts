import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar } from '../graphql/scalars.js';
import { FileSetType } from '../projects/project.type.js';

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
  @Field(() => GraphQLJSONObject, { description: 'The whole manifest: every set, its files, camera type, sizes and SHA-256 hashes.' }) manifest!: Record<
    string,
    unknown
  >;
}

@ObjectType('CostEstimate', { description: 'What processing the project would cost, and the balance it would be paid from.' })
export class CostEstimateType {
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field(() => MoneyScalar, { description: 'Credits per file set (base cost plus markup).' }) costPerFileset!: string;
  @Field(() => Int, { description: 'File sets in the project.' }) fileSetCount!: number;
  @Field(() => MoneyScalar, { description: 'fileSetCount x costPerFileset, rounded half-up to 2 decimals.' }) totalCost!: string;
  @Field(() => MoneyScalar, { description: "The viewer's credit balance." }) currentBalance!: string;
  @Field({ description: 'True when the balance covers the total.' }) sufficient!: boolean;
}
