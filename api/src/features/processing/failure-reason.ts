/**
 * A failed set's stored error (written by the pipeline, sometimes with ffprobe's own words and the
 * server's storage path) as a sentence for its owner: what went wrong and what to do about it.
 * The raw error stays in `error` for integrators and the admin queue; this is `reason`.
 */
const RULES: Array<[RegExp, string]> = [
  [
    /moov atom not found|end of file|truncat/i,
    'The video file is incomplete: it ends before its index (often a copy or upload that was cut off). Replace the video and retry.',
  ],
  [/invalid data found|could not be read|unreadable/i, 'The video file is damaged or is not a video. Replace the video and retry.'],
  [/no video stream/i, 'The video file holds no picture (audio or data only). Replace the video and retry.'],
  [/JPG image could not be decoded/i, 'The JPG image is damaged or is not a JPEG. Replace the image and retry.'],
  [/missing from storage/i, 'A file of this set is missing from storage. Upload it again with Replace file, then retry.'],
  [/no longer complete/i, 'The set lost one of its files before processing. Upload the missing file, then retry.'],
  [/AI service refused/i, 'The AI service refused the request. Retry later; if it keeps failing, contact the administrator.'],
];

/** Plain words for a failure; null when there is no error. */
export function failureReason(error: string | null | undefined): string | null {
  if (!error) return null;
  for (const [pattern, words] of RULES) if (pattern.test(error)) return words;
  return 'A temporary error stopped processing after several attempts. Retrying usually works.';
}

/** The reason shown once the failed set's files changed: what failed was the file that is gone. */
export const REPLACED_SINCE_FAILURE = 'A file of this set was replaced after it failed: retry to process it again.';
