/**
 * Media tool resolution on a machine without Debian's ffmpeg (the PATH given here has none), with a
 * corrupt or truncated binary, and with none at all; and the npm-shipped binaries reading a 4K HEVC
 * 10-bit clip (as DJI drones record) and an H.264 one, probed and framed through the product's code;
 * a still's candidate frames, measured by several ffmpeg runs at once, from a whole clip and a cut one;
 * frames reached as keyframes, and at their moment where two would repeat one keyframe.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeTool, resolveMediaTools, useMediaTools } from './media-tools.js';
import { probeVideo } from './probe.js';
import { extractFrames } from './frames.js';
import { extractStill, measureCandidates, STILL_CANDIDATE_POSITIONS } from './still-frames.js';

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

  /** A 640x360 clip of `seconds` at 30 fps with a keyframe every `gop` pictures and no others. */
  function gopClip(name: string, seconds: number, gop: number): string {
    const file = path.join(tmp, name);
    const src = ['-f', 'lavfi', '-i', `testsrc2=s=640x360:r=30:d=${seconds}`];
    const codec = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-pix_fmt', 'yuv420p'];
    execFileSync(npm().ffmpeg!.path, ['-hide_banner', '-loglevel', 'error', '-y', ...src, ...codec, file]);
    return file;
  }
  /** The picture at exactly `at` seconds, as ffmpeg writes it to `out` after `outputArgs`. */
  function exactly(file: string, at: number, outputArgs: string[], out: string): Buffer {
    execFileSync(npm().ffmpeg!.path, ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1', ...outputArgs, out]);
    return fs.readFileSync(out);
  }

  it('the frames, the candidates and the still are the keyframe before each moment, the very picture', async () => {
    const file = gopClip('gop-1s.mp4', 6, 30); // keyframes at 0, 1, ... 5 s
    const { dir, frames } = await extractFrames(file, 6, { maxWidth: 320 });
    try {
      // 20 %, 50 %, 80 % of 6 s: 1.2, 3.0 and 4.8 s, on the keyframes at 1, 3 and 4 s.
      const scaled = ['-vf', "scale='min(320,iw)':-2"];
      expect(frames.map((f) => fs.readFileSync(f))).toEqual([1, 3, 4].map((k) => exactly(file, k, scaled, path.join(tmp, `k${k}.png`))));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Candidates at 0.48, 1.2, 1.92, 2.64, 3.36, 4.08, 4.8 and 5.52 s: 1.92 and 4.8 s would repeat the
    // keyframes at 1 and 4 s, so they are read at their moments.
    const candidates = await measureCandidates(file, 6);
    expect(candidates.map((c) => c.seek)).toEqual(['keyframe', 'keyframe', 'exact', 'keyframe', 'keyframe', 'keyframe', 'exact', 'keyframe']);
    // The still of the candidate at 44 % (2.64 s) is the keyframe at 2 s, at full size.
    const still = path.join(tmp, 'still-kf.jpg');
    await extractStill(file, candidates[3]!.at, candidates[3]!.seek, still);
    const jpeg = ['-q:v', '2', '-pix_fmt', 'yuvj420p'];
    expect(fs.readFileSync(still)).toEqual(exactly(file, 2, jpeg, path.join(tmp, 'k2.jpg')));
  }, 120_000);

  it('moments on one keyframe (a long group of pictures): each later one is read at its moment, so no frame repeats', async () => {
    const file = gopClip('gop-long.mp4', 4, 300); // one keyframe, at 0 s
    const { dir, frames } = await extractFrames(file, 4, { maxWidth: 320 });
    try {
      const bytes = frames.map((f) => fs.readFileSync(f).toString('base64'));
      expect(bytes).toHaveLength(3);
      expect(new Set(bytes).size).toBe(3);
      // 50 % of 4 s is read at 2 s exactly.
      expect(Buffer.from(bytes[1]!, 'base64')).toEqual(exactly(file, 2, ['-vf', "scale='min(320,iw)':-2"], path.join(tmp, 'at2.png')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const candidates = await measureCandidates(file, 4);
    expect(candidates.map((c) => c.seek)).toEqual(['keyframe', ...Array(7).fill('exact')]);
    const last = candidates[7]!;
    const still = path.join(tmp, 'still-exact.jpg');
    await extractStill(file, last.at, last.seek, still);
    expect(fs.readFileSync(still)).toEqual(exactly(file, last.at, ['-q:v', '2', '-pix_fmt', 'yuvj420p'], path.join(tmp, 'exact.jpg')));
  }, 120_000);

  it('a file that is not what its name says (MPEG-TS named .mp4): read again with the stream probe', async () => {
    const file = path.join(tmp, 'transport-stream.mp4');
    const src = ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=4'];
    execFileSync(npm().ffmpeg!.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...src,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '30',
      '-f',
      'mpegts',
      file,
    ]);
    // Without the retry no frame decodes. (A transport stream's seek lands past its last keyframe
    // near the end, exact or not: the positions there are skipped, as they always were.)
    const { dir, frames } = await extractFrames(file, 4, { maxWidth: 320 });
    try {
      expect(frames.length).toBeGreaterThanOrEqual(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const candidates = await measureCandidates(file, 4);
    expect(candidates.length).toBeGreaterThanOrEqual(4);
    const still = path.join(tmp, 'still-ts.jpg');
    await extractStill(file, candidates[4]!.at, candidates[4]!.seek, still);
    expect(fs.statSync(still).size).toBeGreaterThan(1000);
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
