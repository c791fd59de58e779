/**
 * Media tool resolution on a machine without Debian's ffmpeg (the PATH given here has none), with a
 * corrupt or truncated binary, and with none at all; and the npm-shipped binaries reading a 4K HEVC
 * 10-bit clip (as DJI drones record) and an H.264 one, probed and framed through the product's code;
 * a still's candidate frames, measured by several ffmpeg runs at once, from a whole clip and a cut one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeTool, resolveMediaTools, useMediaTools } from './media-tools.js';
import { probeVideo } from './probe.js';
import { extractFrames } from './frames.js';
import { measureCandidates, STILL_CANDIDATE_POSITIONS } from './still-frames.js';

let tmp: string;
/** A PATH with the usual tools but no ffmpeg/ffprobe (a fresh machine). */
let bareBin: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-media-tools-'));
  bareBin = path.join(tmp, 'bin');
  fs.mkdirSync(bareBin);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('with no ffmpeg on the PATH, uses the binaries the npm packages ship', () => {
  const tools = resolveMediaTools({ searchPath: bareBin });
  expect(tools.problem).toBeNull();
  expect(tools.ffprobe).toMatchObject({ source: 'npm', path: expect.stringContaining('@ffprobe-installer') });
  expect(tools.ffmpeg).toMatchObject({ source: 'npm', path: expect.stringContaining('@ffmpeg-installer') });
  expect(describeTool('ffmpeg', tools.ffmpeg)).toMatch(/^ffmpeg \S+ \(npm: /);
});

it('a truncated ffmpeg named by FFMPEG_PATH is a problem that names it; a missing one too', () => {
  const shipped = resolveMediaTools({ searchPath: bareBin }).ffmpeg!.path;
  const truncated = path.join(tmp, 'ffmpeg-truncated');
  const fd = fs.openSync(shipped, 'r');
  const head = Buffer.alloc(64 * 1024);
  fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  fs.writeFileSync(truncated, head, { mode: 0o755 });
  const broken = resolveMediaTools({ searchPath: bareBin, ffmpegPath: truncated });
  expect(broken.ffmpeg).toBeNull();
  expect(broken.ffprobe).not.toBeNull();
  expect(broken.problem).toContain(`FFMPEG_PATH: ${truncated}`);

  const missing = resolveMediaTools({ searchPath: bareBin, ffprobePath: path.join(tmp, 'nope') });
  expect(missing.problem).toBe(`Media tools unavailable: FFPROBE_PATH: ${path.join(tmp, 'nope')} does not exist`);

  const notFfmpeg = path.join(tmp, 'not-ffmpeg');
  fs.writeFileSync(notFfmpeg, '#!/bin/sh\necho hello\n', { mode: 0o755 });
  expect(resolveMediaTools({ searchPath: bareBin, ffmpegPath: notFfmpeg }).problem).toContain('is not ffmpeg');
});

it('a corrupt ffmpeg on the PATH is reported and the npm one used instead', () => {
  const bad = path.join(tmp, 'badbin');
  fs.mkdirSync(bad, { recursive: true });
  fs.writeFileSync(path.join(bad, 'ffmpeg'), Buffer.from('\x7fELF garbage'), { mode: 0o755 });
  const tools = resolveMediaTools({ searchPath: bad });
  expect(tools.ffmpeg?.source).toBe('npm');
  expect(tools.warnings.join('\n')).toContain(`${path.join(bad, 'ffmpeg')}`);
  expect(tools.problem).toBeNull();
});

describe('the npm binaries read DJI-like clips', () => {
  const npm = () => resolveMediaTools({ searchPath: bareBin });
  beforeAll(() => {
    useMediaTools(npm());
  });

  /** Encoded with the npm ffmpeg itself (it has libx265 and libx264): a few frames, 3840x2160. */
  function clip(name: string, codec: string[]): string {
    const out = path.join(tmp, name);
    const src = ['-f', 'lavfi', '-i', 'testsrc2=s=3840x2160:r=30:d=0.2'];
    execFileSync(npm().ffmpeg!.path, ['-hide_banner', '-loglevel', 'error', '-y', ...src, ...codec, out]);
    return out;
  }

  it('HEVC Main 10 (yuv420p10le) 4K: probed and three frames extracted', async () => {
    const file = clip('hevc10.mp4', [
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p10le',
      '-tag:v',
      'hvc1',
    ]);
    const probe = await probeVideo(file);
    expect(probe).toMatchObject({ codec: 'hevc', width: 3840, height: 2160 });
    const { dir, frames } = await extractFrames(file, probe.duration);
    try {
      expect(frames.length).toBeGreaterThan(0);
      for (const f of frames) expect(fs.statSync(f).size).toBeGreaterThan(1000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("a still's candidates: every position measured, in order; a clip cut short keeps those that decode", async () => {
    const file = path.join(tmp, 'candidates.mp4');
    const src = ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=4'];
    const codec = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
    execFileSync(npm().ffmpeg!.path, ['-hide_banner', '-loglevel', 'error', '-y', ...src, ...codec, file]);
    const { duration } = await probeVideo(file);
    const all = await measureCandidates(file, duration!);
    expect(all.map((m) => m.position)).toEqual([...STILL_CANDIDATE_POSITIONS]);
    for (const [i, m] of all.entries()) {
      expect(m.at).toBeCloseTo(duration! * STILL_CANDIDATE_POSITIONS[i]!, 3);
      expect(m.sharpness).toBeGreaterThan(0);
    }
    // The index is at the front, the last 40 % of the pictures are gone: the positions in the part
    // that is left are measured, the run that held a lost one is retried position by position.
    const cut = path.join(tmp, 'candidates-cut.mp4');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const some = (await measureCandidates(cut, duration!)).map((m) => m.position);
    expect(some.length).toBeGreaterThanOrEqual(4);
    expect(some.length).toBeLessThan(STILL_CANDIDATE_POSITIONS.length);
    expect(some).toEqual(STILL_CANDIDATE_POSITIONS.slice(0, some.length));
  }, 120_000);

  it('H.264 4K: probed and framed', async () => {
    const file = clip('h264.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
    const probe = await probeVideo(file);
    expect(probe).toMatchObject({ codec: 'h264', width: 3840, height: 2160 });
    const { dir, frames } = await extractFrames(file, probe.duration);
    try {
      expect(frames.length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
