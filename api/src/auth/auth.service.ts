import { toAppError } from '../errors/to-app-error.js';
import { unauthenticated } from '../errors/app-error.js';
import type { User } from '../users/user.entity.js';
import type { UsersService } from '../users/users.service.js';
import { loginInput } from '../users/users.validation.js';
import { bearerToken, type JwtService } from './jwt.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import type { AttemptLimiter } from './rate-limit.js';
import type { GrantedScopes } from './scopes.js';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { looksLikeApiToken } from '../api-tokens/token-secret.js';

export const LOGIN_FAILED = 'Invalid username or password. Please try again.';

/** Who a bearer token speaks for, and within which scopes (null: a login token, every right). */
export interface Principal {
  user: User;
  scopes: GrantedScopes;
  apiTokenId: string | null;
  /** When the credential expires (a login token's exp, an API token's expiresAt); null: never. */
  expiresAt: Date | null;
}

export interface AuthResult {
  token: string;
  user: User;
}

/** Sign-up, login and turning a bearer token back into its user. */
export class AuthService {
  /** Called after an account is created (the ledger grants the sign-up bonus there). */
  private readonly registeredHooks: Array<(user: User) => Promise<void>> = [];

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly limiter: AttemptLimiter,
    private readonly apiTokens?: ApiTokensService,
  ) {}

  onRegistered(hook: (user: User) => Promise<void>): void {
    this.registeredHooks.push(hook);
  }

  async register(raw: unknown, address?: string): Promise<AuthResult> {
    await this.limiter.attempt(address, (raw as { username?: unknown } | null)?.username);
    const user = await this.users.create(raw);
    for (const hook of this.registeredHooks) await hook(user);
    return { token: this.jwt.sign(user.id, user.isAdmin), user };
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
    return { token: this.jwt.sign(user.id, user.isAdmin), user };
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
    const { sub, adm, exp } = this.jwt.verify(token);
    // A malformed id is a bad token; a database that cannot be reached is a 503, not a sign-out.
    const user = await this.users.findById(sub).catch((err: unknown) => {
      if (toAppError(err)?.code === 'SERVICE_UNAVAILABLE') throw err;
      return null;
    });
    if (!user) throw unauthenticated('Invalid authentication token');
    // An administrator's sessions are signed as such: one from before the account became admin ends.
    if (user.isAdmin && !adm) throw unauthenticated('Session expired. Please log in again.');
    return { user, scopes: null, apiTokenId: null, expiresAt: exp === null ? null : new Date(exp * 1000) };
  }
}
