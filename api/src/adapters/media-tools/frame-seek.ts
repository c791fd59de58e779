/**
 * How ffmpeg reaches one frame of a clip: the keyframe at or before a moment, or the moment itself.
 *
 * A keyframe is the best-coded picture of its group, and reaching it reads and decodes that picture
 * alone; an exact moment reads and decodes its group up to it: on average half a second of video,
 * ~1 MB and 15 decoded pictures at 1080p, ~10 MB at 4K, for each frame taken (from a bucket every
 * byte is a transfer). The frames for the analysis and the still's candidates are keyframes; where
 * two moments fall on one keyframe (a short clip, a long group of pictures) the later one is taken
 * exactly, so the frames stay as many and as spread as the positions ask.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { inputOptions } from './media-tools.js';

export type FrameSeek = 'keyframe' | 'exact';

/**
 * ffmpeg's options for one input read from `atSeconds` on: the seek, then the input itself.
 * -nofind_stream_info: otherwise ffmpeg reads and decodes the clip's first pictures before it seeks,
 * for facts an MP4's index already holds (one more keyframe read and decoded per frame taken). A
 * file that is not what its name says (an MPEG-TS named .mp4) has no such index: a read that fails
 * without the stream probe is tried again with it (`probeStream`, `readFrame`).
 * -thread_queue_size 1: an ffmpeg with several inputs (the still's candidates) reads each on a
 * thread that keeps eight packets ahead, past the one picture it needs (from a bucket, 0.5 MB more
 * of a 1080p clip per input).
 */
export function seekInput(input: string, atSeconds: number, seek: FrameSeek, opts: { probeStream?: boolean } = {}): string[] {
  const at = ['-ss', atSeconds.toFixed(3), ...(seek === 'keyframe' ? ['-noaccurate_seek'] : [])];
  return [...at, ...(opts.probeStream ? [] : ['-nofind_stream_info']), '-thread_queue_size', '1', ...inputOptions(input), '-i', input];
}

/**
 * Reads one frame into `out` by `run` (ffmpeg, given the input's options to put before its
 * outputs): without the stream probe, then, when that fails or writes nothing, with it.
 */
export async function readFrame(input: string, atSeconds: number, seek: FrameSeek, out: string, run: (inputArgs: string[]) => Promise<unknown>): Promise<void> {
  try {
    await run(seekInput(input, atSeconds, seek));
    await fs.access(out);
  } catch {
    await run(seekInput(input, atSeconds, seek, { probeStream: true }));
    await fs.access(out);
  }
}

/**
 * The first filter of a frame read after a seek. ffmpeg counts time from the asked moment, so a
 * keyframe before it has a negative time and its frame-rate step drops it (the output would be the
 * first picture at or after the moment, the whole group decoded again); counted from the first
 * picture it is kept. After an exact seek the first picture is at zero already.
 */
export const FROM_FIRST_PICTURE = 'setpts=PTS-STARTPTS';

/**
 * Indices of the files whose bytes repeat an earlier one's (null: no frame there): one keyframe
 * reached from two moments decodes and encodes to the same bytes.
 */
export async function repeatedFrames(files: ReadonlyArray<string | null>): Promise<number[]> {
  const seen = new Set<string>();
  const repeats: number[] = [];
  for (const [i, file] of files.entries()) {
    if (file === null) continue;
    const digest = createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');
    if (seen.has(digest)) repeats.push(i);
    else seen.add(digest);
  }
  return repeats;
}
