import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { CreditPackage } from './credit-package.entity.js';

export const PURCHASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A manual credit purchase; an administrator approves (credits added) or rejects it. */
@Entity({ tableName: 'purchase_requests' })
@Index({ properties: ['status', 'createdAt'] })
export class PurchaseRequest {
  [OptionalProps]?: 'status' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: Rel<User>;

  @ManyToOne(() => CreditPackage)
  creditPackage!: Rel<CreditPackage>;

  @Property({ length: 16, default: 'pending' })
  status: PurchaseStatus = 'pending';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'uuid', nullable: true })
  decidedBy?: string | null;

  @Property({ type: 'text', nullable: true })
  adminNotes?: string | null;

  @Property({ type: 'text', nullable: true })
  paymentProof?: string | null;

  /** A client's Idempotency-Key, so a retried request creates one purchase request. */
  @Property({ length: 200, nullable: true, unique: true })
  idempotencyKey?: string | null;
}
