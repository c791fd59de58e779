import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { unauthenticated } from '../../platform/errors/app-error.js';

export interface TokenClaims {
  sub: string;
  /** The user's session version when the token was issued (absent in tokens from before versions: 0). */
  ver: number;
  /** Signed for an administrator: a session signed before a promotion never acts as admin. */
  adm: boolean;
  /** When the token stops being valid (seconds since the epoch), if it says. */
  exp: number | null;
}

/** Signs and checks login tokens. HS256 only: `alg: none` and other algorithms are refused. */
export class JwtService {
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first tries (and fails) to
   * parse it as a PEM public key on every verify, which costs more than the HMAC itself.
   */
  private readonly secret: KeyObject;

  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** A login token for the user as they are now: their session version, and whether they are an administrator. */
  sign(user: { id: string; sessionVersion: number; isAdmin: boolean }): string {
    return jwt.sign({ ver: user.sessionVersion, ...(user.isAdmin ? { adm: true } : {}) }, this.secret, {
      algorithm: 'HS256',
      subject: user.id,
      expiresIn: this.expiresIn as jwt.SignOptions['expiresIn'],
    });
  }

  verify(token: string): TokenClaims {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string') throw new Error('no subject');
      return {
        sub: claims.sub,
        ver: typeof claims.ver === 'number' ? claims.ver : 0,
        adm: claims.adm === true,
        exp: typeof claims.exp === 'number' ? claims.exp : null,
      };
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) throw unauthenticated('Session expired. Please log in again.');
      throw unauthenticated('Invalid authentication token');
    }
  }
}

/** Extracts the token from `Authorization: Bearer <token>`; null when absent. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
  return m[1]!;
}
