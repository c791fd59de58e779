/**
 * The streamed parse (SrtStreamParser, what processing runs on a worker thread) on every real
 * fixture, cut into chunks at every kind of place (inside \r\n, inside a header, one character at
 * a time). Its results are pinned to those of the whole-text parser it replaced (computed by
 * that parser before the swap: test-support/srt-parse-pins.json, a SHA-256 of the samples' JSON).
 * The Neo 2 pin was recomputed when pre-lock entries gained `preLock: true` (issue 21); without that
 * field its samples hash to the old pin, ee726be1...
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseDjiSrt, SrtStreamParser } from './parse.js';
import { fixtureNames, readFixture } from '../test-support/fixtures.js';

type Pin = { samples: number; format: string; warnings: string[]; coordinateDecimals: number | null; sha256: string };
const PINS = JSON.parse(readFileSync(new URL('../test-support/srt-parse-pins.json', import.meta.url), 'utf8')) as Record<string, Pin>;

function streamed(text: string, chunk: number, maxSamples?: number) {
  const p = new SrtStreamParser({ maxSamples });
  for (let i = 0; i < text.length; i += chunk) p.push(text.slice(i, i + chunk));
  return p.end();
}

describe('SrtStreamParser', () => {
  it('every fixture is pinned', () => {
    expect(Object.keys(PINS).sort()).toEqual(fixtureNames());
  });

  it.each(fixtureNames())('%s: the pinned result, and the same in chunks of any size', (name) => {
    const text = readFixture(name);
    const whole = parseDjiSrt(text);
    const pin = PINS[name]!;
    expect({ samples: whole.samples.length, format: whole.format, warnings: whole.warnings, coordinateDecimals: whole.coordinateDecimals }).toEqual({
      samples: pin.samples,
      format: pin.format,
      warnings: pin.warnings,
      coordinateDecimals: pin.coordinateDecimals,
    });
    expect(createHash('sha256').update(JSON.stringify(whole.samples)).digest('hex')).toBe(pin.sha256);
    for (const chunk of [1, 2, 3, 7, 64, 4096, text.length]) {
      expect({ ...streamed(text, chunk), entryCount: undefined }).toEqual({ ...whole, entryCount: undefined });
    }
    expect(streamed(text, 1000).entryCount).toBe(whole.samples.length);
  });

  it('line endings: \\r\\n split across chunks, lone \\r, no final line break', () => {
    const crlf =
      '1\r\n00:00:00,000 --> 00:00:01,000\r\n[latitude: 1.5] [longitude: 2.5]\r\n\r\n2\r\n00:00:01,000 --> 00:00:02,000\r\n[latitude: 1.6] [longitude: 2.6]';
    for (const text of [crlf, crlf.replace(/\r\n/g, '\r'), crlf.replace(/\r\n/g, '\n'), `\ufeff${crlf}\r\n`]) {
      expect({ ...streamed(text, 1), entryCount: undefined }).toEqual({ ...parseDjiSrt(text), entryCount: undefined });
      expect(streamed(text, 1).samples.map((s) => [s.index, s.lat])).toEqual([
        [1, 1.5],
        [2, 1.6],
      ]);
    }
  });

  it('any text of SRT-like pieces, cut anywhere: the same result as the whole-text parse', () => {
    const piece = fc.constantFrom(
      '1',
      '12',
      '\n',
      '\r',
      '\r\n',
      ' ',
      '00:00:01,000 --> 00:00:02,000',
      '-->',
      '[latitude: 1.5]',
      '[longitude: 2.5]',
      'GPS(2.5,1.5,9)',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 9 }), (pieces, chunk) => {
        const text = pieces.join('');
        expect({ ...streamed(text, chunk), entryCount: undefined }).toEqual({ ...parseDjiSrt(text), entryCount: undefined });
      }),
      { numRuns: 500 },
    );
  });

  it('past the sample bound keeps an evenly thinned track with the first and last entry, and counts every entry', () => {
    const entries = Array.from(
      { length: 1001 },
      (_, i) => `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:01,000\n[latitude: ${10 + i / 1e4}] [longitude: 20]\n`,
    );
    const t = streamed(entries.join('\n'), 777, 100);
    expect(t.entryCount).toBe(1001);
    expect(t.samples.length).toBeLessThanOrEqual(101);
    expect(t.samples.length).toBeGreaterThanOrEqual(50);
    expect(t.samples[0]!.index).toBe(1);
    expect(t.samples.at(-1)!.index).toBe(1001);
    const gaps = new Set(
      t.samples
        .slice(0, -1)
        .map((s, i) => t.samples[i + 1]!.index - s.index)
        .slice(0, -1),
    );
    expect(gaps.size).toBe(1);
    expect(t.warnings.some((w) => w.startsWith('1001 entries: every'))).toBe(true);
  });

  it('a text without line breaks or headers keeps bounded strings and gives a warning, no samples', () => {
    const p = new SrtStreamParser();
    for (let i = 0; i < 200; i++) p.push('x'.repeat(10_000));
    const t = p.end();
    expect(t.samples).toEqual([]);
    expect(t.warnings[0]).toMatch(/no subtitle entries/);
  });
});
