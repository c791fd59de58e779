import { randomUUID } from 'node:crypto';
import { BigIntType, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { Project } from '../projects/project.entity.js';
import type { DeliveryAgency, DeliveryProtocol } from './agency-hosts.js';

/** One user's login at one agency's upload server. The secret is sealed (secret-box.ts), never returned. */
@Entity({ tableName: 'delivery_connections' })
@Index({ properties: ['user', 'createdAt'] })
export class DeliveryConnection {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ length: 100 })
  name!: string;

  @Property({ length: 16 })
  agency!: DeliveryAgency;

  @Property({ length: 8 })
  protocol!: DeliveryProtocol;

  @Property({ length: 255 })
  host!: string;

  @Property()
  port!: number;

  @Property({ length: 255 })
  username!: string;

  /** 'password' or 'key' (an SSH private key, SFTP only). */
  @Property({ length: 16 })
  secretKind!: 'password' | 'key';

  /** Null when where or how it is sent changed without the secret being entered again (issue 28). */
  @Property({ type: 'text', hidden: true, nullable: true })
  secretSealed?: string | null;

  /** Why the secret must be entered again (null while one is stored). */
  @Property({ type: 'string', length: 255, nullable: true })
  secretMissingReason?: string | null;

  /** The last test's outcome (null: not tested since the last change); Deliver asks to confirm after a failed one. */
  @Property({ type: 'boolean', nullable: true })
  lastTestOk?: boolean | null;

  @Property({ type: 'text', nullable: true })
  lastTestMessage?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastTestAt?: Date | null;

  /** Set by the first login refusal: no login is tried again until the connection is fixed and resumed. */
  @Property({ type: 'timestamptz', nullable: true })
  pausedAt?: Date | null;

  @Property({ type: 'string', length: 255, nullable: true })
  pausedReason?: string | null;

  @Property({ length: 1024 })
  remoteFolder!: string;

  /** SFTP host key fingerprint (SHA256:...), pinned on first use. */
  @Property({ type: 'string', length: 128, nullable: true })
  hostKey?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}

/** One "deliver" request: a project (or some of its sets) to one or more connections. */
@Entity({ tableName: 'deliveries' })
@Index({ properties: ['project', 'createdAt'] })
export class Delivery {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** Rows the agency check refused that were sent anyway. */
  @Property({ default: false })
  override: boolean = false;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

export type DeliveryItemStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'held' | 'paused';

/**
 * One file to one connection in a delivery. Read and written in guarded SQL by the workers
 * (delivery-store.ts); the entity is the table's declaration for the schema-drift test.
 */
@Entity({ tableName: 'delivery_items' })
@Unique({ properties: ['delivery', 'connection', 'mediaFileId'] })
@Index({ properties: ['connection', 'remotePath', 'sha256', 'status'] })
export class DeliveryItem {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Delivery, { deleteRule: 'cascade' })
  delivery!: Rel<Delivery>;

  @ManyToOne(() => DeliveryConnection, { deleteRule: 'cascade' })
  connection!: Rel<DeliveryConnection>;

  /** The media file (no foreign key: the history outlives a deleted file). */
  @Property({ type: 'uuid' })
  mediaFileId!: string;

  @Property({ type: 'uuid' })
  fileSetId!: string;

  @Property({ length: 255 })
  filename!: string;

  @Property({ length: 255 })
  storageKey!: string;

  @Property({ length: 1300 })
  remotePath!: string;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ length: 64 })
  sha256!: string;

  @Property({ length: 16, default: 'queued' })
  status: DeliveryItemStatus = 'queued';

  @Property({ type: new BigIntType('number'), default: 0 })
  bytesSent: number = 0;

  @Property({ type: 'double', default: 0 })
  bytesPerSecond: number = 0;

  @Property({ default: 0 })
  attempts: number = 0;

  /** Why it failed, was skipped or held back, for the user. */
  @Property({ type: 'text', nullable: true })
  message?: string | null;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
