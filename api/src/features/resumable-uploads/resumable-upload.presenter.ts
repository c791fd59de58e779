import type { UnfinishedUploadType } from './resumable-uploads.types.js';
import type { UnfinishedUpload } from './resumable-uploads.service.js';

/** One unfinished upload as REST and GraphQL show it. */
export const presentUnfinished = (u: UnfinishedUpload): UnfinishedUploadType => ({
  id: u.id,
  filename: u.filename,
  status: u.status,
  reason: u.reason,
  sizeBytes: u.sizeBytes,
  receivedBytes: u.receivedBytes,
  createdAt: u.createdAt,
  expiresAt: u.expiresAt,
});
