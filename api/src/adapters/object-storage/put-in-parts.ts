import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { BufferPool } from './buffer-pool.js';

export interface PutTarget {
  Bucket: string;
  Key: string;
  Metadata?: Record<string, string>;
}

/**
 * A stream of unknown length into one object: a multipart upload of `buffers.bytes` parts with at
 * most `inFlight` on their way to the bucket and one filling, or a single PutObject when the whole
 * stream fits in one part. Does what @aws-sdk/lib-storage's Upload did here, with the parts
 * gathered in reused Buffers (buffer-pool.ts) instead of a new one concatenated for each part.
 *
 * On any failure (the stream's or the bucket's, after the SDK's retries) reading stops, the parts
 * already sent are awaited, the multipart upload is aborted (nothing is left behind) and the first
 * error is thrown. `whole`: given the object's bytes once stored, when they were one part (before
 * that part's buffer goes back to the pool).
 */
export async function putInParts(
  client: S3Client,
  target: PutTarget,
  body: AsyncIterable<Buffer>,
  buffers: BufferPool,
  inFlight: number,
  whole?: (bytes: Buffer) => Promise<void>,
): Promise<void> {
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  const sending = new Set<Promise<void>>();
  // The first part that failed (set from the parts' callbacks: an object, so the checks below read it afresh).
  const failed: { error?: unknown } = {};
  let part: Buffer | null = null;
  let filled = 0;

  const send = async (buf: Buffer, length: number) => {
    try {
      uploadId ??= (await client.send(new CreateMultipartUploadCommand(target))).UploadId;
      while (sending.size >= inFlight) await Promise.race(sending);
      if ('error' in failed) throw failed.error;
    } catch (err) {
      buffers.give(buf); // not sent: its memory goes back now
      throw err;
    }
    const PartNumber = parts.length + 1;
    const entry: CompletedPart = { PartNumber };
    parts.push(entry);
    const sent = client
      .send(new UploadPartCommand({ Bucket: target.Bucket, Key: target.Key, UploadId: uploadId, PartNumber, Body: buf.subarray(0, length) }))
      .then(
        (out) => void (entry.ETag = out.ETag),
        (error: unknown) => void ('error' in failed || (failed.error = error)),
      )
      .finally(() => {
        buffers.give(buf);
        sending.delete(sent);
      });
    sending.add(sent);
  };

  try {
    for await (const chunk of body) {
      for (let at = 0; at < chunk.length; ) {
        part ??= buffers.take();
        const copied = chunk.copy(part, filled, at);
        filled += copied;
        at += copied;
        if (filled === part.length) {
          const full = part;
          part = null;
          filled = 0;
          await send(full, full.length);
        }
      }
    }
    if (uploadId === undefined) {
      // The whole stream fit in one part (or was empty): one request.
      const bytes = part ? part.subarray(0, filled) : Buffer.alloc(0);
      await client.send(new PutObjectCommand({ ...target, Body: bytes }));
      await whole?.(bytes);
    } else {
      if (part && filled > 0) {
        const last = part;
        part = null;
        await send(last, filled);
      }
      await Promise.all(sending);
      if ('error' in failed) throw failed.error;
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket: target.Bucket, Key: target.Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    }
  } catch (err) {
    await Promise.allSettled(sending);
    if (uploadId !== undefined) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: target.Bucket, Key: target.Key, UploadId: uploadId })).catch(() => undefined);
    }
    throw err;
  } finally {
    if (part) buffers.give(part);
  }
}
