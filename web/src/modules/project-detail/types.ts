import type { PlaceValues } from '../places/PlaceFieldsEditor';
import type { ProcessedResult } from './result-shape';

/** What the page shows of one file of a set. */
export interface DetailFile {
  id: string;
  filename: string;
  fileTypeInfo: string;
  /** Served with HTTP Range and signed, so <video> and <img> can load it without a header. */
  resourceUri: string;
}

/** One file set as the page shows it; `result` is null until processing produced one (SPEC §8: tolerated). */
export interface DetailFileSet {
  id: string;
  baseName: string;
  /** It holds a video, a JPG and an SRT (SPEC §3). */
  complete: boolean;
  /** Why it cannot be processed ("missing the .SRT telemetry file"); null when complete. */
  incompleteReason: string | null;
  /** Why its latest processing failed, in plain words with what to do; null unless it failed. */
  failureReason: string | null;
  files: DetailFile[];
  /** A 320 px WebP of the set's JPG for the list (signed, cached for good); the JPG itself only where it is shown large. */
  thumbnailUri: string | null;
  /** A 1024 px WebP of the JPG: what the preview shows (the original only on "Open original"). */
  previewImageUri: string | null;
  /** The set's processing status as the server holds it (pending, processing, completed, failed), if it says. */
  processingStatus: string | null;
  /** The set's current stage as a sentence, while it is being processed. */
  processingStage: string | null;
  result: ProcessedResult | null;
  /** What the set lacked when it was processed, in words (a clip without its .SRT); null when nothing. */
  resultNote: string | null;
  /** The stored result's version (bumped at every change): a save names it, so it never overwrites a newer one. */
  resultVersion: number | null;
  /** City, region, country, place line and named features (issue 32), for the place editor; null without a result. */
  place: PlaceValues | null;
  /** Chip labels of the shot types, by id (golden_hour -> Golden hour). */
  shotTypeLabels: Record<string, string>;
}

export interface DetailProject {
  id: string;
  name: string;
  status: string;
  inTrash: boolean;
  fileSets: DetailFileSet[];
}

const VIDEO = new Set(['mp4', 'mov']);
const ext = (f: DetailFile) => f.fileTypeInfo.toLowerCase().replace(/^\./, '');

export const videoOf = (set: DetailFileSet) => set.files.find((f) => VIDEO.has(ext(f)));
export const imageOf = (set: DetailFileSet) => set.files.find((f) => ext(f) === 'jpg' || ext(f) === 'jpeg');

/** SPEC §2: the title, with the fallback 'File Set N' (1-based position). */
export const setTitle = (set: DetailFileSet, index: number) => set.result?.content.title.trim() || `File Set ${index + 1}`;

/** The sets each project action would take (the server decides the same way: ProcessingService.selectSets). */
export function setsByNextStep(sets: DetailFileSet[]) {
  const untouched = sets.filter((s) => !s.result && !s.processingStatus);
  return {
    unprocessed: untouched.filter((s) => s.complete),
    incomplete: untouched.filter((s) => !s.complete),
    failed: sets.filter((s) => !s.result && s.processingStatus === 'failed'),
  };
}

/**
 * A failure the file itself causes (a video cut off, damaged or without a picture: the server's
 * processing/failure-reason.ts says "Replace the video"): retrying alone fails the same way.
 */
export const failsAgainUntilReplaced = (reason: string | null | undefined) => !!reason && /^The video file .*Replace the video/.test(reason);
/** Said beside Retry failed sets for such sets: "DJI_0002 will fail again until its video is replaced (Replace file)". */
export const retryFailsAgain = (names: string[]) =>
  `${names.join(', ')} will fail again until ${names.length === 1 ? 'its video is' : 'their videos are'} replaced (Replace file)`;
