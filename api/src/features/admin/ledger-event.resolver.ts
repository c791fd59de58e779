import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { Batcher, perContext } from '../../platform/graphql/request-loaders.js';
import { LedgerEventType, LedgerEventUserType } from './admin.types.js';
import type { UsersService, UserSummary } from '../users/users.service.js';

/** What the ledger explorer's resolver is built with (app/graphql-schema.ts). */
export interface LedgerEventResolverDeps {
  /** Names in the ledger explorer. */
  users: Pick<UsersService, 'summaries'>;
}

/**
 * Names for the ledger explorer's User and Actor columns, whoever they are (not only the first
 * page of users): every user and actor asked for on one page is read in one query.
 */
@Resolver(() => LedgerEventType)
export class LedgerEventResolver {
  private readonly users: (ctx: object) => Batcher<UserSummary>;

  constructor(private readonly services: LedgerEventResolverDeps) {
    this.users = perContext(() => new Batcher((ids) => this.services.users.summaries(ids)));
  }

  @FieldResolver(() => LedgerEventUserType, { nullable: true, description: 'The account owner (null if the account no longer exists).' })
  user(@Root() e: LedgerEventType, @Ctx() ctx: GraphQLContext) {
    requireAdmin(ctx);
    return this.users(ctx).get(e.userId);
  }

  @FieldResolver(() => LedgerEventUserType, { nullable: true, description: 'The administrator who caused it; null for events of the user or the system.' })
  actor(@Root() e: LedgerEventType, @Ctx() ctx: GraphQLContext) {
    requireAdmin(ctx);
    return e.actorId ? this.users(ctx).get(e.actorId) : null;
  }
}
