import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppServices } from '../app/services.js';
import { requireUser } from '../auth/viewer.js';
import type { GraphQLContext } from '../graphql/context.js';
import { afterToOffset, checkFirst, offsetConnection } from '../graphql/offset-cursor.js';
import { CreditPackageType, PurchaseRequestConnection, PurchaseRequestType, TransactionConnection } from './credits.types.js';

@Resolver()
export class CreditsResolver {
  constructor(private readonly services: AppServices) {}

  @Query(() => TransactionConnection, { description: "The signed-in user's credit history, newest first (50 per page by default)." })
  async transactions(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' }) after: string | null,
  ) {
    const user = requireUser(ctx);
    const offset = afterToOffset(after);
    const { rows, total } = await this.services.credits.transactions(user.id, { limit: checkFirst(first), offset });
    return offsetConnection(rows, total, offset);
  }

  @Query(() => [CreditPackageType], { description: 'Credit packages for sale, in display order. No sign-in needed.' })
  creditPackages() {
    return this.services.purchases.packages();
  }

  @Mutation(() => PurchaseRequestType, { description: 'Requests to buy a credit package; an administrator approves it after payment.' })
  createPurchaseRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('packageId', () => ID) packageId: string,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Retrying with the same key returns the first request instead of creating another.' })
    idempotencyKey: string | null,
  ) {
    return this.services.purchases.createRequest(requireUser(ctx), packageId, idempotencyKey ?? undefined);
  }

  @Query(() => PurchaseRequestConnection, { description: "The signed-in user's purchase requests, newest first." })
  async myPurchaseRequests(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const offset = afterToOffset(after);
    const { requests, total } = await this.services.purchases.listForUser(requireUser(ctx), { limit: checkFirst(first), offset });
    return offsetConnection(requests, total, offset);
  }
}
