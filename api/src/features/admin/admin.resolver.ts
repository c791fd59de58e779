import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAdmin } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { checkFirst, parseSequenceCursor, sequenceCursor, timeIdCursor, toConnection } from '../../platform/graphql/relay.js';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import {
  AdminUserConnection,
  CreditAdjustmentType,
  LedgerEventConnection,
  LedgerEventFilterInput,
  LedgerReplayType,
  LedgerVerificationType,
  MarkupUpdateType,
  SettingType,
} from './admin.types.js';
import type { AdminService } from './admin.service.js';
import type { SettingsService } from '../settings/settings.service.js';

/** What the administrators' resolver is built with (app/graphql-schema.ts). */
export interface AdminResolverDeps {
  admin: AdminService;
  settings: Pick<SettingsService, 'all'>;
}

/** Administrator operations (roleId 2). Every one checks the role first: others get FORBIDDEN. */
@Resolver()
export class AdminResolver {
  constructor(private readonly services: AdminResolverDeps) {}

  @RequiresScope('admin')
  @Query(() => AdminUserConnection, { description: 'All users with their balances (administrators).' })
  async adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 100, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the oldest users.' }) after: string | null,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Only users whose username, e-mail, first or last name contain every word of this text (case-insensitive, at most 200 characters; % and _ match themselves).',
    })
    search: string | null,
  ) {
    requireAdmin(ctx);
    checkFirst(first);
    const { rows, total } = await this.services.admin.pageUsers({ first, after, search });
    return toConnection(rows, { first, after, totalCount: total, cursorOf: (u) => timeIdCursor('user', u) });
  }

  @RequiresScope('admin')
  @Mutation(() => CreditAdjustmentType, { description: "Adds (positive) or removes (negative) credits on a user's account (administrators)." })
  adjustUserCredits(
    @Ctx() ctx: GraphQLContext,
    @Arg('userId', () => ID, { description: 'The user whose balance changes.' }) userId: string,
    @Arg('amount', () => MoneyScalar, { description: 'Up to 2 decimals, non-zero.' }) amount: string,
    @Arg('reason', () => String, { nullable: true, description: "Defaults to 'Manual adjustment by admin'." }) reason: string | null,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'Retrying with the same key applies the adjustment once.' })
    idempotencyKey: string | null,
  ) {
    const admin = requireAdmin(ctx);
    return this.services.admin.adjustCredits(userId, amount, reason, admin.id, idempotencyKey ?? undefined);
  }

  @RequiresScope('admin')
  @Query(() => [SettingType], { description: 'Administrator settings (administrators).' })
  settings(@Ctx() ctx: GraphQLContext) {
    requireAdmin(ctx);
    return this.services.settings.all();
  }

  @RequiresScope('admin')
  @Mutation(() => MarkupUpdateType, { description: 'Sets CREDIT_MARKUP_PERCENTAGE, 0 to 1000 (administrators). The cost per file set follows at once.' })
  updateMarkup(@Ctx() ctx: GraphQLContext, @Arg('value', () => Number, { description: 'The markup in percent, 0 to 1000.' }) value: number) {
    const admin = requireAdmin(ctx);
    return this.services.admin.setMarkup(value, admin.id);
  }

  @RequiresScope('admin')
  @Query(() => LedgerEventConnection, { description: 'The ledger explorer: every event, filterable by user, type and date (administrators).' })
  async ledgerEvents(
    @Ctx() ctx: GraphQLContext,
    @Arg('filter', () => LedgerEventFilterInput, { description: 'Optional filters (user, event type).', nullable: true }) filter: LedgerEventFilterInput | null,
    @Arg('first', () => Int, { defaultValue: 100, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the newest events.' }) after: string | null,
  ) {
    requireAdmin(ctx);
    checkFirst(first);
    const beforeSequence = parseSequenceCursor('ledgerEvent', after) ?? undefined;
    const { rows, total } = await this.services.admin.ledgerEvents({ ...filter, limit: first + 1, offset: 0, beforeSequence });
    return toConnection(rows, { first, after, totalCount: total, cursorOf: (e) => sequenceCursor('ledgerEvent', e.sequence) });
  }

  @RequiresScope('admin')
  @Query(() => LedgerVerificationType, { description: 'Verifies the hash chain of every ledger event; names the first that fails (administrators).' })
  async ledgerVerification(@Ctx() ctx: GraphQLContext) {
    requireAdmin(ctx);
    const v = await this.services.admin.verifyChain();
    return { ...v, firstInvalidEventId: v.firstInvalidEventId ?? null, reason: v.reason ?? null };
  }

  @RequiresScope('admin')
  @Query(() => LedgerReplayType, { description: 'Replays all events into fresh projections and compares them with the live ones (administrators).' })
  ledgerReplay(@Ctx() ctx: GraphQLContext) {
    requireAdmin(ctx);
    return this.services.admin.replay();
  }
}
