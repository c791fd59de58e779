import { PassThrough, type Readable } from 'node:stream';
import { FileTooLargeError } from './file-storage.js';

/**
 * Puts a multipart file stream (busboy's, directly or through graphql-upload-minimal) behind a
 * stream the storage may consume or fail freely. busboy stalls the whole request if one of its
 * file streams stops being read, and graphql-upload-minimal unpipes a stream at its size limit;
 * so here the part is always read to its end (drained when nobody wants it), and the consumer
 * sees an error instead of a silent cut: FileTooLargeError at the limit, or the parser's error
 * when the client disconnects.
 */
export function guardUploadStream(part: Readable, maxBytes: number): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const drain = () => {
    part.unpipe(out);
    part.resume();
  };
  part.once('limit', () => {
    drain();
    out.destroy(new FileTooLargeError(maxBytes));
  });
  part.once('error', (err) => out.destroy(err));
  part.once('close', () => {
    if (!part.readableEnded) out.destroy(new Error('The upload was interrupted'));
  });
  // The consumer gave up (refusal, storage failure): keep the request flowing.
  out.once('close', () => {
    if (!out.writableFinished) drain();
  });
  part.pipe(out);
  return out;
}

/** Reads a part to its end without keeping it, so the parser moves on to the next one. */
export function discard(part: Readable): void {
  part.on('error', () => undefined);
  part.resume();
}
