import fs from 'node:fs/promises';
import path from 'node:path';

/** A random secret kept in a file readable only by us, created on first use. */
export async function readOrCreateSecret(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const { randomBytes } = await import('node:crypto');
    const secret = randomBytes(32).toString('base64url');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, secret + '\n', { mode: 0o600 });
    return secret;
  }
}
