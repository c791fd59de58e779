/** Still frames from a video with ffmpeg, written to a temporary folder the caller removes. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FROM_FIRST_PICTURE, readFrame, repeatedFrames, type FrameSeek } from './frame-seek.js';
import { runTool } from '../../platform/processes/tool-runner.js';
import { mediaToolPath } from './media-tools.js';

/** Frames at 20%, 50% and 80% of the clip: start, middle and end of the shot without fades. */
export const FRAME_POSITIONS = [0.2, 0.5, 0.8] as const;

/**
 * Extracts frames as PNG (scaled to at most `maxWidth` px wide) and returns their paths in time order.
 * A frame ffmpeg cannot decode is skipped; the caller decides what no frames at all means.
 */
export async function extractFrames(
  video: string,
  durationSeconds: number | null,
  opts: { maxWidth?: number; timeoutMs?: number } = {},
): Promise<{ dir: string; frames: string[] }> {
  const ffmpeg = mediaToolPath('ffmpeg'); // throws before any work when there is none
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-frames-'));
  const duration = durationSeconds && durationSeconds > 0 ? durationSeconds : 1;
  const width = opts.maxWidth ?? 512;
  // The positions are read at once, one ffmpeg each: from a bucket each mostly waits on its ranged
  // reads, and the waits overlap (3 exact frames of a 1080p clip from the bucket: 0.23 s one after
  // another, 0.09 s at once; from disk 0.15 and 0.06 s). Each decodes on a share of the cores, so
  // together they use the machine's cores, not three times them, and a 4K frame costs ~50 MB per
  // child rather than ~105 MB.
  const threads = String(Math.max(1, Math.floor(os.availableParallelism() / FRAME_POSITIONS.length)));
  const outputs = FRAME_POSITIONS.map((_, i) => path.join(dir, `frame-${i}.png`));
  // One ffmpeg: the clip from the frame's moment on, its first picture scaled (keeping the aspect
  // ratio, an even height); without the stream probe, then with it (frame-seek.ts). A frame that
  // cannot be decoded (a clip cut short) is skipped.
  const frameAt = async (i: number, seek: FrameSeek): Promise<string | null> => {
    const head = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', threads];
    const tail = ['-frames:v', '1', '-vf', `${FROM_FIRST_PICTURE},scale='min(${width},iw)':-2`, outputs[i]!];
    return readFrame(video, duration * FRAME_POSITIONS[i]!, seek, outputs[i]!, (input) =>
      runTool(ffmpeg, [...head, ...input, ...tail], { timeoutMs: opts.timeoutMs ?? 60_000 }),
    ).then(
      () => outputs[i]!,
      () => null,
    );
  };
  const decoded = await Promise.all(FRAME_POSITIONS.map((_, i) => frameAt(i, 'keyframe')));
  // Two positions on one keyframe: the later is taken at its moment (frame-seek.ts).
  await Promise.all((await repeatedFrames(decoded)).map(async (i) => (decoded[i] = await frameAt(i, 'exact'))));
  const frames = decoded.filter((f): f is string => f !== null);
  return { dir, frames };
}
