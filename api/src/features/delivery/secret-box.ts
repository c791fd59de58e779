import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecret } from '../../platform/config/secret-file.js';

/**
 * Agency passwords and SSH keys at rest: AES-256-GCM, a fresh 12-byte IV per value, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is SHA-256 of SECRETS_KEY, else of a random
 * secret generated once into DATA_DIR/secrets-key (like the JWT secret). Workers on other machines
 * need the same SECRETS_KEY.
 */
export class SecretBox {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly source: { secretsKey?: string; dataDir: string }) {}

  private keyBytes(): Promise<Buffer> {
    return (this.key ??= (async () => {
      const secret = this.source.secretsKey ?? (await readOrCreateSecret(path.join(this.source.dataDir, 'secrets-key')));
      return createHash('sha256').update(secret).digest();
    })());
  }

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.keyBytes(), iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  async open(sealed: string): Promise<string> {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', await this.keyBytes(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
