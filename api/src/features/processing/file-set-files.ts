/** Which files of a set the pipeline reads, when a run may take it (file-sets/set-readiness.ts). */
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { MediaFile, MediaKind } from '../file-sets/media-file.entity.js';
import { setReadiness } from '../file-sets/set-readiness.js';

export interface SetFiles {
  /** The master (.mp4/.mov) or DJI's .LRF proxy of it; null for a photo. */
  video: MediaFile | null;
  /** The uploaded JPG, or the still taken from the video. */
  jpg: MediaFile;
  /** Null for a photo, or a clip the user chose to process without telemetry. */
  srt: MediaFile | null;
}

/** The files of a set whose files are loaded, or null when a run may not take it (incomplete, left out). */
export function setFiles(fs: FileSet): SetFiles | null {
  if (!setReadiness(fs).processable) return null;
  const files = fs.files.isInitialized() ? fs.files.getItems() : [];
  const of = (kind: MediaKind) => files.find((f) => f.kind === kind) ?? null;
  const jpg = of('image');
  return jpg ? { video: of('video'), jpg, srt: of('subtitle') } : null;
}
