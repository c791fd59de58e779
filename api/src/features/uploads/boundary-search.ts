/**
 * The boundary search inside busboy's multipart parser, done with Buffer#indexOf (native code)
 * instead of streamsearch's Boyer-Moore-Horspool loop in JavaScript, which costs about as much
 * per byte of a large upload as hashing it. Same contract as streamsearch 1.x, which busboy
 * calls: `push(chunk)` reports the data between matches through
 * `callback(isMatch, data, start, end, isDataSafe)`: `data[start, end)` precedes a match when
 * `isMatch`, and `isDataSafe` is false when `data` is a scratch buffer the caller must copy from.
 */
export class BoundarySearch {
  matches = 0;
  /** A tail of the last chunk that is a beginning of the needle: it may complete in the next. */
  private readonly lookbehind: Buffer;
  private lookbehindSize = 0;

  constructor(
    private readonly needle: Buffer,
    private readonly callback: (isMatch: boolean, data: Buffer | undefined, start: number, end: number, isDataSafe: boolean) => void,
    pending?: Buffer,
  ) {
    this.lookbehind = Buffer.alloc(needle.length);
    if (pending?.length) {
      pending.copy(this.lookbehind);
      this.lookbehindSize = pending.length;
    }
  }

  push(chunk: Buffer, pos = 0): number {
    const needle = this.needle;
    while (this.lookbehindSize > 0 && pos < chunk.length) pos = this.continueLookbehind(chunk, pos);
    while (pos < chunk.length) {
      const at = chunk.indexOf(needle, pos);
      if (at >= 0) {
        this.matches++;
        if (at > pos) this.callback(true, chunk, pos, at, true);
        else this.callback(true, undefined, 0, 0, true);
        pos = at + needle.length;
        continue;
      }
      // No whole needle: keep a tail that may be the beginning of one, report the rest.
      const tail = this.prefixStart(chunk, Math.max(pos, chunk.length - needle.length + 1));
      if (tail > pos) this.callback(false, chunk, pos, tail, true);
      if (tail < chunk.length) {
        chunk.copy(this.lookbehind, 0, tail);
        this.lookbehindSize = chunk.length - tail;
      }
      pos = chunk.length;
    }
    return pos;
  }

  /** End of input: what was held back is data after all. */
  destroy(): void {
    if (this.lookbehindSize) this.callback(false, this.lookbehind, 0, this.lookbehindSize, false);
    this.reset();
  }

  reset(): void {
    this.matches = 0;
    this.lookbehindSize = 0;
  }

  /**
   * With a held-back tail, reads on in `chunk` from `pos`: the needle completes (a match), the tail
   * grows (the chunk ends first), or it was not a needle and its bytes are reported as data up to
   * where a needle could still begin. Returns where to go on reading `chunk`.
   */
  private continueLookbehind(chunk: Buffer, pos: number): number {
    const needle = this.needle;
    const held = this.lookbehindSize;
    const wanted = needle.length - held;
    const available = Math.min(wanted, chunk.length - pos);
    if (chunk.compare(needle, held, held + available, pos, pos + available) === 0) {
      if (available === wanted) {
        this.lookbehindSize = 0;
        this.matches++;
        this.callback(true, undefined, 0, 0, true);
        return pos + wanted;
      }
      chunk.copy(this.lookbehind, held, pos, pos + available);
      this.lookbehindSize += available;
      return pos + available;
    }
    // Not a needle at the tail's start: report bytes up to the next place one could begin.
    let from = 1;
    while (from < held && !this.couldBeginAt(from, chunk, pos)) from++;
    this.callback(false, this.lookbehind, 0, from, false);
    this.lookbehind.copy(this.lookbehind, 0, from, held);
    this.lookbehindSize = held - from;
    return pos;
  }

  /** Whether the held-back bytes from `from` on, then `chunk` from `pos`, match the needle's beginning as far as they go. */
  private couldBeginAt(from: number, chunk: Buffer, pos: number): boolean {
    const needle = this.needle;
    const held = this.lookbehindSize - from;
    if (this.lookbehind.compare(needle, 0, held, from, this.lookbehindSize) !== 0) return false;
    const more = Math.min(needle.length - held, chunk.length - pos);
    return chunk.compare(needle, held, held + more, pos, pos + more) === 0;
  }

  /** The first position from `from` where the rest of `chunk` is a beginning of the needle, else chunk.length. */
  private prefixStart(chunk: Buffer, from: number): number {
    const needle = this.needle;
    for (let i = chunk.indexOf(needle[0]!, from); i >= 0; i = chunk.indexOf(needle[0]!, i + 1)) {
      if (chunk.compare(needle, 0, chunk.length - i, i) === 0) return i;
    }
    return chunk.length;
  }
}

interface StreamSearchLike {
  _needle: Buffer;
  _cb: ConstructorParameters<typeof BoundarySearch>[1];
  _lookbehind: Buffer;
  _lookbehindSize: number;
  push: unknown;
}

/**
 * Swaps the boundary search of a busboy multipart parser (busboy 1.x keeps a streamsearch
 * instance in `_bparser`) for BoundarySearch, carrying over what it already holds. Anything else
 * (another busboy version, a non-multipart parser) is left as it is: slower, still correct.
 * Returns whether the swap was made.
 */
export function useNativeBoundarySearch(parser: object): boolean {
  const holder = parser as { _bparser?: Partial<StreamSearchLike> };
  const current = holder._bparser;
  if (
    !current ||
    typeof current.push !== 'function' ||
    !Buffer.isBuffer(current._needle) ||
    typeof current._cb !== 'function' ||
    !Buffer.isBuffer(current._lookbehind) ||
    typeof current._lookbehindSize !== 'number'
  )
    return false;
  holder._bparser = new BoundarySearch(current._needle, current._cb, current._lookbehind.subarray(0, current._lookbehindSize)) as unknown as StreamSearchLike;
  return true;
}
