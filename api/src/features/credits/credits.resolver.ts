import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { checkFirst, parseSequenceCursor, sequenceCursor, toConnection } from '../../platform/graphql/relay.js';
import { TransactionConnection } from './credits.types.js';
import type { CreditsService } from './credits.service.js';

/** What the credit history resolver is built with (app/graphql-schema.ts). */
export interface CreditsResolverDeps {
  credits: Pick<CreditsService, 'transactions' | 'transactionsBefore'>;
}

@Resolver()
export class CreditsResolver {
  constructor(private readonly services: CreditsResolverDeps) {}

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
}
