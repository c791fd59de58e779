import { randomUUID } from 'node:crypto';

/** tus ids are ours (namingFunction): 32 hex digits. Anything else is no upload of ours. */
export const TUS_ID = /^[0-9a-f]{32}$/;

/** A new tus id: a random UUID without its dashes. */
export const newTusId = (): string => randomUUID().replaceAll('-', '');

/**
 * The storage key a tus upload in the bucket becomes: its id written as the UUID it is. The upload's
 * bytes are assembled at `files/<that key>` (bucket-tus-store.ts), where stored files live, so
 * finishing it copies nothing (a server-side copy of a 20 GiB clip takes minutes on S3).
 */
export function storageKeyOfUpload(id: string): string {
  if (!TUS_ID.test(id)) throw new Error(`Not a tus id: ${id}`);
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
