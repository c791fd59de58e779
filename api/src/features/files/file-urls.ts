import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR = 3600;

/**
 * Signed, file-scoped URLs: a browser's <video> and <img> cannot send an Authorization header,
 * so the owner's answers carry `/api/files/{id}?token=...`, an HMAC of the file id and an expiry
 * made with a key derived from the JWT secret (every API instance shares it). Expiries are
 * rounded up to the hour, so one file's URL stays the same for an hour and browsers cache it.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds = 6 * HOUR,
    private readonly nowSeconds = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = createHmac('sha256', secret).update('shotlog:file-url:v1').digest();
  }

  token(fileId: string): string {
    const exp = (Math.floor(this.nowSeconds() / HOUR) + 1) * HOUR + this.ttlSeconds;
    return `${exp}.${this.sign(fileId, exp)}`;
  }

  /** True when `token` was made for this file and has not expired. */
  verify(fileId: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return false;
    const exp = Number(m[1]);
    if (exp < this.nowSeconds()) return false;
    const expected = Buffer.from(this.sign(fileId, exp));
    const given = Buffer.from(m[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(fileId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${fileId.toLowerCase()}.${exp}`).digest('base64url');
  }
}

// The presenters that build answers run without the services at hand; the process's signer is
// registered once at start-up (app/compose.ts). Without one, URLs need the Authorization header.
let signer: FileUrlSigner | null = null;

export function registerFileUrlSigner(s: FileUrlSigner): void {
  signer = s;
}

export function fileUrlSigner(): FileUrlSigner | null {
  return signer;
}

/** Where a file is served to its owner; signed, so it works in <video src> and <img src>. */
export function fileResourceUri(fileId: string): string {
  const path = `/api/files/${fileId}`;
  return signer ? `${path}?token=${signer.token(fileId)}` : path;
}

/** The file's small WebP thumbnail (JPGs only), signed with the file's own token. */
export function fileThumbnailUri(fileId: string): string {
  const path = `/api/files/${fileId}/thumbnail`;
  return signer ? `${path}?token=${signer.token(fileId)}` : path;
}

/** The file's 1024 px WebP preview (JPGs only): what the editor and grid show, never the original. */
export function filePreviewUri(fileId: string): string {
  const path = `/api/files/${fileId}/preview`;
  return signer ? `${path}?token=${signer.token(fileId)}` : path;
}
