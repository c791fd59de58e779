import { randomUUID } from 'node:crypto';
import { BigIntType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { FileSet } from './file-set.entity.js';

/** raw: a DNG beside a photo's JPG of the same base name (it travels with it). */
export type MediaKind = 'video' | 'image' | 'subtitle' | 'raw';

/** One stored file; the bytes live in storage under `storageKey`, a name the server chose. */
@Entity({ tableName: 'media_files' })
@Unique({ properties: ['fileSet', 'kind'] })
export class MediaFile {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => FileSet, { deleteRule: 'cascade' })
  fileSet!: Rel<FileSet>;

  /** The name the user uploaded, as given (display and exports only; never a path). */
  @Property({ length: 255 })
  filename!: string;

  /** Lower-case extension without the dot: mp4, mov, lrf, jpg, srt, dng. */
  @Property({ length: 16 })
  extension!: string;

  @Property({ length: 16 })
  kind!: MediaKind;

  @Property({ length: 128 })
  contentType!: string;

  @Property({ length: 255 })
  storageKey!: string;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ length: 64 })
  sha256!: string;

  /** A still Shotlog took from the set's video (not uploaded); an uploaded JPG replaces it. */
  @Property({ default: false })
  fromVideo: Opt<boolean> = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
