import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { badInput } from '../../platform/errors/app-error.js';
import { LedgerStatementType, TrialBalanceType, UserBalanceAsOfType } from './finance.types.js';
import type { FinanceService } from './finance.service.js';

/** What the finance resolver is built with (app/graphql-schema.ts). */
export interface FinanceResolverDeps {
  finance: FinanceService;
}

const DATE_ARG = 'An ISO 8601 date or date-time (UTC unless it names a zone).';

/** Finance queries (administrators; API tokens need `admin`). Dates are text so they get the REST route's checks and messages. */
@Resolver()
export class FinanceResolver {
  constructor(private readonly services: FinanceResolverDeps) {}

  @RequiresScope('admin')
  @Query(() => TrialBalanceType, { description: 'Trial balance: every account with its balance as of an instant, paged by account name (administrators).' })
  trialBalance(
    @Ctx() ctx: GraphQLContext,
    @Arg('asOf', () => String, { nullable: true, description: `${DATE_ARG} Default: now.` }) asOf: string | null,
    @Arg('first', () => Int, { defaultValue: 100, description: 'Accounts per page, 1 to 1000.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'nextCursor of the previous page.' }) after: string | null,
  ) {
    requireAdmin(ctx);
    if (!Number.isInteger(first) || first < 1 || first > 1000) throw badInput('first must be a whole number from 1 to 1000');
    return this.services.finance.trialBalance({ asOf, after, limit: first });
  }

  @RequiresScope('admin')
  @Query(() => UserBalanceAsOfType, { description: "A user's balance as of an instant (administrators)." })
  userBalanceAsOf(
    @Ctx() ctx: GraphQLContext,
    @Arg('userId', () => ID, { description: 'The user (404 when there is none).' }) userId: string,
    @Arg('asOf', () => String, { nullable: true, description: `${DATE_ARG} Default: now.` }) asOf: string | null,
  ) {
    requireAdmin(ctx);
    return this.services.finance.userBalance(userId, asOf);
  }

  @RequiresScope('admin')
  @Query(() => LedgerStatementType, { description: 'Period statement of the credits owed to users (administrators). Default: the current month.' })
  ledgerStatement(
    @Ctx() ctx: GraphQLContext,
    @Arg('from', () => String, { nullable: true, description: `${DATE_ARG} Inclusive.` }) from: string | null,
    @Arg('to', () => String, { nullable: true, description: `${DATE_ARG} Exclusive.` }) to: string | null,
    @Arg('groupBy', () => String, { defaultValue: 'month', description: 'month (default) or none.' }) groupBy: string,
  ) {
    requireAdmin(ctx);
    return this.services.finance.statement({ from, to, groupBy });
  }
}
