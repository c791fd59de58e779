/**
 * Per-account quotas at the service tier: each check runs in the transaction that writes, under a
 * per-account lock, so concurrent creates cannot slip past the limit together. How REST and
 * GraphQL answer a refusal (409, CONFLICT) is quotas.e2e.spec.ts's.
 */
import type { AppError } from '../../platform/errors/app-error.js';
import { ProjectsService } from '../projects/projects.service.js';
import { PurchasesService } from '../purchases/purchases.service.js';
import { openServiceDatabase, type ServiceDatabase } from '../../../test/support/service-tier.js';
import { AccountQuotas } from './account-quotas.js';
import { QUOTA_COUNTS } from '../../app/quota-counts.js';

const MAX_PROJECTS = 3;
const MAX_PENDING = 2;
let db: ServiceDatabase;
let projects: ProjectsService;
let purchases: PurchasesService;

beforeAll(async () => {
  db = await openServiceDatabase({
    env: { MAX_PROJECTS_PER_ACCOUNT: String(MAX_PROJECTS), MAX_PENDING_PURCHASE_REQUESTS: String(MAX_PENDING) },
  });
  const quotas = new AccountQuotas(db.config.quotas, QUOTA_COUNTS);
  // No reaction to project events is under test here: nothing listens.
  projects = new ProjectsService(db.orm, quotas, { emit: async () => undefined });
  purchases = new PurchasesService(db.orm, db.pool, db.ledger, quotas);
});
afterAll(() => db.close());

/** The settled outcomes: how many fulfilled, and the refusals (each must be the quota's). */
function outcomes<T>(settled: PromiseSettledResult<T>[]) {
  return {
    fulfilled: settled.filter((s) => s.status === 'fulfilled').length,
    refused: settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason as AppError),
  };
}

it('projects: holds under concurrent creates, exactly the limit succeeds', async () => {
  const user = await db.signUp();
  const settled = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) => projects.create(user, { name: `Race ${i}`, cameraType: 'dji-mavic-3-pro-series' })),
  );
  const { fulfilled, refused } = outcomes(settled);
  expect(fulfilled).toBe(MAX_PROJECTS);
  expect(refused).toHaveLength(8 - MAX_PROJECTS);
  for (const err of refused) expect([err.code, err.details]).toEqual(['CONFLICT', { quota: 'projects', limit: MAX_PROJECTS }]);
  expect((await projects.list(user)).totalCount).toBe(MAX_PROJECTS);
});

it('pending purchase requests: holds under concurrent requests', async () => {
  const user = await db.signUp();
  const pkg = (await purchases.packages())[0]!.id;
  const settled = await Promise.allSettled(Array.from({ length: 6 }, () => purchases.createRequest(user, pkg)));
  const { fulfilled, refused } = outcomes(settled);
  expect(fulfilled).toBe(MAX_PENDING);
  for (const err of refused) expect([err.code, err.details]).toEqual(['CONFLICT', { quota: 'pendingPurchaseRequests', limit: MAX_PENDING }]);
  expect((await purchases.listForUser(user, { limit: 50, offset: 0 })).total).toBe(MAX_PENDING);
});
