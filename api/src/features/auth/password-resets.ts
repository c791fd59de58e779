import { createHash, randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { Orm } from '../../platform/db/database.js';
import { AppError, badInput, notFound } from '../../platform/errors/app-error.js';
import { User } from '../users/user.entity.js';
import { announceSessionsEnded } from '../users/users.service.js';
import { PasswordReset } from './password-reset.entity.js';
import { revokeAllTokensIn } from '../api-tokens/api-tokens.service.js';

/** How long a reset link works after the administrator issues it. */
export const RESET_LINK_HOURS = 24;
/** How long a link the user asked for by e-mail works (issue 34 item 2). */
export const EMAILED_RESET_LINK_HOURS = 1;

const SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const ASK_AGAIN = 'Ask for a new one with "Forgot password?" on the sign-in page, or ask an administrator.';
export const RESET_LINK_MESSAGES = {
  LINK_INVALID: `This password-reset link is not valid. ${ASK_AGAIN}`,
  LINK_USED: `This password-reset link has already been used. ${ASK_AGAIN}`,
  LINK_EXPIRED: `This password-reset link has expired. ${ASK_AGAIN}`,
} as const;
const refused = (reason: keyof typeof RESET_LINK_MESSAGES) => badInput(RESET_LINK_MESSAGES[reason], { reason });

/**
 * The link as the administrator hands it over: absolute with PUBLIC_URL, else a path on this
 * server. The secret rides in the fragment, which browsers never send, so it reaches no log.
 */
export const resetLinkUrl = (secret: string, publicUrl?: string): string => `${publicUrl ?? ''}/reset-password#token=${encodeURIComponent(secret)}`;

export interface IssuedResetLink {
  /** The secret for the link: shown once, never stored. */
  secret: string;
  user: User;
  expiresAt: Date;
}

/** One-time password-reset links: issued by an administrator, stored hashed, used once. */
export class PasswordResets {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A new link for `userId`; links issued earlier and not used yet stop working. `issuedById` is the
   * administrator who asked for it, null when the user asked by e-mail (valid `hours`).
   */
  async issue(userId: string, issuedById: string | null, hours = RESET_LINK_HOURS): Promise<IssuedResetLink> {
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: userId }).catch(() => null);
    if (!user) throw notFound('User not found');
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + hours * 3600_000);
    await em.transactional(async (tx) => {
      await tx.nativeDelete(PasswordReset, { user: userId, usedAt: null });
      tx.create(PasswordReset, { user: userId, issuedBy: issuedById, tokenHash: hashSecret(secret), expiresAt, createdAt: this.now() });
    });
    return { secret, user, expiresAt };
  }

  /**
   * Uses the link: the password becomes `passwordHash`, every earlier session ends and every API
   * token of the account is revoked (an intruder's token must not outlive the recovery), in one
   * transaction with the link row locked, so two uses of one link cannot both succeed.
   */
  async consume(secret: unknown, passwordHash: string): Promise<User> {
    if (typeof secret !== 'string' || !SHAPE.test(secret)) throw refused('LINK_INVALID');
    return this.orm.em.fork().transactional(async (tx) => {
      const link = await tx.findOne(PasswordReset, { tokenHash: hashSecret(secret) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!link) throw refused('LINK_INVALID');
      if (link.usedAt) throw refused('LINK_USED');
      if (link.expiresAt <= this.now()) throw refused('LINK_EXPIRED');
      link.usedAt = this.now();
      const user = await tx.findOne(User, { id: link.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      user.passwordHash = passwordHash;
      user.sessionVersion += 1;
      await tx.flush();
      await revokeAllTokensIn(tx, user.id, this.now());
      await announceSessionsEnded(tx, user.id, user.sessionVersion - 1);
      return user;
    });
  }
}
