import { randomUUID } from 'node:crypto';
import { Collection, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';
import { MediaFile } from './media-file.entity.js';

/** Files of one clip grouped by their shared base filename (SPEC §3). */
@Entity({ tableName: 'file_sets' })
@Unique({ properties: ['project', 'baseName'] })
export class FileSet {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  @Property({ length: 255 })
  baseName!: string;

  /** Position in the project, for 'File Set N' labels and stable ordering. */
  @Property({ default: 0 })
  position: number = 0;

  /** Why no still could be taken from the set's video (it does not decode); null otherwise. */
  @Property({ type: 'string', length: 500, nullable: true })
  stillProblem?: string | null = null;

  /** The user chose to process this clip without its .SRT, from the pictures alone. */
  @Property({ default: false })
  withoutTelemetry: Opt<boolean> = false;

  /** The user left this set (a photo) out of processing. */
  @Property({ default: false })
  leftOut: Opt<boolean> = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @OneToMany(() => MediaFile, (f) => f.fileSet, { orphanRemoval: true })
  files = new Collection<MediaFile>(this);
}
