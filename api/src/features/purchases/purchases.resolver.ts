import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAdmin, requireUser } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { checkFirst, timeIdCursor, toConnection } from '../../platform/graphql/relay.js';
import { IdempotencyKeyArg } from '../../platform/idempotency/idempotency-key-arg.js';
import { createPurchaseRequestOnce } from './create-purchase-request-once.js';
import { CreditPackageType, PurchaseDecision, PurchaseRequestConnection, PurchaseRequestType } from './purchases.types.js';
import type { PurchasesService } from './purchases.service.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';

/** What the purchase resolver is built with (app/graphql-schema.ts). */
export interface PurchasesResolverDeps {
  purchases: PurchasesService;
  idempotency: IdempotencyService;
}

/** Buying credits: the packages, a user's requests, and the administrators' decisions. */
@Resolver()
export class PurchasesResolver {
  constructor(private readonly services: PurchasesResolverDeps) {}

  @Query(() => [CreditPackageType], { description: 'Credit packages for sale, in display order. No sign-in needed.' })
  creditPackages() {
    return this.services.purchases.packages();
  }

  @Mutation(() => PurchaseRequestType, { description: 'Requests to buy a credit package; an administrator approves it after payment.' })
  async createPurchaseRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('packageId', () => ID, { description: 'The id of one of `creditPackages`.' }) packageId: string,
    @IdempotencyKeyArg(
      'repeating the mutation with the same key returns the first request instead of creating another',
      'The same key with a different packageId is a CONFLICT.',
    )
    idempotencyKey: string | null,
  ) {
    const user = requireUser(ctx);
    return createPurchaseRequestOnce(this.services, user, packageId, idempotencyKey);
  }

  @Mutation(() => PurchaseRequestType, {
    description:
      'Adds a note that the payment went (e.g. the transaction id, at most 1,000 characters) to one of your pending requests; the administrators are told.',
  })
  async submitPaymentProof(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID, { description: 'One of your pending purchase requests.' }) id: string,
    @Arg('paymentProof', () => String, { description: 'What identifies the payment.' }) paymentProof: string,
  ) {
    return this.services.purchases.submitProof(requireUser(ctx), id, paymentProof);
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

  @RequiresScope('admin')
  @Query(() => PurchaseRequestConnection, { description: 'All purchase requests, optionally by status (administrators).' })
  async adminPurchaseRequests(
    @Ctx() ctx: GraphQLContext,
    @Arg('status', () => String, { nullable: true, description: 'pending, approved or rejected.' }) status: string | null,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the newest requests.' }) after: string | null,
  ) {
    requireAdmin(ctx);
    checkFirst(first);
    const { requests, total } = await this.services.purchases.pageAll({ status, first, after });
    return toConnection(requests, { first, after, totalCount: total, cursorOf: (r) => timeIdCursor('purchaseRequest', r) });
  }

  @RequiresScope('admin')
  @Mutation(() => PurchaseDecision, { description: "Approves a pending purchase request: the package's credits are added, exactly once (administrators)." })
  approvePurchaseRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID, { description: 'A pending purchase request.' }) id: string,
    @Arg('adminNotes', () => String, { description: 'Notes shown to the user (e.g. the payment reference).', nullable: true }) adminNotes: string | null,
  ) {
    return this.services.purchases.approve(id, requireAdmin(ctx), adminNotes);
  }

  @RequiresScope('admin')
  @Mutation(() => PurchaseDecision, { description: 'Rejects a pending purchase request; the notes are shown to the user as Reason (administrators).' })
  rejectPurchaseRequest(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', () => ID, { description: 'A pending purchase request.' }) id: string,
    @Arg('adminNotes', () => String, { description: 'Shown to the user as the reason.', nullable: true }) adminNotes: string | null,
  ) {
    return this.services.purchases.reject(id, requireAdmin(ctx), adminNotes);
  }
}
