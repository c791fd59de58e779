/**
 * A card laid out as a DJI drone writes it (issue 30): for a clip DJI_0102.MP4 + DJI_0102.SRT (a
 * real fixture) + DJI_0102.LRF (its proxy), no JPG of that name; a photo taken on the same flight
 * gets its own number (DJI_0101.JPG, with EXIF GPS and DJI XMP written by exiftool-vendored, as the
 * drone writes them), maybe a DJI_0101.DNG beside it. Clips start with a dark take-off second.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ExifTool } from 'exiftool-vendored';
import { resolveMediaTools } from '../../src/adapters/media-tools/media-tools.js';
import { fixtureSrtPath, makeTestJpg } from './media-fixtures.js';

const run = promisify(execFile);

export interface DjiPhotoTags {
  lat: number;
  lon: number;
  /** Metres above the take-off point. */
  relAlt: number;
  gimbalPitch: number;
  gimbalYaw: number;
  /** "2024:05:01 17:42:10", local. */
  time: string;
}

/** Barcelona's waterfront, 80 m up, camera 45 degrees down looking east, late afternoon. */
export const BARCELONA_PHOTO: DjiPhotoTags = { lat: 41.3809, lon: 2.1896, relAlt: 80.2, gimbalPitch: -45, gimbalYaw: 90, time: '2024:05:01 17:42:10' };

const ffmpeg = () => {
  const tools = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH || undefined, ffprobePath: process.env.FFPROBE_PATH || undefined });
  if (!tools.ffmpeg) throw new Error(`no ffmpeg: ${tools.problem}`);
  return tools.ffmpeg.path;
};

/**
 * A clip that begins as a take-off does (`darkSeconds` of near-black ground in shadow), then a
 * sharp moving pattern: the still must come from the pattern, not the first frame.
 */
export async function makeTakeoffClip(out: string, opts: { seconds?: number; darkSeconds?: number; width?: number; height?: number } = {}): Promise<string> {
  const { seconds = 3, darkSeconds = 0.6, width = 320, height = 180 } = opts;
  const size = `s=${width}x${height}:r=25`;
  await run(ffmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x101010:${size}:d=${darkSeconds}`,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=${size}:d=${seconds - darkSeconds}`,
    '-filter_complex',
    '[0:v][1:v]concat=n=2:v=1:a=0[v]',
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

/** Writes EXIF GPS/time and DJI's XMP (drone-dji) into a copy of a real JPEG at `out`. */
export async function makeDjiPhoto(out: string, tags: DjiPhotoTags = BARCELONA_PHOTO, et?: ExifTool): Promise<string> {
  await fs.copyFile(await makeTestJpg({ source: 'testsrc2' }), out);
  const tool = et ?? new ExifTool({ maxProcs: 1 });
  try {
    await tool.write(
      out,
      {
        Make: 'DJI',
        Model: 'FC3582',
        GPSLatitude: Math.abs(tags.lat),
        GPSLatitudeRef: tags.lat >= 0 ? 'N' : 'S',
        GPSLongitude: Math.abs(tags.lon),
        GPSLongitudeRef: tags.lon >= 0 ? 'E' : 'W',
        DateTimeOriginal: tags.time,
        'XMP-drone-dji:RelativeAltitude': `+${tags.relAlt.toFixed(2)}`,
        'XMP-drone-dji:GimbalPitchDegree': tags.gimbalPitch.toFixed(1),
        'XMP-drone-dji:GimbalYawDegree': tags.gimbalYaw.toFixed(1),
        'XMP-drone-dji:FlightYawDegree': tags.gimbalYaw.toFixed(1),
      } as never,
      { writeArgs: ['-overwrite_original'] },
    );
  } finally {
    if (!et) await tool.end();
  }
  return out;
}

/** A minimal little-endian TIFF header: enough for a .DNG to pass the upload's content check. */
export async function makeFakeDng(out: string): Promise<string> {
  await fs.writeFile(out, Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), Buffer.alloc(256)]));
  return out;
}

export interface DjiCard {
  dir: string;
  /** Every file's path, clips first. */
  files: string[];
  clips: string[];
  photos: string[];
}

/**
 * `clips` clips (MP4 + SRT + LRF, no JPG) numbered from 2 upward in steps of 2, and `photos`
 * photos (JPG with EXIF/XMP) on the odd numbers between them, as a flight alternates them.
 */
export async function makeDjiCard(dir: string, opts: { clips: number; photos: number; srtFixture?: string }): Promise<DjiCard> {
  await fs.mkdir(dir, { recursive: true });
  const clipSource = await makeTakeoffClip(path.join(dir, '.clip-source.mp4'));
  const files: string[] = [];
  const clips: string[] = [];
  const photos: string[] = [];
  const num = (n: number) => `DJI_${String(n).padStart(4, '0')}`;
  for (let i = 0; i < opts.clips; i++) {
    const base = num(2 + 2 * i);
    clips.push(base);
    for (const [ext, from] of [
      ['MP4', clipSource],
      ['SRT', fixtureSrtPath(opts.srtFixture ?? 'JuanIrache__DJI_SRT_Parser__air2s.srt')],
      ['LRF', clipSource],
    ] as const) {
      const to = path.join(dir, `${base}.${ext}`);
      await fs.copyFile(from, to);
      files.push(to);
    }
  }
  const et = new ExifTool({ maxProcs: 1 });
  try {
    const photoSource = await makeDjiPhoto(path.join(dir, '.photo-source.jpg'), BARCELONA_PHOTO, et);
    for (let i = 0; i < opts.photos; i++) {
      const base = num(1 + 2 * i);
      photos.push(base);
      const to = path.join(dir, `${base}.JPG`);
      await fs.copyFile(photoSource, to);
      files.push(to);
    }
  } finally {
    await et.end();
  }
  await fs.rm(path.join(dir, '.clip-source.mp4'), { force: true });
  await fs.rm(path.join(dir, '.photo-source.jpg'), { force: true });
  return { dir, files, clips, photos };
}
