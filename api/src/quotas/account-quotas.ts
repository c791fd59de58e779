/**
 * Per-account quotas: projects (active and in the trash: both keep their files), pending purchase
 * requests and stored bytes. Each check runs inside the transaction that writes, under a
 * per-account advisory lock, so concurrent requests cannot slip past the limit together. Both
 * APIs reach them through the same service calls, so REST and GraphQL refuse alike.
 * A limit of 0 turns that quota off.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/app-error.js';
import { formatBytes } from '../config/size-limits.js';

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

async function countOf(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(sql, params);
  return Number(row?.n ?? 0);
}

const quotaError = (code: 'CONFLICT' | 'PAYLOAD_TOO_LARGE', quota: Quota, limit: number, message: string) => new AppError(code, message, { quota, limit });

export class AccountQuotas {
  constructor(readonly limits: AccountQuotaLimits = NO_QUOTAS) {}

  /** Before creating a project. */
  async assertProjectRoom(em: EntityManager, userId: string): Promise<void> {
    const max = this.limits.maxProjects;
    if (!max) return;
    await lockQuota(em, 'projects', userId);
    const n = await countOf(em, 'select count(*) as n from projects where owner_id = ?', [userId]);
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
    const n = await countOf(em, `select count(*) as n from purchase_requests where user_id = ? and status = 'pending'`, [userId]);
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
    return countOf(
      em,
      `select coalesce(sum(m.size_bytes), 0) as n from media_files m join file_sets fs on fs.id = m.file_set_id
       join projects p on p.id = fs.project_id where p.owner_id = ?`,
      [userId],
    );
  }

  /** Before an upload streams: an account already at its limit is refused at once. */
  async assertStorageNotFull(em: EntityManager, userId: string): Promise<void> {
    const max = this.limits.maxStorageBytes;
    if (!max) return;
    const used = await this.storageUsed(em, userId);
    if (used >= max) throw this.storageFull(used, 0);
  }

  /** When an upload's files are recorded: `addedBytes` is what they add net of the files they replace. */
  async assertStorageRoom(em: EntityManager, userId: string, addedBytes: number): Promise<void> {
    const max = this.limits.maxStorageBytes;
    if (!max || addedBytes <= 0) return;
    await lockQuota(em, 'storageBytes', userId);
    const used = await this.storageUsed(em, userId);
    if (used + addedBytes > max) throw this.storageFull(used, addedBytes);
  }

  private storageFull(used: number, addedBytes: number): AppError {
    const max = this.limits.maxStorageBytes;
    const left = Math.max(0, max - used);
    const needs = addedBytes ? `This upload needs ${formatBytes(addedBytes)} but your` : 'Your';
    return quotaError(
      'PAYLOAD_TOO_LARGE',
      'storageBytes',
      max,
      `${needs} account has ${formatBytes(left)} of its ${formatBytes(max)} storage left. Delete projects you no longer need (permanently, from the trash) to free space.`,
    );
  }
}
