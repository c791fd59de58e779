import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { REVOCATION_CHANNEL, sessionKey } from '../../platform/principal/revocations.js';
import type { Orm } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors/app-error.js';
import { hashPassword } from './password.js';
import { ADMIN_ROLE_ID, User, type ThemeName } from './user.entity.js';
import { afterTimeId, parseTimeIdCursor } from '../../platform/graphql/relay.js';
import { registerInput, themeInput, type RegisterInput } from './users.validation.js';
import { usernameSkeleton } from './confusables.js';

/** LIKE treats % and _ as wildcards and a backslash as its escape (PostgreSQL's default): make them literal. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserSummary {
  id: string;
  username: string;
  email: string;
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

/** A name drawn like one already taken (its TR39 skeleton is taken: confusables.ts). */
export const USERNAME_LOOKS_TAKEN = 'Username looks like one already taken (look-alike letters); please choose another';

/** Tells every API process (on commit) to close the websockets of the sessions before this version. */
export async function announceSessionsEnded(em: EntityManager, userId: string, endedVersion: number): Promise<void> {
  // In the caller's transaction: the notice goes out at its commit (none on a rollback), and no second
  // connection is taken while it holds one with rows locked. Taking one deadlocked the pool when
  // concurrent resets of one link each held a connection waiting on the first one's row lock.
  await em.getConnection().execute(`select pg_notify('${REVOCATION_CHANNEL}', ?)`, [sessionKey(userId, endedVersion)], 'all', em.getTransactionContext());
}

/** Start-up stops with this when ADMIN_USERNAME names somebody else's account (one line, no stack needed). */
export class AdminAccountConflict extends Error {}

/** The configured administrator (ADMIN_*), whose name and e-mail nobody else may register. */
export interface ReservedAdmin {
  username: string;
  email: string;
}

export class UsersService {
  constructor(
    private readonly orm: Orm,
    private readonly reservedAdmin?: ReservedAdmin,
  ) {}

  async findById(id: string): Promise<User | null> {
    return this.orm.em.fork().findOne(User, { id });
  }

  async getById(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  }

  async findByLogin(usernameOrEmail: string): Promise<User | null> {
    const key = usernameOrEmail.trim().toLowerCase();
    return this.orm.em.fork().findOne(User, { $or: [{ usernameKey: key }, { email: key }] }, { populate: ['passwordHash'] });
  }

  /** Creates the account; a taken username or email is a 409 with a message naming which. */
  async create(raw: unknown, roleId = 1): Promise<User> {
    const input: RegisterInput = registerInput.parse(raw);
    const em = this.orm.em.fork();
    const key = usernameKey(input.username);
    // Look-alike names (a Cyrillic "і" in "admіn") share a skeleton: one of them only (confusables.ts).
    const skeleton = usernameSkeleton(input.username);
    // The configured admin's name and e-mail are not for sign-up: whoever took them first would
    // otherwise stand in the administrator's place at the next start.
    const reserved = this.reservedAdmin;
    if (roleId !== ADMIN_ROLE_ID && reserved && (usernameKey(reserved.username) === key || usernameSkeleton(reserved.username) === skeleton))
      throw conflict('This username is reserved; please choose another');
    if (roleId !== ADMIN_ROLE_ID && reserved && reserved.email.toLowerCase() === input.email) throw conflict('Email is already registered');
    const clash = await em.findOne(User, { $or: [{ usernameKey: key }, { usernameSkeleton: skeleton }, { email: input.email }] });
    if (clash)
      throw conflict(
        clash.usernameKey === key ? 'Username is already taken' : clash.usernameSkeleton === skeleton ? USERNAME_LOOKS_TAKEN : 'Email is already registered',
      );
    const user = em.create(User, {
      username: input.username,
      usernameKey: key,
      usernameSkeleton: skeleton,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      roleId,
      theme: 'web3',
      createdAt: new Date(),
    });
    try {
      await em.flush();
    } catch (err) {
      // Two sign-ups racing for one name: the unique constraint decides, the loser gets a 409.
      if ((err as { code?: string }).code === '23505') throw conflict('Username or email is already taken');
      throw err;
    }
    return user;
  }

  /** Stores a new password hash and ends every login session issued before (auth/jwt.ts `ver`). */
  async setPassword(userId: string, passwordHash: string): Promise<User> {
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw notFound('User not found');
    user.passwordHash = passwordHash;
    user.sessionVersion += 1;
    await em.transactional(async (tx) => {
      await tx.flush();
      await announceSessionsEnded(tx, user.id, user.sessionVersion - 1);
    });
    return user;
  }

