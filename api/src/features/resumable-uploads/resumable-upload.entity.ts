import { BigIntType, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';
import type { MediaKind } from '../file-sets/media-file.entity.js';

/** uploading: bytes still coming; complete: in its set; expired: swept unfinished; refused: judged by its content. */
export type ResumableUploadStatus = 'uploading' | 'complete' | 'expired' | 'refused';

/**
 * One tus upload (api/src/features/resumable-uploads): who may continue it, which project and set place it
 * fills once its last byte is in, and how it ended. The bytes live on the shared files volume
 * (DATA_DIR/files/.tus) until then; this row is what every API process checks before touching them.
 */
@Entity({ tableName: 'resumable_uploads' })
@Index({ properties: ['project', 'status'] })
export class ResumableUpload {
  /** The tus upload id (the last segment of its Location). */
  @PrimaryKey({ length: 64 })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  /** As the client named it (checked by upload-naming.ts before any byte was stored). */
  @Property({ length: 255 })
  filename!: string;

  @Property({ length: 255 })
  baseName!: string;

  @Property({ length: 16 })
  kind!: MediaKind;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ length: 16 })
  status: ResumableUploadStatus = 'uploading';

  /** Why it was refused or could not join its set. */
  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  fileSetId: string | null = null;

  @Property({ length: 64, nullable: true })
  sha256: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null = null;
}
