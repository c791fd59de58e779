/**
 * The keyframes mp4-index.ts finds for the clip relay to fetch ahead are the ones ffmpeg reads: for
 * clips the shipped ffmpeg encodes as cameras do (H.264 with and without B-frames, HEVC, an audio
 * track first, the index after the media or first), each frame moment the product asks for (the
 * still's candidates, the analysis frames, the ends), ffmpeg run with the product's own seek options
 * (frame-seek.ts) reports the byte position of the picture it decoded, and it is a found keyframe's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaToolPath, resolveMediaTools, useMediaTools } from '../media-tools/media-tools.js';
import { probeVideo } from '../media-tools/probe.js';
import { FROM_FIRST_PICTURE, seekInput } from '../media-tools/frame-seek.js';
import { FRAME_POSITIONS } from '../media-tools/frames.js';
import { STILL_CANDIDATE_POSITIONS } from '../media-tools/still-frames.js';
import { boxSize, indexStart, keyframesAt } from './mp4-index.js';

const MOMENTS = [0.01, ...STILL_CANDIDATE_POSITIONS, ...FRAME_POSITIONS, 0.999];
let tmp: string;
beforeAll(() => {
  useMediaTools(resolveMediaTools());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-mp4-index-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const CLIPS: Record<string, string[]> = {
  // As the benchmarks make them: a keyframe a second, no B-frames, the index first
  'h264-faststart': ['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30:d=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-movflags', '+faststart'],
  // As a drone writes H.264: B-frames, 29.97 fps, the index after the media; an audio track first
  'h264-bframes-audio-first': [
    ...['-f', 'lavfi', '-i', 'sine=d=10', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30000/1001:d=10'],
    ...['-map', '0:a', '-map', '1:v', '-c:v', 'libx264', '-preset', 'fast', '-bf', '3', '-g', '30', '-c:a', 'aac'],
  ],
  // HEVC with B-frames and closed groups of pictures, 25 fps
  'hevc-bframes': [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x180:r=25:d=8',
    '-c:v',
    'libx265',
    '-x265-params',
    'keyint=25:min-keyint=25:open-gop=0:bframes=3:log-level=error',
    '-tag:v',
    'hvc1',
  ],
};

it.each(Object.keys(CLIPS))(
  '%s: every frame moment reaches a keyframe the index reading found',
  async (name) => {
    const file = path.join(tmp, `${name}.mp4`);
    execFileSync(mediaToolPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...CLIPS[name]!, '-pix_fmt', 'yuv420p', file]);
    const bytes = fs.readFileSync(file);
    const at = indexStart(bytes.subarray(0, 256 * 1024), bytes.length)!;
    expect(at).not.toBeNull();
    const found = keyframesAt(bytes.subarray(at, at + boxSize(bytes, at)!.size), MOMENTS)!;
    const starts = new Set(found.map((k) => k.start));
    const { duration } = await probeVideo(file);
    const reached = MOMENTS.map((f) => {
      const args = [
        ...seekInput(file, duration! * f, 'keyframe'),
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        `${FROM_FIRST_PICTURE},showinfo`,
        '-f',
        'null',
        '-',
      ];
      const out = spawnSync(mediaToolPath('ffmpeg'), ['-hide_banner', '-nostdin', ...args], { encoding: 'utf8' });
      return Number(/ pos: *(\d+)/.exec(out.stderr)?.[1]);
    });
    for (const [i, pos] of reached.entries()) expect({ moment: MOMENTS[i], pos, found: starts.has(pos) }).toEqual({ moment: MOMENTS[i], pos, found: true });
    // No more than the moments reach: nothing fetched that no frame reads
    expect(found.length).toBe(new Set(reached).size);
  },
  60_000,
);
