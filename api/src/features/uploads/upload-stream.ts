import type { Readable, Writable } from 'node:stream';
import { FileTooLargeError } from '../files/file-storage.js';

/**
 * Pipes a multipart file stream (busboy's, directly or through the GraphQL reader) into `sink`,
 * where storage may fail or refuse it freely. busboy stalls the whole request if one of its file
 * streams stops being read, so the part is always read to its end (drained once the sink is
 * gone), and the sink sees an error instead of a silent cut: FileTooLargeError at the size limit,
 * or the parser's error when the client disconnects. No stream in between: every hop costs time
 * per chunk on a multi-gigabyte upload.
 */
export function feedUploadPart(part: Readable, sink: Writable, maxBytes: number): void {
  const drain = () => {
    part.unpipe(sink);
    part.resume();
  };
  part.once('limit', () => {
    drain();
    sink.destroy(new FileTooLargeError(maxBytes));
  });
  part.once('error', (err) => sink.destroy(err));
  part.once('close', () => {
    if (!part.readableEnded) sink.destroy(new Error('The upload was interrupted'));
  });
  // The sink gave up (refusal, storage failure): keep the request flowing.
  sink.once('close', () => {
    if (!sink.writableFinished) drain();
  });
  part.pipe(sink);
}

/** Reads a part to its end without keeping it, so the parser moves on to the next one. */
export function discard(part: Readable): void {
  part.on('error', () => undefined);
  part.resume();
}
