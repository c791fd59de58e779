#!/usr/bin/env node
// Issue 30 figure, one run: a card laid out as a DJI drone writes it — 40 clips (MP4 + SRT + LRF,
// no JPG of their name) and 20 photos with their own numbers (JPG with DJI EXIF/XMP) — uploaded as
// the wizard sends it (the .LRF proxies stay home, small files first, multipart batches of 20).
// Figures: how many of the 60 sets are complete after the upload (aim 60 of 60: every clip gets its
// still from its video, every photo is a set), and the time from the last byte to every still taken.
//
//   npm run build && npm run bench -- dji-card [-- --clips 40 --photos 20 --seconds 4]
//
// The baseline, measured first in the same run on the same server: one clip's still alone (its
// upload's last byte to its set complete). The ratio printed is the whole card's wait after its
// last byte over that one still: what a user waits at step 3 beyond one clip's still.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ExifTool } from 'exiftool-vendored';
import { benchAccount, numberArg, root, startProcessingApi, table } from './lib.mjs';

const CLIPS = numberArg('clips', 40);
const PHOTOS = numberArg('photos', 20);
const SECONDS = numberArg('seconds', 4);
const BATCH = 20;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-card-'));
const { resolveMediaTools } = await import(path.join(root, 'api/dist/adapters/media-tools/media-tools.js'));
const ffmpeg = resolveMediaTools().ffmpeg?.path ?? 'ffmpeg';

// A clip that starts as a take-off does (dark ground), then a sharp moving pattern, 1280x720.
const clipPath = path.join(dir, 'clip.mp4');
execFileSync(ffmpeg, [
  ...['-hide_banner', '-loglevel', 'error', '-y'],
  ...['-f', 'lavfi', '-i', `color=c=0x101010:s=1280x720:r=30:d=0.6`],
  ...['-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=30:d=${SECONDS - 0.6}`],
  ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clipPath],
]);
// A 4000x3000 photo with the EXIF and DJI XMP a Mavic writes.
const photoPath = path.join(dir, 'photo.jpg');
execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=4000x3000', '-frames:v', '1', '-f', 'image2', photoPath]);
const et = new ExifTool({ maxProcs: 1 });
await et.write(
  photoPath,
  {
    Make: 'DJI',
    Model: 'FC3582',
    GPSLatitude: 41.3809,
    GPSLatitudeRef: 'N',
    GPSLongitude: 2.1896,
    GPSLongitudeRef: 'E',
    DateTimeOriginal: '2024:05:01 17:42:10',
    'XMP-drone-dji:RelativeAltitude': '+80.20',
    'XMP-drone-dji:GimbalPitchDegree': '-45.0',
    'XMP-drone-dji:GimbalYawDegree': '+90.0',
    'XMP-drone-dji:FlightYawDegree': '+88.0',
  },
  { writeArgs: ['-overwrite_original'] },
);
await et.end();
const srtDir = path.join(root, 'api/test/fixtures/srt');
const srts = fs
  .readdirSync(srtDir)
  .filter((f) => /\.srt$/i.test(f))
  .sort()
  .map((f) => path.join(srtDir, f));
const clip = fs.readFileSync(clipPath);
const photo = fs.readFileSync(photoPath);

/** The card: clips on even numbers (MP4, SRT, LRF), photos on odd numbers between them. */
const card = [];
for (let i = 0; i < CLIPS; i++) {
  const base = `DJI_${String(2 + 2 * i).padStart(4, '0')}`;
  card.push({ name: `${base}.MP4`, data: clip }, { name: `${base}.SRT`, data: fs.readFileSync(srts[i % srts.length]) }, { name: `${base}.LRF`, data: clip });
}
for (let i = 0; i < PHOTOS; i++) card.push({ name: `DJI_${String(1 + 2 * i).padStart(4, '0')}.JPG`, data: photo });
// The wizard's plan (web card-files.ts): the .LRF proxies stay home, small files before videos.
const sent = card.filter((f) => !f.name.endsWith('.LRF')).sort((a, b) => Number(a.name.endsWith('.MP4')) - Number(b.name.endsWith('.MP4')));

const { api, db } = await startProcessingApi(dir, 0, { RUN_WORKER: 'false' });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const { auth, newProject } = await benchAccount(api.url);
  const upload = async (projectId, files) => {
    for (let i = 0; i < files.length; i += BATCH) {
      const form = new FormData();
      for (const f of files.slice(i, i + BATCH)) form.append('files', new Blob([f.data]), f.name);
      const res = await fetch(`${api.url}/api/upload/${projectId}`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
    }
    return performance.now();
  };
  /** Polls the project (which takes no still itself) until every set is complete; the time and the sets. */
  const waitComplete = async (projectId, expected) => {
    for (;;) {
      const p = await fetch(`${api.url}/api/projects/${projectId}`, { headers: auth }).then((r) => r.json());
      const sets = p.FileSets ?? [];
      if (sets.length === expected && sets.every((s) => s.status === 'complete' || s.stillProblem)) return { at: performance.now(), sets };
      await sleep(50);
    }
  };

  // Baseline: one clip alone (MP4 + SRT), its last byte to its still.
  const one = await newProject('one clip');
  const oneLast = await upload(
    one,
    sent.filter((f) => f.name.startsWith('DJI_0002.')),
  );
  const oneDone = await waitComplete(one, 1);
  const single = (oneDone.at - oneLast) / 1000;

  const whole = await newProject('DJI card');
  const t0 = performance.now();
  const last = await upload(whole, sent);
  const done = await waitComplete(whole, CLIPS + PHOTOS);
  const wait = (done.at - last) / 1000;
  const complete = done.sets.filter((s) => s.status === 'complete');
  const stills = done.sets.filter((s) => s.stillFromVideo).length;
  const photos = done.sets.filter((s) => s.shape === 'photo').length;

  console.log(
    `card: ${CLIPS} clips (MP4 + SRT + LRF, no JPG) + ${PHOTOS} photos = ${card.length} files, ${sent.length} sent (${CLIPS} .LRF proxies stay home), ${(sent.reduce((n, f) => n + f.data.length, 0) / 1e6).toFixed(1)} MB; upload ${((last - t0) / 1000).toFixed(2)} s`,
  );
  table([
    {
      what: 'one clip alone (baseline)',
      'last byte -> every still (s)': single.toFixed(2),
      'sets complete': `${oneDone.sets.filter((s) => s.status === 'complete').length} of 1`,
    },
    {
      what: `the card (${CLIPS + PHOTOS} sets)`,
      'last byte -> every still (s)': wait.toFixed(2),
      'sets complete': `${complete.length} of ${CLIPS + PHOTOS} (${stills} stills from clips, ${photos} photos)`,
    },
  ]);
  console.log(`sets complete after upload: ${complete.length} of ${CLIPS + PHOTOS} (aim: ${CLIPS + PHOTOS} of ${CLIPS + PHOTOS})`);
  console.log(`card's wait after its last byte / one still alone: ${(wait / single).toFixed(2)}`);
} finally {
  await api.stop();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
