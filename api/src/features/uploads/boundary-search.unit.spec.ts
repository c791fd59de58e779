import busboy from 'busboy';
import { createRequire } from 'node:module';
import { BoundarySearch, useNativeBoundarySearch } from './boundary-search.js';

// busboy's own search, to compare against: streamsearch, resolved from where busboy is.
const require = createRequire(import.meta.url);
const StreamSearch = createRequire(require.resolve('busboy'))('streamsearch') as new (
  needle: Buffer,
  cb: (isMatch: boolean, data: Buffer | undefined, start: number, end: number) => void,
) => { push(chunk: Buffer): number; destroy(): void };

/** Feeds `chunks` to a search; returns the data between matches, one string per stretch ('|' after a match). */
function run(
  make: (cb: (isMatch: boolean, data: Buffer | undefined, start: number, end: number) => void) => { push(c: Buffer): unknown; destroy(): void },
  chunks: Buffer[],
) {
  let out = '';
  const search = make((isMatch, data, start, end) => {
    if (data && end > start) out += data.toString('latin1', start, end);
    if (isMatch) out += '|';
  });
  for (const c of chunks) search.push(c);
  search.destroy();
  return out;
}

/** A deterministic pseudo-random source, so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

describe('BoundarySearch (busboy boundary search in native code)', () => {
  it('reports the same data and matches as streamsearch, however the input is cut', () => {
    const needle = Buffer.from('\r\n--ab-a');
    const rand = random(7);
    // A small alphabet made of the needle's own bytes: many partial matches, at every chunk edge.
    const alphabet = '\r\n-abX';
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const length = Math.floor(rand() * 200);
      while (text.length < length) text += rand() < 0.08 ? needle.toString('latin1') : alphabet[Math.floor(rand() * alphabet.length)];
      const body = Buffer.from(text, 'latin1');
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length;) {
        const n = 1 + Math.floor(rand() * 12);
        chunks.push(body.subarray(at, at + n));
        at += n;
      }
      const expected = run((cb) => new StreamSearch(needle, cb), chunks);
      expect(run((cb) => new BoundarySearch(needle, cb), chunks)).toBe(expected);
    }
  });

  it('finds boundaries in large chunks and carries a boundary cut across chunks', () => {
    const needle = Buffer.from('\r\n--boundary');
    const body = Buffer.concat([Buffer.alloc(100_000, 'x'), needle, Buffer.alloc(50_000, 'y'), needle, Buffer.from('--')]);
    for (const cut of [1, 3, 99_999, 100_005, 100_011, 150_013]) {
      const out = run((cb) => new BoundarySearch(needle, cb), [body.subarray(0, cut), body.subarray(cut)]);
      expect(out).toBe(`${'x'.repeat(100_000)}|${'y'.repeat(50_000)}|--`);
    }
  });

  it('takes over the search of a busboy multipart parser (fails when a busboy upgrade moves it)', () => {
    const parser = busboy({ headers: { 'content-type': 'multipart/form-data; boundary=xyz' } });
    expect(useNativeBoundarySearch(parser)).toBe(true);
    expect((parser as unknown as { _bparser: unknown })._bparser).toBeInstanceOf(BoundarySearch);
  });
});
