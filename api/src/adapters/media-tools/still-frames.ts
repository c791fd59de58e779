/**
 * A clip's still: small candidate frames measured for sharpness and exposure (the choice itself is
 * analysis/quality/still-choice.ts, pure), then the chosen frame extracted at full resolution as
 * a JPEG. The candidates are keyframes (frame-seek.ts says why). ffmpeg runs as a child process;
 * sharp measures on its thread pool: the event loop only waits.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FROM_FIRST_PICTURE, readFrame, repeatedFrames, seekInput, type FrameSeek } from './frame-seek.js';
import { runTool } from '../../platform/processes/tool-runner.js';
import { mediaToolPath } from './media-tools.js';

// sharp (libvips, ~28 MB resident) loads with the first measured frame: an API process that never
// chooses a still does not carry it.
const loadSharp = async () => (await import('sharp')).default;

/** One candidate frame's measures (the choice: analysis/quality/still-choice.ts). */
export interface FrameMeasure {
  /** Seconds from the start. */
  at: number;
  /** Share of the clip, 0-1. */
  position: number;
  /** How the frame was reached: the keyframe at or before `at`, or `at` itself (frame-seek.ts). */
  seek: FrameSeek;
  /** Variance of the Laplacian on luma: higher is sharper. */
  sharpness: number;
  /** Mean luma, 0-1. */
  brightness: number;
  /** Shares of pixels crushed to black / blown to white. */
  clippedDark: number;
  clippedBright: number;
}

/** Candidate positions, as shares of the clip: the whole shot, never the very first or last frame. */
export const STILL_CANDIDATE_POSITIONS = [0.08, 0.2, 0.32, 0.44, 0.56, 0.68, 0.8, 0.92] as const;
const CANDIDATE_WIDTH = 320;

async function ffmpeg(args: string[], timeoutMs: number): Promise<void> {
  await runTool(mediaToolPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { timeoutMs });
}

/** Sharpness (variance of a 4-neighbour Laplacian on luma) and exposure of one small frame. */
export async function measureFrame(file: string): Promise<Omit<FrameMeasure, 'at' | 'position' | 'seek'>> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    sum += v;
    if (v <= 8) dark++;
    else if (v >= 247) bright++;
  }
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const lap = 4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - w]! - data[i + w]!;
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  const mean = n ? lapSum / n : 0;
  const px = data.length || 1;
  return {
    sharpness: n ? lapSq / n - mean * mean : 0,
    brightness: sum / px / 255,
    clippedDark: dark / px,
    clippedBright: bright / px,
  };
}

/**
 * Measures small frames at STILL_CANDIDATE_POSITIONS of a clip of `durationSeconds`. A position
 * ffmpeg cannot decode is skipped; none at all means the video does not decode (the caller says so).
 */
export async function measureCandidates(video: string, durationSeconds: number, opts: { timeoutMs?: number } = {}): Promise<FrameMeasure[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-still-'));
  const filter = `${FROM_FIRST_PICTURE},scale='min(${CANDIDATE_WIDTH},iw)':-2`;
  const at = STILL_CANDIDATE_POSITIONS.map((p) => durationSeconds * p);
  const file = (i: number) => path.join(dir, `c${i}.png`);
  const seeks: FrameSeek[] = at.map(() => 'keyframe');
  const timeout = opts.timeoutMs ?? 60_000;
  const input = (i: number) => ['-threads', '1', ...seekInput(video, at[i]!, seeks[i]!)];
  // One position by itself: without the stream probe, then with it (frame-seek.ts).
  const alone = (i: number) =>
    readFrame(video, at[i]!, seeks[i]!, file(i), (args) => ffmpeg(['-threads', '1', ...args, '-frames:v', '1', '-vf', filter, file(i)], timeout)).catch(
      () => undefined,
    );
  const exists = (i: number) =>
    fs.access(file(i)).then(
      () => file(i),
      () => null,
    );
  try {
    // A few ffmpeg runs at once, each reading its share of the positions (one input per seek, one
    // output each) on one thread: a child process per frame cost most of a still's time, and one
    // for all eight decoded each input on several threads, one after another (a 4K clip: 1.5 s and
    // 700 MB; as two runs of four, 1.0 s and 2 x 165 MB). A position one cannot decode fails that
    // run: then each of its positions is tried alone and the ones that decode are kept.
    const runs = Math.min(at.length, Math.max(2, Math.min(4, os.availableParallelism())));
    const shares = Array.from({ length: runs }, (_, r) => at.map((_, i) => i).filter((i) => i % runs === r));
    await Promise.all(
      shares.map(async (share) => {
        try {
          const outputs = share.flatMap((i, j) => ['-map', `${j}:v:0`, '-frames:v', '1', '-vf', filter, file(i)]);
          await ffmpeg([...share.flatMap(input), ...outputs], timeout);
        } catch {
          for (const i of share) await alone(i);
        }
      }),
    );
    // Two positions on one keyframe: the later is measured at its moment, and taken there if chosen.
    const repeats = await repeatedFrames(await Promise.all(at.map((_, i) => exists(i))));
    for (const i of repeats) {
      seeks[i] = 'exact';
      await fs.rm(file(i), { force: true });
    }
    await Promise.all(repeats.map(alone));
    const out: FrameMeasure[] = [];
    for (const [i, position] of STILL_CANDIDATE_POSITIONS.entries()) {
      try {
        out.push({ at: at[i]!, position, seek: seeks[i]!, ...(await measureFrame(file(i))) });
      } catch {
        /* not decodable at this position: skip it */
      }
    }
    return out;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Writes the frame a candidate was measured at (`atSeconds` reached by `seek`) at full resolution as a high-quality JPEG to `outFile`. */
export async function extractStill(video: string, atSeconds: number, seek: FrameSeek, outFile: string, opts: { timeoutMs?: number } = {}): Promise<void> {
  const output = ['-frames:v', '1', '-vf', FROM_FIRST_PICTURE, '-q:v', '2', '-pix_fmt', 'yuvj420p', outFile];
  // As the candidate was measured (frame-seek.ts).
  await readFrame(video, atSeconds, seek, outFile, (input) => ffmpeg([...input, ...output], opts.timeoutMs ?? 120_000));
}
