/**
 * What a set is and whether it can be processed, from its files and the user's choices: one rule
 * for the wizard's Verify step, generate-json, the cost estimate and the run's selection.
 *
 * - A **clip** has a video. SPEC's rule: complete with a video, a JPG and an SRT. A clip without a
 *   JPG gets a still taken from its video (stills.ts); until then it is incomplete ("the still is
 *   being taken"), and a video that does not decode says why. A clip without an SRT stays
 *   incomplete, but is processable once the user chose "Process without telemetry".
 * - A **photo** is a JPG with no video and no .SRT of its base name (a DNG may travel with it):
 *   complete on its own and processable unless the user left it out. A JPG beside an .SRT is a
 *   clip whose video is not there (yet): incomplete, like a lone SRT.
 * - Anything else (an SRT alone) is incomplete.
 */
import type { MediaKind } from './media-file.entity.js';
import { incompleteReason, missingSlots, type FileSlot } from './file-kinds.js';

export type SetShape = 'clip' | 'photo' | 'other';

export interface ReadinessFile {
  kind: MediaKind;
  fromVideo?: boolean;
}

export interface ReadinessChoices {
  stillProblem?: string | null;
  withoutTelemetry?: boolean;
  leftOut?: boolean;
}

export interface Readiness {
  shape: SetShape;
  /** SPEC's wizard status: a photo is complete as a photo. */
  status: 'complete' | 'incomplete';
  /** What a clip (or a lone SRT) lacks of video, jpg and srt; empty for a photo. */
  missing: FileSlot[];
  /** Why it is incomplete, for people; null when complete. */
  reason: string | null;
  /** A run takes it (complete, or without telemetry by choice; never when left out). */
  processable: boolean;
  /** Why a run leaves it out, for people; null when processable. */
  leftOutReason: string | null;
  /** The set's JPG is a still taken from its video. */
  stillFromVideo: boolean;
  /** A clip whose still is still being taken (no JPG, no problem recorded). */
  stillPending: boolean;
}

export const STILL_PENDING_REASON = 'the still is being taken from the video';
export const NO_TELEMETRY_NOTE = 'no .SRT telemetry: processed from the pictures alone (no place unless you set one, shot types from the picture motion)';

export function readinessOf(files: readonly ReadinessFile[], choices: ReadinessChoices = {}): Readiness {
  const kinds = new Set(files.map((f) => f.kind));
  const stillFromVideo = files.some((f) => f.kind === 'image' && f.fromVideo);
  const leftOutByUser = !!choices.leftOut;
  const userLeftOut = 'left out by you';
  if (!kinds.has('video') && !kinds.has('subtitle') && kinds.has('image')) {
    return {
      shape: 'photo',
      status: 'complete',
      missing: [],
      reason: null,
      processable: !leftOutByUser,
      leftOutReason: leftOutByUser ? userLeftOut : null,
      stillFromVideo: false,
      stillPending: false,
    };
  }
  const missing = missingSlots([...kinds].filter((k) => k !== 'raw'));
  const shape: SetShape = kinds.has('video') ? 'clip' : 'other';
  const stillPending = shape === 'clip' && missing.includes('jpg') && !choices.stillProblem;
  let reason = incompleteReason(missing);
  if (shape === 'clip' && missing.includes('jpg')) {
    const rest = incompleteReason(missing.filter((m) => m !== 'jpg'));
    const still = choices.stillProblem ? `no still could be taken from the video (${choices.stillProblem})` : STILL_PENDING_REASON;
    reason = rest ? `${still}; ${rest}` : still;
  }
  const onlySrtMissing = shape === 'clip' && missing.length === 1 && missing[0] === 'srt';
  const processable = !leftOutByUser && (missing.length === 0 || (onlySrtMissing && !!choices.withoutTelemetry));
  return {
    shape,
    status: missing.length ? 'incomplete' : 'complete',
    missing,
    reason,
    processable,
    leftOutReason: processable ? null : leftOutByUser ? userLeftOut : (reason ?? 'incomplete'),
    stillFromVideo,
    stillPending,
  };
}

/** The readiness of a loaded set entity (files populated). */
export function setReadiness(set: {
  files: { isInitialized(): boolean; getItems(): readonly ReadinessFile[] };
  stillProblem?: string | null;
  withoutTelemetry?: boolean;
  leftOut?: boolean;
}): Readiness {
  const files = set.files.isInitialized() ? set.files.getItems() : [];
  return readinessOf(files, { stillProblem: set.stillProblem, withoutTelemetry: set.withoutTelemetry, leftOut: set.leftOut });
}
