import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import type { AppServices } from '../app/services.js';
import { AuthPayload, LoginInput, RegisterInput } from './auth.types.js';
import type { AuthResult } from './auth.service.js';

@Resolver()
export class AuthResolver {
  constructor(private readonly services: AppServices) {}

  @Mutation(() => AuthPayload, { description: 'Creates an account (with the 100-credit sign-up bonus) and signs in.' })
  async register(
    @Arg('input', () => RegisterInput, { description: 'The new account.' }) input: RegisterInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthResult> {
    return signedIn(ctx, await this.services.auth.register({ ...input }, ctx.clientAddress));
  }

  @Mutation(() => AuthPayload, { description: 'Signs in with username (or e-mail) and password.' })
  async login(@Arg('input', () => LoginInput, { description: 'The credentials.' }) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<AuthResult> {
    return signedIn(ctx, await this.services.auth.login({ ...input }, ctx.clientAddress));
  }
}

/** The rest of this operation (e.g. `user { creditBalance }`) runs as the user who just signed in. */
function signedIn(ctx: GraphQLContext, result: AuthResult): AuthResult {
  ctx.user = result.user;
  ctx.authError = null;
  return result;
}
