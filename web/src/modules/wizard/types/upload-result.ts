/** What step 3 is told of the upload: the files that did not join a set, and why. */
export interface UploadResult {
  refused: Array<{ filename: string; reason: string }>;
}
