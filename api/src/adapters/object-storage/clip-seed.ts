import { CLIP_RELAY_LIMITS, MAX_INDEX_AHEAD_BYTES } from './clip-relay.js';
import { boxSize, indexStart } from './mp4-index.js';

/**
 * How long the caught bytes stay in the relay: a card's still is taken as soon as its clip is in,
 * and a set processed here is processed soon after (bench/storage.mjs sends and processes at once).
 */
export const SEED_KEEP_MS = 60_000;

/** A catcher for the relay's blocks: the first two, and an index of at most the relay's bound for one. */
export function catchClipSeed(): ClipSeedCatcher {
  return new ClipSeedCatcher(2 * CLIP_RELAY_LIMITS.blockBytes, MAX_INDEX_AHEAD_BYTES, CLIP_RELAY_LIMITS.blockBytes);
}

/** A stretch of an object's bytes at its offset. */
export interface SeedPart {
  at: number;
  bytes: Buffer;
}

/**
 * Catches, as an MP4 streams through this process into the bucket, the bytes every tool reads
 * first: its start (the first `headBytes`) and its index (the moov box), whether that is at the
 * start ("faststart") or after the media (as a drone writes it), at most `maxIndexBytes` of it.
 * Given to the clip relay once the object is stored (`ClipRelay.seed`), the still this process takes
 * next opens the clip without waiting on the bucket for them. Anything else (a JPG, an SRT, a clip
 * whose boxes it cannot tell) gives nothing.
 */
export class ClipSeedCatcher {
  /**
   * The start as it comes; null until its first eight bytes came (in `sniff`), `false` for no MP4
   * (nothing more is caught): a JPG or an SRT costs eight bytes here, not the start's buffer.
   */
  private head: Buffer | null | false = null;
  private readonly sniff = Buffer.alloc(8);
  private headLength = 0;
  /**
   * Where the index's bytes are caught from (the start of the block it begins in) and to (exclusive:
   * its end, null until its header passed), or null: none to catch.
   */
  private indexFrom: number | null | undefined;
  private indexAt = 0;
  private indexEnd: number | null = null;
  private readonly index: Buffer[] = [];
  private indexLength = 0;
  private at = 0;

  constructor(
    private readonly headBytes: number,
    private readonly maxIndexBytes: number,
    /** The relay's block size: the index is caught from the start of the block it begins in. */
    private readonly blockBytes: number,
  ) {}

  /** An MP4 by its first eight bytes (an upload of a clip, whose tools read it through the relay). */
  get isClip(): boolean {
    return this.head instanceof Buffer;
  }

  take(chunk: Buffer): void {
    const start = this.at;
    this.at += chunk.length;
    if (this.head === false) return;
    let sniffed = 0;
    if (this.head === null) {
      // An MP4 starts with its ftyp box (its first 8 bytes may come in pieces): anything else is let go.
      sniffed = chunk.copy(this.sniff, this.headLength, 0, 8 - this.headLength);
      this.headLength += sniffed;
      if (this.headLength < 8) return;
      if (this.sniff.toString('latin1', 4, 8) !== 'ftyp') return void (this.head = false);
      this.head = Buffer.allocUnsafe(this.headBytes);
      this.sniff.copy(this.head);
    }
    if (this.headLength < this.headBytes) {
      this.headLength += chunk.copy(this.head, this.headLength, sniffed, sniffed + this.headBytes - this.headLength);
      if (this.headLength < this.headBytes) return;
      this.findIndex();
    }
    const from = this.indexFrom;
    if (from === null || from === undefined || this.at <= from) return;
    const part = chunk.subarray(Math.max(0, from - start), this.indexEnd === null ? undefined : Math.max(0, this.indexEnd - start));
    if (!part.length) return;
    this.index.push(Buffer.from(part));
    this.indexLength += part.length;
    if (this.indexEnd === null && this.indexLength >= this.indexAt - from + 16) {
      const box = boxSize(Buffer.concat(this.index), this.indexAt - from);
      if (box) this.indexEnd = this.indexAt + box.size;
    }
    if (this.indexLength > this.maxIndexBytes) this.giveUpIndex();
  }

  /** The caught parts of an object of `size` bytes, or null when it is no MP4 whose start this caught. */
  parts(size: number): SeedPart[] | null {
    if (!this.head || this.headLength < Math.min(this.headBytes, size)) return null;
    const parts: SeedPart[] = [{ at: 0, bytes: this.head.subarray(0, this.headLength) }];
    if (this.headLength < this.headBytes) return parts; // the whole clip is its start
    const from = this.indexFrom;
    const whole = from !== null && from !== undefined && this.indexEnd !== null && this.indexEnd <= size && from + this.indexLength === this.indexEnd;
    if (whole) parts.push({ at: from, bytes: Buffer.concat(this.index, this.indexLength) });
    return parts;
  }

  /** Once the start is in: where the index is, from its boxes; caught on from the end of the start when it begins there. */
  private findIndex(): void {
    if (!this.head) return;
    const at = indexStart(this.head, Number.MAX_SAFE_INTEGER);
    if (at === null) return void (this.indexFrom = null);
    if (at >= this.headBytes) {
      this.indexAt = at;
      this.indexFrom = Math.floor(at / this.blockBytes) * this.blockBytes;
      return;
    }
    // A faststart index: its header is in the start; what runs past it is caught on.
    const box = boxSize(this.head, at);
    if (!box || at + box.size <= this.headBytes || box.size > this.maxIndexBytes) return void (this.indexFrom = null);
    this.indexFrom = this.indexAt = this.headBytes;
    this.indexEnd = at + box.size;
  }

  private giveUpIndex(): void {
    this.indexFrom = null;
    this.index.length = 0;
    this.indexLength = 0;
  }
}
