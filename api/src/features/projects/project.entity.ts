import { randomUUID } from 'node:crypto';
import { Collection } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { FileSet } from '../file-sets/file-set.entity.js';

/** Project lifecycle; 'processing' starts client polling and 'completed' stops it (SPEC §4). */
export const PROJECT_STATUSES = ['created', 'uploaded', 'ready', 'processing', 'completed', 'failed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

@Entity({ tableName: 'projects' })
@Index({ properties: ['owner', 'deletedAt', 'createdAt'] })
export class Project {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: User;

  @Property({ length: 200 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ length: 64 })
  cameraType!: string;

  @Property({ length: 32, default: 'created' })
  status: ProjectStatus = 'created';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** Set while the project is in the trash (soft delete). */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  @OneToMany(() => FileSet, (fs) => fs.project, { orphanRemoval: true })
  fileSets = new Collection<FileSet>(this);
}
