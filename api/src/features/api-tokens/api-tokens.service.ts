import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../platform/db/database.js';
import { badInput, forbidden, notFound, unauthenticated } from '../../platform/errors/app-error.js';
import { API_TOKEN_SCOPES, type Scope } from '../../platform/principal/scopes.js';
import { afterTimeId, checkFirst, parseTimeIdCursor } from '../../platform/graphql/relay.js';
import { User } from '../users/user.entity.js';
import { ApiToken } from './api-token.entity.js';
import { REVOCATION_CHANNEL } from './revocation-listener.js';
import { displayName } from '../../platform/validation/display-text.js';
import { DATE_RANGE_MESSAGE, isStorableDate } from '../../platform/validation/pg-range.js';
import { displayPrefix, hashTokenSecret, isWellFormedApiToken, newTokenSecret } from './token-secret.js';

/** A user may hold this many tokens that are neither revoked nor expired. */
export const MAX_ACTIVE_TOKENS = 50;
/** lastUsedAt is written at most this often per token, whatever the request rate. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const REVOKED_MESSAGE = 'API token has been revoked';

/**
 * Revokes every active token of a user inside the caller's transaction (a completed password reset:
 * a token an intruder made must not outlive the recovery, issue 28 finding 8). The revocations are
 * announced on commit, so open websockets of those tokens close too.
 */
export async function revokeAllTokensIn(em: EntityManager, userId: string, now: Date): Promise<number> {
  const ids = (await em.find(ApiToken, { user: userId, revokedAt: null }, { fields: ['id'] })).map((t) => t.id);
  if (!ids.length) return 0;
  await em.nativeUpdate(ApiToken, { id: { $in: ids } }, { revokedAt: now });
  for (const id of ids) await em.getConnection().execute(`select pg_notify('${REVOCATION_CHANNEL}', ?)`, [id], 'all', em.getTransactionContext());
  return ids.length;
}
export const EXPIRED_MESSAGE = 'API token has expired';
export const INVALID_MESSAGE = 'Invalid API token';

const createInput = z.object({
  name: displayName('Token name', 100),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: `Scopes must be some of: ${API_TOKEN_SCOPES.join(', ')}` }), { error: 'scopes must be a list' })
    .min(1, 'Choose at least one scope'),
  expiresAt: z
    .union([z.string(), z.date()], { error: 'expiresAt must be a date (ISO 8601)' })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const d = v instanceof Date ? v : new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'expiresAt must be a date (ISO 8601)' });
        return z.NEVER;
      }
      if (!isStorableDate(d)) {
        ctx.addIssue({ code: 'custom', message: `expiresAt ${DATE_RANGE_MESSAGE}` });
        return z.NEVER;
      }
      return d;
    }),
});

export interface ApiTokenView {
  id: string;
  name: string;
  scopes: Scope[];
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  active: boolean;
}

export function presentApiToken(t: ApiToken, now = new Date()): ApiTokenView {
  return {
    id: t.id,
    name: t.name,
    scopes: t.scopes,
    prefix: t.prefix,
    createdAt: t.createdAt,
    expiresAt: t.expiresAt ?? null,
    lastUsedAt: t.lastUsedAt ?? null,
    revokedAt: t.revokedAt ?? null,
    active: !t.revokedAt && (!t.expiresAt || t.expiresAt > now),
  };
}

/** The principal behind a valid API token. */
export interface ApiTokenPrincipal {
  user: User;
  scopes: ReadonlySet<Scope>;
  tokenId: string;
  expiresAt: Date | null;
}

/**
 * Personal API tokens: create (secret shown once), list, revoke, and authenticate a bearer secret.
 * Nothing is cached in the process: every request reads the token row, so a revocation holds at
 * once on every API process.
 */
