/**
 * Per-account quotas: projects (active and in the trash: both keep their files), pending purchase
 * requests and stored bytes. Each check runs inside the transaction that writes, under a
 * per-account advisory lock, so concurrent requests cannot slip past the limit together. Both
 * APIs reach them through the same service calls, so REST and GraphQL refuse alike.
 * A limit of 0 turns that quota off.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../platform/errors/app-error.js';
import { formatBytes } from '../../platform/config/size-limits.js';

export interface AccountQuotaLimits {
  maxProjects: number;
  maxPendingPurchaseRequests: number;
  maxStorageBytes: number;
}

export const NO_QUOTAS: AccountQuotaLimits = { maxProjects: 0, maxPendingPurchaseRequests: 0, maxStorageBytes: 0 };

type Quota = 'projects' | 'pendingPurchaseRequests' | 'storageBytes';

/** Serialises one account's writes against one quota until the transaction ends. */
async function lockQuota(em: EntityManager, quota: Quota, userId: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`quota:${quota}:${userId}`]);
}

/**
 * What the quotas count, answered by the tables' owners (projects, purchases, file sets), which sit
 * above the accounts: `composeServices` passes their functions in. Each runs inside the checking
 * transaction, under the account's lock for that quota.
 */
export interface QuotaCounts {
  /** The account's projects, the trash included. */
  projects(em: EntityManager, userId: string): Promise<number>;
  /** The account's purchase requests awaiting a decision. */
  pendingPurchaseRequests(em: EntityManager, userId: string): Promise<number>;
  /** Bytes of every file in the account's projects, the trash included. */
  storedBytes(em: EntityManager, userId: string): Promise<number>;
}

/** For quotas that are all off (NO_QUOTAS): nothing is ever counted. */
const UNCOUNTED: QuotaCounts = {
  projects: uncounted,
  pendingPurchaseRequests: uncounted,
  storedBytes: uncounted,
};
function uncounted(): Promise<number> {
  return Promise.reject(new Error('AccountQuotas: a limit is set but no QuotaCounts were given'));
}

const quotaError = (code: 'CONFLICT' | 'PAYLOAD_TOO_LARGE', quota: Quota, limit: number, message: string) => new AppError(code, message, { quota, limit });

/**
 * Bytes an account holds without a stored file yet (the declared length of its unfinished resumable
 * uploads): a feature that takes bytes in several requests registers how to count them, so every
 * storage check sees them. Run inside the checking transaction, under the account's storage lock.
 */
export type StorageReservations = (em: EntityManager, userId: string) => Promise<number>;

/** What an account holds against MAX_STORAGE_BYTES_PER_ACCOUNT. */
export interface StorageHeld {
  stored: number;
  reserved: number;
}

export class AccountQuotas {
  private readonly reservations: StorageReservations[] = [];

  /** No quotas at all (nothing is counted), or limits with the counts they need: never limits alone. */
  constructor();
  constructor(limits: AccountQuotaLimits, counts: QuotaCounts);
  constructor(
    readonly limits: AccountQuotaLimits = NO_QUOTAS,
    private readonly counts: QuotaCounts = UNCOUNTED,
  ) {}

  /** Counts `count` against the storage quota from now on (resumable uploads register theirs). */
  countReservations(count: StorageReservations): void {
    this.reservations.push(count);
  }

  /** Before creating a project. */
  async assertProjectRoom(em: EntityManager, userId: string): Promise<void> {
    const max = this.limits.maxProjects;
    if (!max) return;
    await lockQuota(em, 'projects', userId);
    const n = await this.counts.projects(em, userId);
    if (n >= max)
      throw quotaError(
        'CONFLICT',
        'projects',
        max,
        `You have reached the limit of ${max} projects per account (projects in the trash count too). Delete projects you no longer need to create new ones.`,
      );
  }

  /** Before creating a purchase request. */
  async assertPendingPurchaseRoom(em: EntityManager, userId: string): Promise<void> {
    const max = this.limits.maxPendingPurchaseRequests;
    if (!max) return;
    await lockQuota(em, 'pendingPurchaseRequests', userId);
    const n = await this.counts.pendingPurchaseRequests(em, userId);
    if (n >= max)
      throw quotaError(
        'CONFLICT',
        'pendingPurchaseRequests',
        max,
        `You already have ${n} pending purchase requests (the limit is ${max}). Please wait until an administrator decides them before requesting more.`,
      );
  }

  /** Bytes of every file in the account's projects, trash included. */
  storageUsed(em: EntityManager, userId: string): Promise<number> {
    return this.counts.storedBytes(em, userId);
  }

  /** Stored bytes plus the bytes reserved by unfinished uploads. */
  async storageHeld(em: EntityManager, userId: string): Promise<StorageHeld> {
    const stored = await this.storageUsed(em, userId);
    let reserved = 0;
    for (const count of this.reservations) reserved += await count(em, userId);
    return { stored, reserved };
  }

  /** Before an upload streams: an account already at its limit is refused at once. */
  async assertStorageNotFull(em: EntityManager, userId: string): Promise<void> {
    const max = this.limits.maxStorageBytes;
    if (!max) return;
    const held = await this.storageHeld(em, userId);
    if (held.stored + held.reserved >= max) throw this.storageFull(held, 0);
  }

  /**
   * When an upload's files are recorded, or a resumable upload reserves its length: `addedBytes` is
   * what they add net of the files they replace. `ownReservation` is what the caller already holds
   * of it (a finishing resumable upload's own row, still counted among the reservations). Call it
   * in the transaction that writes: it takes the account's storage lock until the transaction ends.
   */
  async assertStorageRoom(em: EntityManager, userId: string, addedBytes: number, ownReservation = 0): Promise<void> {
    const max = this.limits.maxStorageBytes;
    if (!max || addedBytes <= 0) return;
    await lockQuota(em, 'storageBytes', userId);
    const held = await this.storageHeld(em, userId);
    const reserved = Math.max(0, held.reserved - ownReservation);
    if (held.stored + reserved + addedBytes > max) throw this.storageFull({ stored: held.stored, reserved }, addedBytes);
  }

  private storageFull(held: StorageHeld, addedBytes: number): AppError {
    const max = this.limits.maxStorageBytes;
    const left = Math.max(0, max - held.stored - held.reserved);
    const needs = addedBytes ? `This upload needs ${formatBytes(addedBytes)} but your` : 'Your';
    const reserved = held.reserved ? ` (${formatBytes(held.stored)} stored, ${formatBytes(held.reserved)} reserved by unfinished uploads)` : '';
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `${needs} account has ${formatBytes(left)} of its ${formatBytes(max)} storage left${reserved}. Delete projects you no longer need (permanently, from the trash), or finish or cancel unfinished uploads, to free space.`,
      { quota: 'storageBytes', limit: max, storedBytes: held.stored, reservedBytes: held.reserved, requestedBytes: addedBytes },
    );
  }
}
