import type { AccountCredits } from './account-credits.js';
import type { User } from './user.entity.js';

/** A user as the REST answers of SPEC §7 show it (profile, register, login, password reset). */
export async function presentUserRest(services: { credits: Pick<AccountCredits, 'balance'> }, user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    roleId: user.roleId,
    createdAt: user.createdAt,
    theme: user.theme,
    creditBalance: Number(await services.credits.balance(user.id)),
  };
}