export class ApiTokensService {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Creates a token for `user`. Only a login session reaches here: the REST route and the
   * mutation declare the `session` scope, so no token mints another (one that would outlive it).
   */
  async create(user: User, raw: unknown): Promise<{ token: ApiTokenView; secret: string }> {
    const input = createInput.parse(raw ?? {});
    const scopes = API_TOKEN_SCOPES.filter((s) => input.scopes.includes(s));
    if (scopes.includes('admin') && !user.isAdmin) throw forbidden('The admin scope is only available to administrators');
    const now = this.now();
    if (input.expiresAt && input.expiresAt <= now) throw badInput('expiresAt must be in the future');
    const secret = newTokenSecret();
    // Count and insert under a per-user lock, in one transaction: concurrent creates queue here,
    // so the 50th active token is the last one, on every API process.
    const token = await this.orm.em.fork().transactional(async (em) => {
      await em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`api-tokens:${user.id}`], 'all', em.getTransactionContext());
      const active = await em.count(ApiToken, { user: user.id, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });
      if (active >= MAX_ACTIVE_TOKENS) throw badInput(`You already have ${MAX_ACTIVE_TOKENS} active API tokens; revoke one first`);
      return em.create(ApiToken, {
        user: em.getReference(User, user.id),
        name: input.name,
        scopeList: scopes.join(','),
        prefix: displayPrefix(secret),
        tokenHash: hashTokenSecret(secret),
        createdAt: now,
        expiresAt: input.expiresAt,
      });
    });
    return { token: presentApiToken(token, now), secret };
  }

  /** The user's tokens, newest first, revoked and expired ones included (keyset paged). */
  async page(user: User, opts: { first: number; after?: string | null }) {
    const first = checkFirst(opts.first);
    const after = parseTimeIdCursor('apiToken', opts.after);
    const em = this.orm.em.fork();
    const [rows, totalCount] = await Promise.all([
      em.find(ApiToken, { user: user.id, ...afterTimeId(after, 'desc') }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: first + 1 }),
      em.count(ApiToken, { user: user.id }),
    ]);
    const now = this.now();
    return { rows: rows.map((t) => presentApiToken(t, now)), totalCount, first };
  }

  /** Revokes one of the user's tokens; another user's token answers 404 like a missing one. Repeats are harmless. */
  async revoke(user: User, rawId: unknown): Promise<ApiTokenView> {
    if (typeof rawId !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(rawId)) throw badInput('Invalid API token id');
    const em = this.orm.em.fork();
    const token = await em.findOne(ApiToken, { id: rawId.toLowerCase(), user: user.id });
    if (!token) throw notFound('API token not found');
    if (!token.revokedAt) {
      token.revokedAt = this.now();
      await em.flush();
      // Every API process closes the websockets opened with it (revocation-listener.ts).
      await em.getConnection().execute(`select pg_notify('${REVOCATION_CHANNEL}', ?)`, [token.id]);
    }
    return presentApiToken(token, this.now());
  }

  /** Revokes every active token of a user (an account promoted to administrator at start-up). */
  async revokeAllOf(userId: string): Promise<number> {
    const em = this.orm.em.fork();
    const ids = (await em.find(ApiToken, { user: userId, revokedAt: null }, { fields: ['id'] })).map((t) => t.id);
    if (!ids.length) return 0;
    await em.nativeUpdate(ApiToken, { id: { $in: ids } }, { revokedAt: this.now() });
    for (const id of ids) await em.getConnection().execute(`select pg_notify('${REVOCATION_CHANNEL}', ?)`, [id]);
    return ids.length;
  }

  /** The user and scopes of a bearer secret; 401 saying why when it is unknown, revoked or expired. */
  async authenticate(secret: string): Promise<ApiTokenPrincipal> {
    if (!isWellFormedApiToken(secret)) throw unauthenticated(INVALID_MESSAGE);
    const em = this.orm.em.fork();
    const token = await em.findOne(ApiToken, { tokenHash: hashTokenSecret(secret) }, { populate: ['user'] });
    if (!token) throw unauthenticated(INVALID_MESSAGE);
    const now = this.now();
    if (token.revokedAt) throw unauthenticated(REVOKED_MESSAGE);
    if (token.expiresAt && token.expiresAt <= now) throw unauthenticated(EXPIRED_MESSAGE);
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      // Conditional, so concurrent requests on several processes still write once a minute at most.
      await em.nativeUpdate(
        ApiToken,
        { id: token.id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] },
        { lastUsedAt: now },
      );
    }
    return { user: token.user, scopes: new Set(token.scopes), tokenId: token.id, expiresAt: token.expiresAt ?? null };
  }
}
