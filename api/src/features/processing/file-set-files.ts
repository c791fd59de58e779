/** Which files of a set the pipeline reads; a set is processable only with all three (SPEC §3). */
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { MediaFile, MediaKind } from '../file-sets/media-file.entity.js';

export interface SetFiles {
  /** The master (.mp4/.mov) or DJI's .LRF proxy of it: the pipeline reads either (file-kinds.ts). */
  video: MediaFile;
  jpg: MediaFile;
  srt: MediaFile;
}

/** The video, the .jpg and the .srt of a set whose files are loaded, by the kind upload gave them, or null when one is missing. */
export function setFiles(fs: FileSet): SetFiles | null {
  const files = fs.files.isInitialized() ? fs.files.getItems() : [];
  const of = (kind: MediaKind) => files.find((f) => f.kind === kind);
  const [video, jpg, srt] = [of('video'), of('image'), of('subtitle')];
  return video && jpg && srt ? { video, jpg, srt } : null;
}
