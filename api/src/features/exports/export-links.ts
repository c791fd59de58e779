import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthenticated } from '../../platform/errors/app-error.js';

/** What a signed download link grants: one user's one export of one project, until `exp`. */
export interface DownloadGrant {
  userId: string;
  projectId: string;
  /** A CSV format or 'metadata-zip'. */
  kind: string;
  withJpgs?: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** Signed links live this long: enough to start a download, too short to share usefully. */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/**
 * Short-lived signed download links (`?token=`), so a browser or a script can fetch an export
 * without an Authorization header. The token is the grant in base64url plus an HMAC-SHA256 of it
 * under a key derived from the server's JWT secret; the route still checks ownership.
 */
export class ExportLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', secret).update('shotlog:export-download-link').digest();
  }

  sign(grant: Omit<DownloadGrant, 'exp'>, ttlSeconds = DOWNLOAD_LINK_TTL_SECONDS): { token: string; expiresAt: Date } {
    const exp = Math.floor(this.now() / 1000) + ttlSeconds;
    const payload = Buffer.from(JSON.stringify({ ...grant, exp })).toString('base64url');
    return { token: `${payload}.${this.mac(payload)}`, expiresAt: new Date(exp * 1000) };
  }

  verify(token: string): DownloadGrant {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) throw unauthenticated('Invalid download link');
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthenticated('Invalid download link');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadGrant;
    if (grant.exp * 1000 < this.now()) throw unauthenticated('This download link has expired');
    return grant;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
