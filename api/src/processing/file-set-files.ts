/** Which files of a set the pipeline reads; a set is processable only with all three (SPEC §3). */
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { MediaFile } from '../file-sets/media-file.entity.js';

export const VIDEO_EXTENSIONS = ['mp4', 'mov'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg'] as const;
export const SUBTITLE_EXTENSIONS = ['srt'] as const;

export interface SetFiles {
  video: MediaFile;
  jpg: MediaFile;
  srt: MediaFile;
}

const has = (list: readonly string[], f: MediaFile) => list.includes(f.extension.toLowerCase());

/** The video (.mp4/.mov), the .jpg and the .srt of a set whose files are loaded, or null when one is missing. */
export function setFiles(fs: FileSet): SetFiles | null {
  const files = fs.files.isInitialized() ? fs.files.getItems() : [];
  const video = files.find((f) => has(VIDEO_EXTENSIONS, f));
  const jpg = files.find((f) => has(IMAGE_EXTENSIONS, f));
  const srt = files.find((f) => has(SUBTITLE_EXTENSIONS, f));
  return video && jpg && srt ? { video, jpg, srt } : null;
}
