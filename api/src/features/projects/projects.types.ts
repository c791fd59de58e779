import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../platform/graphql/relay.js';

export enum ProjectView {
  ACTIVE = 'ACTIVE',
  TRASH = 'TRASH',
}
registerEnumType(ProjectView, {
  name: 'ProjectView',
  description: 'Which projects to list.',
  valuesConfig: { ACTIVE: { description: 'Projects not in the trash.' }, TRASH: { description: 'Projects in the trash.' } },
});

@ObjectType('File', { description: 'One uploaded file of a file set.' })
export class FileType {
  @Field(() => ID, { description: 'File id.' })
  id!: string;
  @Field({ description: 'The name it was uploaded with.' })
  filename!: string;
  @Field({ description: 'Lower-case extension: mp4, mov, jpg or srt (lrf for a DJI proxy).' })
  fileTypeInfo!: string;
  @Field({
    description:
      'A DJI .LRF low-resolution proxy standing in for the master video: enough for processing and CSV export (rows are named after the master, BASE.MP4); upload the master to the same set for delivery to an agency.',
  })
  proxy!: boolean;
  @Field({ description: 'URL path that serves the file to its owner (supports HTTP Range).' })
  resourceUri!: string;
  @Field(() => Float, { description: 'Size in bytes.' })
  sizeBytes!: number;
  @Field({ description: "True for a JPG Shotlog took from the set's video (the best frame); upload a JPG to replace it." })
  fromVideo!: boolean;
}

@ObjectType('FileSet', { description: 'The files of one clip, grouped by their shared base filename.' })
export class FileSetType {
  @Field(() => ID, { description: 'File set id.' })
  id!: string;
  @Field({ description: 'The shared base filename, e.g. DJI_0001.' })
  baseName!: string;
  @Field({ description: '"complete" when it holds a video, a JPG and an SRT; otherwise "incomplete".' })
  status!: string;
  @Field(() => [String], { description: 'What the set still lacks: any of "video", "jpg", "srt"; empty when complete.' })
  missing!: string[];
  @Field(() => String, {
    nullable: true,
    description: 'Why the set cannot be processed, for people (e.g. "missing the .SRT telemetry file"); null when complete.',
  })
  incompleteReason!: string | null;
  @Field(() => [FileType], { description: 'The files of the set.' })
  files!: FileType[];
  @Field({ description: '"clip" (it has a video), "photo" (a JPG with no video of its name; complete on its own) or "other" (an .SRT alone).' })
  shape!: string;
  @Field({ description: 'A run takes it: complete, or a clip without .SRT chosen to go without telemetry; never when left out.' })
  processable!: boolean;
  @Field({ description: 'Its JPG is a still taken from its video.' })
  stillFromVideo!: boolean;
  @Field(() => String, { nullable: true, description: 'Why no still could be taken from its video (it does not decode); replace the video or upload a JPG.' })
  stillProblem!: string | null;
  @Field({ description: 'The user chose to process this clip without its .SRT, from the pictures alone.' })
  withoutTelemetry!: boolean;
  @Field({ description: 'The user left this set out of processing.' })
  leftOut!: boolean;
}

@ObjectType('CameraTypeOption', { description: 'A camera type a project can be created with.' })
export class CameraTypeOption {
  @Field({ description: 'Value to send as cameraType.' })
  value!: string;
  @Field({ description: 'Human-readable name.' })
  label!: string;
}

@ObjectType('Project', { description: 'A project: a named collection of file sets to process and export.' })
export class ProjectType {
  @Field(() => ID, { description: 'Project id (UUID).' })
  id!: string;
  @Field({ description: 'Project name.' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'Free-text description.' })
  description!: string | null;
  @Field({ description: 'One of the values of `cameraTypes`.' })
  cameraType!: string;
  @Field({ description: 'created, uploaded, ready, processing, completed or failed.' })
  status!: string;
  @Field({ description: 'When the project was created.' })
  createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it was moved to the trash; null while active.' })
  deletedAt!: Date | null;
  @Field(() => Int, { description: 'Number of file sets.' })
  fileSetCount!: number;
  @Field(() => [FileSetType], { description: 'The file sets with their files.' })
  fileSets!: FileSetType[];
}

@ObjectType('ProjectConnection', { description: 'A page of projects, newest first.' })
export class ProjectConnection extends Connection(ProjectType, 'Project') {}

@ObjectType('ProjectCounts', { description: 'How many projects are active and in the trash.' })
export class ProjectCounts {
  @Field(() => Int, { description: 'Projects not in the trash.' })
  active!: number;
  @Field(() => Int, { description: 'Projects in the trash.' })
  trash!: number;
}

@ObjectType('EmptyTrashResult', { description: 'What Empty Trash did.' })
export class EmptyTrashResult {
  @Field(() => Int, { description: 'Projects deleted (in the trash for more than 30 days).' })
  deleted!: number;
  @Field(() => Int, { description: 'Projects still in the trash.' })
  remaining!: number;
  @Field({ description: 'A sentence for the user.' })
  message!: string;
}

@InputType({ description: 'A new project.' })
export class CreateProjectInput {
  @Field({ description: 'Name, 1 to 200 characters.' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'Optional description.' })
  description?: string | null;
  @Field({ description: 'One of the values of `cameraTypes`.' })
  cameraType!: string;
}
