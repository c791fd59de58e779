import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { FileSetType } from '../projects/projects.types.js';

export enum FileKind {
  VIDEO = 'video',
  JPG = 'jpg',
  SRT = 'srt',
}
registerEnumType(FileKind, {
  name: 'FileKind',
  description: 'A place in a file set.',
  valuesConfig: {
    VIDEO: { description: 'The video: .mp4 or .mov.' },
    JPG: { description: 'The still image: .jpg.' },
    SRT: { description: 'The DJI telemetry subtitle: .srt.' },
  },
});

@ObjectType('UploadedFile', { description: 'A file kept by an upload.' })
export class UploadedFileType {
  @Field(() => ID, { description: 'File id.' }) id!: string;
  @Field({ description: 'The name it is recorded under.' }) filename!: string;
  @Field({ description: 'Lower-case extension: mp4, mov, jpg or srt.' }) fileTypeInfo!: string;
  @Field({ description: 'Signed URL path that serves the file to its owner (supports HTTP Range).' }) resourceUri!: string;
  @Field(() => Float, { description: 'Size in bytes.' }) sizeBytes!: number;
  @Field({ description: 'SHA-256 of the bytes, hex.' }) sha256!: string;
  @Field(() => ID, { description: 'The file set it joined.' }) fileSetId!: string;
  @Field({ description: 'The base filename of that set.' }) baseName!: string;
  @Field(() => String, { nullable: true, description: 'The file of the same kind it replaced, if any.' }) replaced!: string | null;
}

@ObjectType('RefusedFile', { description: 'A file an upload did not keep, and why.' })
export class RefusedFileType {
  @Field({ description: 'The name it was sent with.' }) filename!: string;
  @Field({ description: 'Why it was refused.' }) reason!: string;
}

@ObjectType('UploadSummary', { description: "How the project's file sets stand after an upload." })
export class UploadSummaryType {
  @Field(() => Int, { description: 'File sets in the project.' }) fileSets!: number;
  @Field(() => Int, { description: 'Sets with a video, a JPG and an SRT.' }) complete!: number;
  @Field(() => Int, { description: 'Sets still missing a file.' }) incomplete!: number;
}

@ObjectType('UploadResult', { description: 'What an upload kept and refused, and the file sets of the project now.' })
export class UploadResultType {
  @Field({ description: 'A sentence for the user.' }) message!: string;
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field(() => [UploadedFileType], { description: 'Files stored and recorded.' }) accepted!: UploadedFileType[];
  @Field(() => [RefusedFileType], { description: 'Files refused by name or content; the rest still uploaded.' }) refused!: RefusedFileType[];
  @Field(() => [FileSetType], { description: 'Every file set of the project, with status and what is missing.' }) fileSets!: FileSetType[];
  @Field(() => UploadSummaryType, { description: 'Counts of complete and incomplete sets.' }) summary!: UploadSummaryType;
}

@ObjectType('FileReplacement', { description: 'A missing or replacement file added to one set.' })
export class FileReplacementType {
  @Field({ description: 'A sentence for the user.' }) message!: string;
  @Field(() => FileSetType, { description: 'The set after the change.' }) fileSet!: FileSetType;
  @Field(() => UploadedFileType, { description: 'The new file.' }) file!: UploadedFileType;
  @Field(() => String, { nullable: true, description: 'The file it replaced, if any.' }) replaced!: string | null;
}
