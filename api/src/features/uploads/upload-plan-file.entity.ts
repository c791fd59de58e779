import { randomUUID } from 'node:crypto';
import { BigIntType, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';

/**
 * One file of a card the wizard is sending that the project does not hold yet (upload-plans.ts):
 * written when an upload starts, so a reload, another device or the dashboard knows what is still
 * to send ("Upload interrupted: 42 clips still to send"). A row is dropped once a file of its name
 * and size is recorded, and the whole plan when the wizard's upload ends.
 */
@Entity({ tableName: 'upload_plan_files' })
@Unique({ properties: ['project', 'filename'] })
export class UploadPlanFile {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  /** As on the card (checked by upload-naming.ts). */
  @Property({ length: 255 })
  filename!: string;

  @Property({ length: 255 })
  baseName!: string;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
