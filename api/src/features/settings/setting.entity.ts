import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A key/value setting an administrator can change (SPEC §3 "Setting"). */
@Entity({ tableName: 'settings' })
export class Setting {
  @PrimaryKey({ length: 64 })
  key!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null;
}
