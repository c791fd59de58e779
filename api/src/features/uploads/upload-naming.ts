import { EXTENSIONS, type FilePlace } from '../file-sets/file-kinds.js';
import type { MediaKind } from '../file-sets/media-file.entity.js';
import { bidiControlMessage, hasBidiControl } from '../../platform/validation/display-text.js';

export interface AcceptedName {
  ok: true;
  filename: string;
  /** The shared base filename that groups a set (case kept: DJI_0001). */
  baseName: string;
  /** As uploaded (MP4), for display; `extension` is lower-case. */
  extensionAsGiven: string;
  extension: string;
  kind: MediaKind;
  slot: FilePlace;
  contentType: string;
}
export interface RefusedName {
  ok: false;
  filename: string;
  reason: string;
}

const MAX_NAME = 255;

const CONTROL = /[\u0000-\u001f\u007f]/;
// Bidi controls are refused too (validation/display-text.ts), and shown escaped like these.

/**
 * Decides from the name alone whether a file can join a file set, and which place it takes.
 * The name is only ever displayed: storage names are server-made, so this is about clear answers,
 * not about path safety (a path is still refused, because it is never what a user meant).
 */
export function classifyFilename(raw: string | undefined | null): AcceptedName | RefusedName {
  const filename = typeof raw === 'string' ? raw : '';
  const shown = filename.replace(/[\u0000-\u001f\u007f\u202A-\u202E\u2066-\u2069]/g, '\uFFFD');
  if (!filename.trim()) return { ok: false, filename: shown, reason: 'The file has no name' };
  if (CONTROL.test(filename)) return { ok: false, filename: shown, reason: 'The file name contains control characters' };
  if (hasBidiControl(filename)) return { ok: false, filename: shown, reason: bidiControlMessage('The file name') };
  if (/[/\\]/.test(filename) || filename.split(/[/\\]/).includes('..')) return { ok: false, filename: shown, reason: 'The file name must not contain a path' };
  if (filename.length > MAX_NAME) return { ok: false, filename: shown.slice(0, 80) + '…', reason: `The file name is longer than ${MAX_NAME} characters` };
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1)
    return { ok: false, filename: shown, reason: 'The file has no extension (a file set takes .mp4 or .mov, .jpg and .srt)' };
  const extensionAsGiven = filename.slice(dot + 1);
  const extension = extensionAsGiven.toLowerCase();
  const rule = EXTENSIONS[extension];
  if (!rule) return { ok: false, filename: shown, reason: `.${extensionAsGiven} files fit no file set (a file set takes .mp4 or .mov, .jpg and .srt)` };
  const baseName = filename.slice(0, dot);
  if (!baseName.trim()) return { ok: false, filename: shown, reason: 'The file has no base name' };
  return { ok: true, filename, baseName, extensionAsGiven, extension, kind: rule.kind, slot: rule.slot, contentType: rule.contentType };
}
