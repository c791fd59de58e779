import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppServices } from '../app/services.js';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../auth/graphql-context.js';
import { checkFirst, parseSequenceCursor, sequenceCursor, timeIdCursor, toConnection } from '../graphql/relay.js';
import { createPurchaseRequestOnce } from '../idempotency/idempotent-writes.js';
import { CreditPackageType, PurchaseRequestConnection, PurchaseRequestType, TransactionConnection } from './credits.types.js';

@Resolver()
export class CreditsResolver {
  constructor(private readonly services: AppServices) {}

  @Query(() => TransactionConnection, { description: "The signed-in user's credit history, newest first (50 per page by default)." })
  async transactions(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the newest lines.' }) after: string | null,
  ) {
    const user = requireUser(ctx);
    checkFirst(first);
    const before = parseSequenceCursor('transaction', after);
    const { rows, total } = await this.services.credits.transactionsBefore(user.id, { limit: first + 1, beforeSequence: before });
    return toConnection(rows, { first, after, totalCount: total, cursorOf: (r) => sequenceCursor('transaction', r.sequence), nodeOf: (r) => r.view });
  }

  @Query(() => [CreditPackageType], { description: 'Credit packages for sale, in display order. No sign-in needed.' })
  creditPackages() {
    return this.services.purchases.packages();
  }

  @Mutation(() => PurchaseRequestType, { description: 'Requests to buy a credit package; an administrator approves it after payment.' })
  async createPurchaseRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('packageId', () => ID, { description: 'The id of one of `creditPackages`.' }) packageId: string,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description:
        'Any unique string (1 to 200 visible ASCII characters, e.g. a UUID) for safe retries: repeating the mutation with the same key returns the first request instead of creating another, for 24 hours. The same key with a different packageId is a CONFLICT.',
    })
    idempotencyKey: string | null,
  ) {
    const user = requireUser(ctx);
    return createPurchaseRequestOnce(this.services, user, packageId, idempotencyKey);
  }

  @Query(() => PurchaseRequestConnection, { description: "The signed-in user's purchase requests, newest first." })
  async myPurchaseRequests(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the newest requests.' }) after: string | null,
  ) {
    const user = requireUser(ctx);
    checkFirst(first);
    const { requests, total } = await this.services.purchases.pageForUser(user, { first, after });
    return toConnection(requests, { first, after, totalCount: total, cursorOf: (r) => timeIdCursor('purchaseRequest', r) });
  }
}
