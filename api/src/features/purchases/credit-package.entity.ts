import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** A package of credits users can request to buy; seeded by migration. */
@Entity({ tableName: 'credit_packages' })
export class CreditPackage {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ length: 100 })
  name!: string;

  /** Credits granted, in hundredths. */
  @Property()
  creditsCents!: number;

  /** Price in US cents. */
  @Property()
  priceCents!: number;

  @Property({ type: 'text' })
  description!: string;

  /** Display order; the second package is the best value (SPEC §9). */
  @Property()
  position!: number;

  @Property({ default: true })
  active: boolean = true;
}
