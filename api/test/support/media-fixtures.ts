/**
 * Small real media files for tests, made with the ffmpeg processing uses (media-tools.ts: the PATH's,
 * else the one the `@ffmpeg-installer/ffmpeg` package ships):
 * uploads, probing and frame analysis must see real MP4/MOV/JPG bytes, not empty files with the
 * right extension. Files are cached under the OS temp dir, keyed by their options and the ffmpeg
 * that made them, and shared by every test process and run (written whole, then renamed into place).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FIXTURE_DIR } from '../../src/analysis/test-support/fixtures.js';
import { resolveMediaTools, type MediaTools } from '../../src/adapters/media-tools/media-tools.js';

const run = promisify(execFile);
const cacheDir = path.join(os.tmpdir(), 'shotlog-media-cache');

let tools: MediaTools | undefined;
/**
 * The ffmpeg that makes fixtures: resolved as the product resolves it (FFMPEG_PATH, PATH, npm), but
 * on its own, so a test server started with a broken FFMPEG_PATH still gets its fixtures made.
 */
function fixtureFfmpeg(): string {
  tools ??= resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH || undefined, ffprobePath: process.env.FFPROBE_PATH || undefined });
  if (!tools.ffmpeg) throw new Error(`Test media cannot be made: ${tools.problem}`);
  return tools.ffmpeg.path;
}

export interface VideoOptions {
  seconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Include a sine-wave audio track (Pond5 and probes report audio present). */
  audio?: boolean;
  /** An ffmpeg lavfi source; the default is a moving test pattern. e.g. `color=c=skyblue`. */
  source?: string;
  container?: 'mp4' | 'mov';
}

/** `testsrc2` + size -> `testsrc2=s=WxH`; `color=c=red` + size -> `color=c=red:s=WxH` (lavfi option syntax). */
const lavfi = (source: string, opts: string) => `${source}${source.includes('=') ? ':' : '='}${opts}`;

async function cached(key: string, ext: string, make: (out: string) => Promise<void>): Promise<string> {
  await fs.mkdir(cacheDir, { recursive: true });
  const out = path.join(cacheDir, `${createHash('sha1').update(fixtureFfmpeg()).update('\0').update(key).digest('hex').slice(0, 16)}.${ext}`);
  try {
    await fs.access(out);
    return out;
  } catch {
    const tmp = `${out}.${process.pid}.${process.hrtime.bigint()}.tmp.${ext}`;
    await make(tmp);
    await fs.rename(tmp, out);
    return out;
  }
}

/** A real H.264 video (MP4 or MOV), a few KB, decodable by ffprobe/ffmpeg and browsers. */
export function makeTestVideo(opts: VideoOptions = {}): Promise<string> {
  const o = { seconds: 2, width: 320, height: 180, fps: 25, audio: false, source: 'testsrc2', container: 'mp4' as const, ...opts };
  return cached(JSON.stringify(o), o.container, async (out) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', lavfi(o.source, `s=${o.width}x${o.height}:r=${o.fps}:d=${o.seconds}`)];
    if (o.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${o.seconds}`);
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-t', String(o.seconds));
    if (o.audio) args.push('-c:a', 'aac', '-shortest');
    args.push('-movflags', '+faststart', '-f', o.container === 'mov' ? 'mov' : 'mp4', out);
    await run(fixtureFfmpeg(), args);
  });
}

/** A real JPEG still. `source` is an ffmpeg lavfi source, e.g. `color=c=#3a7bd5` or `testsrc2`. */
export function makeTestJpg(opts: { width?: number; height?: number; source?: string } = {}): Promise<string> {
  const o = { width: 640, height: 360, source: 'testsrc2', ...opts };
  return cached(JSON.stringify(o), 'jpg', async (out) => {
    await run(fixtureFfmpeg(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      lavfi(o.source, `s=${o.width}x${o.height}`),
      '-frames:v',
      '1',
      '-f',
      'image2',
      out,
    ]);
  });
}

/** Path of one of the real DJI telemetry files in api/test/fixtures/srt (see its SOURCES.md). */
export function fixtureSrtPath(name: string): string {
  return path.join(FIXTURE_DIR, name);
}

/**
 * A complete file set on disk as DJI writes it (`DJI_0001.MP4`, `.JPG`, `.SRT`), copied into a
 * fresh folder: the base name and the SRT fixture are the caller's choice.
 */
export async function makeTestFileSet(
  dir: string,
  baseName: string,
  opts: { srtFixture?: string; video?: VideoOptions; jpg?: Parameters<typeof makeTestJpg>[0]; omit?: Array<'video' | 'jpg' | 'srt'> } = {},
): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const omit = new Set(opts.omit ?? []);
  const written: string[] = [];
  const copy = async (from: string, name: string) => {
    const to = path.join(dir, name);
    await fs.copyFile(from, to);
    written.push(to);
  };
  const container = opts.video?.container ?? 'mp4';
  if (!omit.has('video')) await copy(await makeTestVideo(opts.video), `${baseName}.${container.toUpperCase()}`);
  if (!omit.has('jpg')) await copy(await makeTestJpg(opts.jpg), `${baseName}.JPG`);
  if (!omit.has('srt')) await copy(fixtureSrtPath(opts.srtFixture ?? 'JuanIrache__DJI_SRT_Parser__air2s.srt'), `${baseName}.SRT`);
  return written;
}
