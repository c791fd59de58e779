import { toAppError } from '../../platform/errors/to-app-error.js';
import { AppError, forbidden, unauthenticated } from '../../platform/errors/app-error.js';
import type { User } from '../users/user.entity.js';
import type { UsersService } from '../users/users.service.js';
import { changePasswordInput, forgotPasswordInput, loginInput, resetPasswordInput } from '../users/users.validation.js';
import { bearerToken, type JwtService } from './jwt.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../users/password.js';
import { EMAILED_RESET_LINK_HOURS, type IssuedResetLink, type PasswordResets } from './password-resets.js';
import type { AttemptLimiter } from './rate-limit.js';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { looksLikeApiToken } from '../api-tokens/token-secret.js';
import type { Emitter } from '../../platform/events/events.js';
import type { Principal } from '../../platform/principal/principal.js';

export type { Principal } from '../../platform/principal/principal.js';

export const LOGIN_FAILED = 'Invalid username or password. Please try again.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
/** The one answer to "Forgot password?", whether or not an account matched. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account matches, we have sent a link to its e-mail address. The link works for one hour. No e-mail? Check the spam folder, or contact the administrator.';
export const SESSION_ENDED = 'Your session has ended because the password was changed. Please log in again.';

export interface AuthResult {
  token: string;
  user: User;
}

/** Sign-up, login and turning a bearer token back into its user. */
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly limiter: AttemptLimiter,
    private readonly apiTokens: ApiTokensService,
    private readonly resets: PasswordResets,
    /** 'user.registered' once an account exists (credits grant the sign-up bonus: events/events.ts); 'auth.passwordResetRequested' (mail sends the link). */
    private readonly events: Emitter<'user.registered' | 'auth.passwordResetRequested'>,
    /** Where a failure of the background part of a reset request is reported. */
    private readonly onBackgroundError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * "Forgot password?": the same answer whether or not the name or address belongs to an account
   * (no enumeration). For an account, a one-time link valid one hour is issued and e-mailed
   * ('auth.passwordResetRequested'), at most MAILS_PER_ACCOUNT_PER_HOUR an hour; the issuing and
   * sending run after the answer, so an account costs no more time to ask about than a stranger.
   * Limited per address and per name typed like a sign-up (429 over the allowance).
   */
  async requestPasswordReset(raw: unknown, address?: string): Promise<void> {
    const input = forgotPasswordInput.parse(raw);
    await this.limiter.attempt(address, `reset-request:${input.identifier}`);
    const user = await this.users.findByLogin(input.identifier);
    if (!user) return;
    void (async () => {
      if (!(await this.limiter.mailToAccountAllowed(`reset:${user.id}`))) return;
      const link = await this.requireResets().issue(user.id, null, EMAILED_RESET_LINK_HOURS);
      await this.events.emit('auth.passwordResetRequested', {
        userId: user.id,
        email: user.email,
        username: user.username,
        secret: link.secret,
        expiresAt: link.expiresAt,
      });
    })().catch(this.onBackgroundError);
  }

  async register(raw: unknown, address?: string): Promise<AuthResult> {
    await this.limiter.attempt(address, (raw as { username?: unknown } | null)?.username);
    const user = await this.users.create(raw);
    await this.events.emit('user.registered', { userId: user.id });
    return { token: this.jwt.sign(user), user };
  }

  async login(raw: unknown, address?: string): Promise<AuthResult> {
    await this.limiter.loginFromAddress(address);
    const input = loginInput.parse(raw);
    const user = await this.users.findByLogin(input.username);
    // One bucket per account whichever of its names is typed; a delay, never a lock-out (rate-limit.ts).
    const delay = await this.limiter.loginDelayMs(user ? `user:${user.id}` : input.username);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    // Always verify against some hash so a wrong username costs as long as a wrong password.
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw unauthenticated(LOGIN_FAILED);
    return { token: this.jwt.sign(user), user };
  }

  /**
   * Changes the signed-in user's password. Counted like a login attempt (the same limiter, per
   * address and account), so it cannot be used to guess the current password. Every other login
   * session ends; the caller's continues on the token returned here.
   */
  async changePassword(principal: Principal, raw: unknown, address?: string): Promise<AuthResult> {
    // An API token is for scripts: taking over the account with one must not be possible.
    if (principal.apiTokenId) throw forbidden('API tokens cannot change the password: sign in with your password.');
    await this.limiter.attempt(address, principal.user.username);
    const input = changePasswordInput.parse(raw);
    const user = await this.users.findByLogin(principal.user.username);
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw new AppError('UNAUTHENTICATED', WRONG_CURRENT_PASSWORD, { reason: 'WRONG_PASSWORD' });
    const updated = await this.users.setPassword(user.id, await hashPassword(input.newPassword));
    return { token: this.jwt.sign(updated), user: updated };
  }

  /** An administrator's one-time reset link for a user (the admin hands it over; no e-mail). */
  async issuePasswordReset(userId: string, admin: User): Promise<IssuedResetLink> {
    return this.requireResets().issue(userId, admin.id);
  }

  /**
   * Uses a reset link: new password, every earlier session ended, signed in on the new one.
   * Counted like a login attempt (per address, and per link), since each try costs a password hash.
   */
  async resetPassword(raw: unknown, address?: string): Promise<AuthResult> {
    await this.limiter.attempt(address, `reset-link:${String((raw as { token?: unknown } | null)?.token ?? '')}`);
    const input = resetPasswordInput.parse(raw);
    const user = await this.requireResets().consume(input.token, await hashPassword(input.newPassword));
    return { token: this.jwt.sign(user), user };
  }

  private requireResets(): PasswordResets {
    if (!this.resets) throw new AppError('SERVICE_UNAVAILABLE', 'Password reset is not available');
    return this.resets;
  }

  /** The signed-in user for an Authorization header, null when there is none; 401 when it is bad. */
  async userForAuthorization(header: string | undefined | null): Promise<User | null> {
    return (await this.authenticate(header))?.user ?? null;
  }

  /**
   * The principal for an Authorization header: a login JWT (every right) or a personal API token
   * (`shl_...`, its scopes). Null when there is no header; 401 saying why when the token is bad.
   */
  async authenticate(header: string | undefined | null): Promise<Principal | null> {
    const token = bearerToken(header);
    if (!token) return null;
    if (looksLikeApiToken(token)) {
      if (!this.apiTokens) throw unauthenticated('Invalid authentication token');
      const p = await this.apiTokens.authenticate(token);
      return { user: p.user, scopes: p.scopes, apiTokenId: p.tokenId, expiresAt: p.expiresAt };
    }
    const { sub, ver, adm, exp } = this.jwt.verify(token);
    // A malformed id is a bad token; a database that cannot be reached is a 503, not a sign-out.
    const user = await this.users.findById(sub).catch((err: unknown) => {
      if (toAppError(err)?.code === 'SERVICE_UNAVAILABLE') throw err;
      return null;
    });
    if (!user) throw unauthenticated('Invalid authentication token');
    if (user.sessionVersion !== ver) throw unauthenticated(SESSION_ENDED);
    // An administrator's sessions are signed as such: one from before the account became admin ends.
    if (user.isAdmin && !adm) throw unauthenticated('Session expired. Please log in again.');
    return { user, scopes: null, apiTokenId: null, expiresAt: exp === null ? null : new Date(exp * 1000) };
  }
}
