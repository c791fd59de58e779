/**
 * The Chromium browser tests drive (web/e2e/support/browser.ts; npm test and the doctor report it):
 * CHROMIUM_PATH, else a `chromium` on the PATH (Debian's), else null: the caller then uses the one
 * the `@sparticuz/chromium` devDependency ships.
 */
import { findOnPath } from '../adapters/media-tools/media-tools.js';

export function systemChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  const searchPath = env.PATH ?? '';
  return findOnPath('chromium', searchPath) ?? findOnPath('chromium-browser', searchPath);
}
