import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { MoneyScalar } from '../../platform/graphql/scalars.js';
import type { User } from './user.entity.js';
import { ThemeEnum, UserType } from './users.types.js';
import type { UsersService } from './users.service.js';
import type { AccountCredits } from './account-credits.js';

/** What the users resolver is built with (app/graphql-schema.ts). */
export interface UsersResolverDeps {
  users: Pick<UsersService, 'setTheme'>;
  /** A user's balance (`creditBalance`). */
  credits: Pick<AccountCredits, 'balance'>;
}

@Resolver(() => UserType)
export class UsersResolver {
  constructor(private readonly services: UsersResolverDeps) {}

  @Query(() => UserType, { description: 'The signed-in user.' })
  me(@Ctx() ctx: GraphQLContext): User {
    return requireUser(ctx);
  }

  @Mutation(() => UserType, { description: "Saves the signed-in user's colour theme." })
  updateTheme(@Arg('theme', () => ThemeEnum, { description: 'The theme to use from now on.' }) theme: ThemeEnum, @Ctx() ctx: GraphQLContext): Promise<User> {
    return this.services.users.setTheme(requireUser(ctx).id, theme);
  }

  @FieldResolver(() => MoneyScalar)
  creditBalance(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<string> {
    // Balances are private: only the user and administrators read them.
    const viewer = requireUser(ctx);
    if (viewer.id !== user.id && !viewer.isAdmin) return Promise.resolve('0.00');
    return this.services.credits.balance(user.id);
  }

  @FieldResolver(() => Boolean)
  isAdmin(@Root() user: User): boolean {
    return user.isAdmin;
  }
}
