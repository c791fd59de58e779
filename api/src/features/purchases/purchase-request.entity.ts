import { randomInt, randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import { CreditPackage } from './credit-package.entity.js';

export const PURCHASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Reference characters: no 0/O or 1/I/L, so a reference read aloud or typed into a bank form survives. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** A short human reference, e.g. `SL-7K3Q9` (31^5, about 28 million: a clash is retried on insert). */
export const newPurchaseReference = (): string => `SL-${Array.from({ length: 5 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
export const PURCHASE_REFERENCE = /^SL-[2-9A-HJKMNP-Z]{5}$/;

/** A manual credit purchase; an administrator approves (credits added) or rejects it. */
@Entity({ tableName: 'purchase_requests' })
@Index({ properties: ['status', 'createdAt'] })
export class PurchaseRequest {
  [OptionalProps]?: 'status' | 'createdAt' | 'reference';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: Rel<User>;

  @ManyToOne(() => CreditPackage)
  creditPackage!: Rel<CreditPackage>;

  /** What the buyer writes on the payment and every screen shows (newPurchaseReference). */
  @Property({ length: 16, unique: true })
  reference: string = newPurchaseReference();

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
