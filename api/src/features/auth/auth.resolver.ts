import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { AuthPayload, ChangePasswordInput, LoginInput, PasswordResetLinkType, RegisterInput, ResetPasswordInput } from './auth.types.js';
import { requireAdmin, requireUser } from '../../platform/principal/viewer.js';
import { resetLinkUrl } from './password-resets.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { User } from '../users/user.entity.js';
import { FORGOT_PASSWORD_ANSWER, type AuthService, type AuthResult } from './auth.service.js';
import type { Config } from '../../platform/config/config.js';

/** What the auth resolver is built with (app/graphql-schema.ts). */
export interface AuthResolverDeps {
  auth: Pick<AuthService, 'register' | 'login' | 'changePassword' | 'resetPassword' | 'issuePasswordReset' | 'requestPasswordReset'>;
  /** Reset links point at the web app. */
  config: Pick<Config, 'publicUrl'>;
}

@Resolver()
export class AuthResolver {
  constructor(private readonly services: AuthResolverDeps) {}

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

  @Mutation(() => AuthPayload, {
    description:
      "Changes the signed-in user's password (counted like a login attempt). Every other login session ends; use the returned token from now on. Not with an API token.",
  })
  @RequiresScope('session')
  async changePassword(
    @Arg('input', () => ChangePasswordInput, { description: 'Current and new password.' }) input: ChangePasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthResult> {
    const user = requireUser(ctx);
    const principal = { user, scopes: ctx.scopes, apiTokenId: ctx.apiTokenId ?? null, expiresAt: ctx.expiresAt ?? null };
    return signedIn(ctx, await this.services.auth.changePassword(principal, { ...input }, ctx.clientAddress));
  }

  @Mutation(() => String, {
    description:
      '"Forgot password?": e-mails a one-time reset link (valid one hour) to the account with this user name or e-mail. The answer is the same whether or not one matched.',
  })
  async requestPasswordReset(
    @Arg('identifier', () => String, { description: 'User name or e-mail address (at most 254 characters).' }) identifier: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    await this.services.auth.requestPasswordReset({ identifier }, ctx.clientAddress);
    return FORGOT_PASSWORD_ANSWER;
  }

  @Mutation(() => AuthPayload, {
    description: 'Sets a new password with a one-time reset link (e-mailed, or issued by an administrator), ends every earlier session and signs in.',
  })
  async resetPassword(
    @Arg('input', () => ResetPasswordInput, { description: 'The link secret and the new password.' }) input: ResetPasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthResult> {
    return signedIn(ctx, await this.services.auth.resetPassword({ ...input }, ctx.clientAddress));
  }

  @Mutation(() => PasswordResetLinkType, {
    description: 'Issues a one-time password-reset link for a user, valid 24 hours; earlier unused links stop working (administrators).',
  })
  @RequiresScope('admin')
  async issuePasswordResetLink(
    @Arg('userId', () => ID, { description: 'The account to reset.' }) userId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<{ url: string; expiresAt: Date; user: User }> {
    const link = await this.services.auth.issuePasswordReset(userId, requireAdmin(ctx));
    return { url: resetLinkUrl(link.secret, this.services.config.publicUrl), expiresAt: link.expiresAt, user: link.user };
  }
}

/** The rest of this operation (e.g. `user { creditBalance }`) runs as the user who just signed in. */
function signedIn(ctx: GraphQLContext, result: AuthResult): AuthResult {
  ctx.user = result.user;
  ctx.authError = null;
  return result;
}
