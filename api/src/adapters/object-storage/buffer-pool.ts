/**
 * Buffers of one size, reused instead of allocated anew: the memory a multipart upload gathers its
 * parts in (from one part to the next, and from one upload to the next) instead of a new 8 MiB
 * Buffer each part, and the clip relay's blocks (clip-relay.ts). V8 counts every newly allocated
 * Buffer against its limit for the next full garbage collection, so a fresh part per 8 MiB started a
 * full GC every few parts of a large upload (bench/storage.mjs: about 180 full GCs a 2 x 2 GiB run,
 * 6.7 CPU-seconds of the API's 26). A reused Buffer is allocated once.
 *
 * Buffers come back only once nothing reads them: a part once the bucket has it (its request has
 * ended), a block once it is no longer kept and no answer is sending it. The pool keeps at most
 * `keep` of them, and lets them all go after IDLE_MS without use, so an API process that took one
 * large upload, or read one clip, does not hold that memory afterwards.
 */
import { PART_BYTES } from './s3-client-config.js';

const IDLE_MS = 30_000;

export class BufferPool {
  private readonly free: Buffer[] = [];
  /** The memory of those in `free`: a Buffer handed back twice is found at once (the relay's pool holds a thousand). */
  private readonly freeMemory = new Set<ArrayBufferLike>();
  private readonly idle: NodeJS.Timeout;

  constructor(
    readonly bytes: number,
    private readonly keep: number,
  ) {
    this.idle = setTimeout(() => {
      this.free.length = 0;
      this.freeMemory.clear();
    }, IDLE_MS).unref();
  }

  /** A Buffer of `bytes` (its contents are old bytes: the caller fills it before reading any). */
  take(): Buffer {
    this.idle.refresh();
    const buf = this.free.pop();
    if (!buf) return Buffer.allocUnsafeSlow(this.bytes);
    this.freeMemory.delete(buf.buffer);
    return buf;
  }

  /**
   * Hands a Buffer back once nothing reads it any more; one of another size is simply dropped. One
   * handed back twice is kept once: two parts filling the same memory would corrupt both.
   */
  give(buf: Buffer): void {
    this.idle.refresh();
    if (buf.buffer.byteLength !== this.bytes || this.free.length >= this.keep || this.freeMemory.has(buf.buffer)) return;
    this.freeMemory.add(buf.buffer);
    this.free.push(Buffer.from(buf.buffer, 0, this.bytes));
  }

  /** Buffers waiting to be reused (tests). */
  get kept(): number {
    return this.free.length;
  }
}

/**
 * The process's one pool of parts, shared by the multipart route (s3-store.ts: 3 parts in flight and 1
 * filling per upload) and tus (bucket-tus-store.ts: 6 parts in memory for all its uploads), so a
 * process moving both kinds reuses the same memory.
 */
export const partBuffers = new BufferPool(PART_BYTES, 6);
