/**
 * A failure that retrying cannot fix (a corrupt video, an unreadable file, a request the AI service
 * refuses): the worker fails that file set at once instead of retrying it. Anything else thrown by
 * the pipeline is treated as transient and retried with backoff.
 */
export class PermanentProcessingError extends Error {
  override readonly name = 'PermanentProcessingError';
}
