#!/usr/bin/env node
// Offline processing pipeline throughput: file sets per second with 1 and with 2 concurrent
// pipelines (what WORKER_CONCURRENCY=1 / 2 gives one worker, or two workers of concurrency 1), and
// the speed-up of 2 over 1 measured in the same run.
//
//   node_modules/.bin/tsc -b ledger api && node_modules/.bin/node bench/processing.mjs [--sets N]
//
// `--compare-ffmpeg` (npm run bench -- processing -- --compare-ffmpeg) instead runs the pipeline on a
// 4K HEVC Main 10 clip (as DJI drones record) with the ffprobe/ffmpeg the npm packages ship and with
// the PATH's (Debian's), alternating, and prints npm time / PATH time.
//
// Each set is a real 1080p 5 s H.264 clip and a 4000x2250 JPG made with ffmpeg, with a real fixture
// SRT (the 15 fixtures in turn): probe, telemetry, geocode, 3 frames + JPG analysed with sharp,
// offline metadata. Saving is excluded (a database upsert, measured by the e2e tests, not here).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, table } from './lib.mjs';

const arg = process.argv.indexOf('--sets');
const SETS = arg > 0 ? Number(process.argv[arg + 1]) : 12;
const { runPipeline } = await import(path.join(root, 'api/dist/features/processing/pipeline/run-pipeline.js'));
const { OfflineMetadataProvider } = await import(path.join(root, 'api/dist/analysis/metadata/index.js'));
const { warmPlaceIndex } = await import(path.join(root, 'api/dist/analysis/index.js'));

const { resolveMediaTools, useMediaTools } = await import(path.join(root, 'api/dist/adapters/media-tools/media-tools.js'));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-proc-'));
const video = path.join(tmp, 'clip.mp4');
const jpg = path.join(tmp, 'still.jpg');
const ff = (args) => execFileSync(resolveMediaTools().ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
ff(['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=5', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', video]);
ff(['-f', 'lavfi', '-i', 'testsrc2=s=4000x2250', '-frames:v', '1', jpg]);
const srtDir = path.join(root, 'api/test/fixtures/srt');
const srts = readdirSync(srtDir)
  .filter((f) => /\.srt$/i.test(f))
  .sort();
const provider = new OfflineMetadataProvider();
if (process.argv.includes('--compare-ffmpeg')) {
  await compareFfmpeg();
  process.exit(0);
}
const input = (i) => ({
  videoPath: video,
  jpgPath: jpg,
  srtPath: path.join(srtDir, srts[i % srts.length]),
  baseName: `DJI_${i}`,
  ordinal: i + 1,
  cameraType: 'dji-mavic-3-pro-series',
});

async function run(concurrency) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < SETS) await runPipeline(input(next++), provider, async () => undefined);
    }),
  );
  return (performance.now() - t0) / 1000;
}

warmPlaceIndex();
await run(1).catch((e) => (console.error(e), process.exit(1))); // warm-up: JIT, sharp, geocoder, page cache
const one = await run(1);
const two = await run(2);
rmSync(tmp, { recursive: true, force: true });

console.log(`Offline pipeline - node ${process.version}, ${os.cpus().length} CPUs, ${SETS} sets per measurement (1080p 5 s MP4 + 4000x2250 JPG + fixture SRT)`);
table([
  {
    pipelines: 1,
    seconds: one.toFixed(2),
    'sets/s': (SETS / one).toFixed(2),
    'ms/set': ((one * 1000) / SETS).toFixed(0),
    'sets/s per pipeline': (SETS / one).toFixed(2),
  },
  {
    pipelines: 2,
    seconds: two.toFixed(2),
    'sets/s': (SETS / two).toFixed(2),
    'ms/set': ((two * 1000) / SETS).toFixed(0),
    'sets/s per pipeline': (SETS / two / 2).toFixed(2),
  },
]);
console.log(`Speed-up of 2 over 1: ${(one / two).toFixed(2)}x`);

/** The same pipeline with the npm-shipped tools and with the PATH's, alternating rounds, medians compared. */
async function compareFfmpeg() {
  const npmTools = resolveMediaTools({ searchPath: '' });
  const pathTools = resolveMediaTools();
  if (npmTools.problem) throw new Error(npmTools.problem);
  if (pathTools.problem || pathTools.ffmpeg.source !== 'path') throw new Error('no ffmpeg/ffprobe on the PATH to compare with');
  const clip = path.join(tmp, 'hevc10-4k.mp4');
  const still = path.join(tmp, 'still.jpg');
  const ff = (args) => execFileSync(pathTools.ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  // 2 s of 3840x2160 30 fps HEVC Main 10 with 1 s GOPs, as a DJI clip is cut.
  ff([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=3840x2160:r=30:d=2',
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'keyint=30:log-level=error',
    '-pix_fmt',
    'yuv420p10le',
    '-tag:v',
    'hvc1',
    clip,
  ]);
  ff(['-f', 'lavfi', '-i', 'testsrc2=s=4000x2250', '-frames:v', '1', still]);
  const srt = path.join(srtDir, srts[0]);
  const sets = Math.max(1, Math.min(SETS, 6));
  const once = async (tools) => {
    useMediaTools(tools);
    const t0 = performance.now();
    for (let i = 0; i < sets; i++)
      await runPipeline(
        { videoPath: clip, jpgPath: still, srtPath: srt, baseName: `DJI_${i}`, ordinal: i + 1, cameraType: 'dji-mavic-3-pro-series' },
        provider,
        async () => undefined,
      );
    return (performance.now() - t0) / 1000;
  };
  warmPlaceIndex();
  await once(npmTools); // warm-up
  await once(pathTools);
  const times = { npm: [], path: [] };
  for (let round = 0; round < 3; round++) {
    times.npm.push(await once(npmTools));
    times.path.push(await once(pathTools));
  }
  rmSync(tmp, { recursive: true, force: true });
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(`Pipeline on a 4K HEVC Main 10 clip (2 s) - node ${process.version}, ${os.cpus().length} CPUs, ${sets} sets per round, 3 rounds alternating`);
  table(
    [
      ['npm', npmTools],
      ['PATH', pathTools],
    ].map(([name, t]) => ({
      tools: name,
      ffmpeg: t.ffmpeg.version,
      ffprobe: t.ffprobe.version,
      'median s': median(times[name === 'npm' ? 'npm' : 'path']).toFixed(2),
      'ms/set': ((median(times[name === 'npm' ? 'npm' : 'path']) * 1000) / sets).toFixed(0),
    })),
  );
  console.log(`npm tools / PATH tools time: ${(median(times.npm) / median(times.path)).toFixed(2)}x`);
}
