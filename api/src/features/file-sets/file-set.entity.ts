import { randomUUID } from 'node:crypto';
import { Collection, type Rel } from '@mikro-orm/core';
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

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @OneToMany(() => MediaFile, (f) => f.fileSet, { orphanRemoval: true })
  files = new Collection<MediaFile>(this);
}