  async setTheme(userId: string, raw: unknown): Promise<User> {
    const theme: ThemeName = themeInput.parse(raw);
    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw notFound('User not found');
    user.theme = theme;
    await em.flush();
    return user;
  }

  /**
   * Makes sure the configured admin exists and is an admin (start-up, from ADMIN_* variables).
   * An account already holding that name is only made administrator when its e-mail is the
   * configured ADMIN_EMAIL; it then takes the configured password (`promoted`: the caller cuts
   * off the account's earlier credentials). Anyone else's account stops the start-up
   * (AdminAccountConflict): a stranger who registered the name first must not become admin.
   */
  async ensureAdmin(admin: { username: string; password: string; email: string }): Promise<{ user: User; promoted: boolean }> {
    const em = this.orm.em.fork();
    const existing = await em.findOne(User, { usernameKey: usernameKey(admin.username) }, { populate: ['passwordHash'] });
    if (existing) {
      if (existing.isAdmin) return { user: existing, promoted: false };
      if (existing.email.toLowerCase() !== admin.email.trim().toLowerCase()) {
        throw new AdminAccountConflict(
          `ADMIN_USERNAME "${admin.username}" belongs to an existing account that is not an administrator and whose e-mail is not ADMIN_EMAIL: refusing to make it an administrator. Choose another ADMIN_USERNAME, or set ADMIN_EMAIL to that account's e-mail if the account is yours.`,
        );
      }
      existing.roleId = ADMIN_ROLE_ID;
      existing.passwordHash = await hashPassword(admin.password);
      await em.flush();
      return { user: existing, promoted: true };
    }
    try {
      return { user: await this.create(admin, ADMIN_ROLE_ID), promoted: false };
    } catch (err) {
      // Several API processes start at once in a scaled deployment: another one made it first.
      const made = await this.orm.em.fork().findOne(User, { usernameKey: usernameKey(admin.username) });
      if (made && (err as { code?: string }).code === 'CONFLICT') return this.ensureAdmin(admin);
      throw err;
    }
  }

  /**
   * A keyset page of users, oldest first (id breaking ties): `first + 1` rows and the total. With
   * `words`, only users where every word is found in the username, e-mail, first or last name, so
   * "jane doe" finds Jane Doe however her fields split it.
   */
  async page(opts: { first: number; after?: string | null; words?: string[] }): Promise<{ users: User[]; total: number }> {
    const after = parseTimeIdCursor('user', opts.after);
    const words = opts.words ?? [];
    const matching: FilterQuery<User> = words.length
      ? {
          $and: words.map((word) => {
            const like = `%${escapeLike(word)}%`;
            return { $or: [{ username: { $ilike: like } }, { email: { $ilike: like } }, { firstName: { $ilike: like } }, { lastName: { $ilike: like } }] };
          }),
        }
      : {};
    const em = this.orm.em.fork();
    const [users, total] = await Promise.all([
      em.find(User, { $and: [matching, afterTimeId(after, 'asc')] }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: opts.first + 1 }),
      em.count(User, matching),
    ]);
    return { users, total };
  }

  /** The administrators (at most 50), to e-mail what needs one of them. */
  async admins(): Promise<UserSummary[]> {
    const users = await this.orm.em
      .fork()
      .find(User, { roleId: ADMIN_ROLE_ID }, { fields: ['id', 'username', 'email'], orderBy: { createdAt: 'asc' }, limit: 50 });
    return users.map((u) => ({ id: u.id, username: u.username, email: u.email }));
  }

  /** Id, username and e-mail of each of these users, in one query; ids that are no user (or no uuid) are left out. */
  async summaries(ids: readonly string[]): Promise<Map<string, UserSummary>> {
    const valid = [...new Set(ids)].filter((id) => UUID.test(id));
    if (!valid.length) return new Map();
    const users = await this.orm.em.fork().find(User, { id: { $in: valid } }, { fields: ['id', 'username', 'email'] });
    return new Map(users.map((u) => [u.id, { id: u.id, username: u.username, email: u.email }]));
  }

  async list(opts: { limit: number; offset: number }): Promise<{ users: User[]; total: number }> {
    const [users, total] = await this.orm.em
      .fork()
      .findAndCount(User, {}, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: opts.limit, offset: opts.offset });
    return { users, total };
  }
}
