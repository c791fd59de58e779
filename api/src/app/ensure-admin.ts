import type { Config } from '../platform/config/config.js';
import type { Logger } from '../platform/logging/logger.js';
import type { AccountCredits } from '../features/users/account-credits.js';
import type { ApiTokensService } from '../features/api-tokens/api-tokens.service.js';
import type { UsersService } from '../features/users/users.service.js';

/** What ensuring the administrator at start needs. */
export interface EnsureAdminDeps {
  config: Pick<Config, 'admin'>;
  logger: Logger;
  users: Pick<UsersService, 'ensureAdmin'>;
  apiTokens: Pick<ApiTokensService, 'revokeAllOf'>;
  credits: Pick<AccountCredits, 'onboard'>;
}

/**
 * A start step (app/compose.ts): when ADMIN_USERNAME/ADMIN_PASSWORD are set, makes that account an administrator
 * (creating it, or promoting the account of that name whose e-mail is ADMIN_EMAIL; anyone else's
 * account stops the start), revokes a promoted account's API tokens, opens its ledger stream with
 * the sign-up bonus (once per user, ever) and logs 'administrator ensured'. Before the server listens.
 */
export async function ensureAdmin(d: EnsureAdminDeps): Promise<void> {
  if (!d.config.admin) return;
  const { user: admin, promoted } = await d.users.ensureAdmin(d.config.admin);
  // The account's own tokens predate its promotion: none of them may act as administrator.
  if (promoted) await d.apiTokens.revokeAllOf(admin.id);
  await d.credits.onboard(admin.id);
  d.logger.info({ username: admin.username, promoted }, 'administrator ensured');
}
