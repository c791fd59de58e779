// Issue 8 figure: the Node integrator example (examples/nightly-upload.ts) end to end on 20 file
// sets against a local compiled API with its in-process worker on Redis: wall time, and how much of
// it is project creation, upload, processing (start → subscription complete) and export, from the
// script's own SHOTLOG_TIMINGS=1 JSON lines. Sets: one ffmpeg clip (EXAMPLE_BENCH_VIDEO="WxH:seconds",
// default 1920x1080:10) and JPG copied per set, with real DJI SRT fixtures that have GPS.
// Also the script's peak RSS (streamed upload: it stays near its idle size). EXAMPLE_BENCH_ECHO=1
// shows the script's own output. Needs a build first: npx tsc -b ledger api.
// Run: node bench/example-flow.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchAccount, makeBenchMedia, root, startProcessingApi, table } from './lib.mjs';

const SETS = Number(process.env.EXAMPLE_BENCH_SETS ?? 20);
const [size, seconds] = (process.env.EXAMPLE_BENCH_VIDEO ?? '1920x1080:10').split(':');
const SRT_DIR = path.join(root, 'api/test/fixtures/srt');
const SRTS = [
  'JuanIrache__DJI_SRT_Parser__air2s.srt',
  'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT',
  'JuanIrache__DJI_SRT_Parser__mavic_air.SRT',
  'JuanIrache__DJI_SRT_Parser__MAVIC3.srt',
  'JuanIrache__DJI_SRT_Parser__mavic_pro.SRT',
  'JuanIrache__DJI_SRT_Parser__p4_rtk.SRT',
  'JuanIrache__DJI_SRT_Parser__matrice_300.srt',
  'CallMarcus__dji-drone-metadata-embedder__samples_Mini5PRO_clip.SRT',
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-example-'));
const folder = path.join(work, 'footage');
await fsp.mkdir(folder);
const { clip, still: jpg } = await makeBenchMedia(work, { size, seconds: Number(seconds) });
for (let i = 1; i <= SETS; i++) {
  const base = `DJI_${String(i).padStart(4, '0')}`;
  await fsp.copyFile(clip, path.join(folder, `${base}.MP4`));
  await fsp.copyFile(jpg, path.join(folder, `${base}.JPG`));
  await fsp.copyFile(path.join(SRT_DIR, SRTS[(i - 1) % SRTS.length]), path.join(folder, `${base}.SRT`));
}
const bytes = fs.readdirSync(folder).reduce((n, f) => n + fs.statSync(path.join(folder, f)).size, 0);

const { api, db } = await startProcessingApi(path.join(work, 'data'), 4718);

try {
  const reg = await benchAccount(api.url);
  const created = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reg.token}` },
    body: JSON.stringify({ query: 'mutation { createApiToken(input: { name: "bench", scopes: [read, write, process] }) { secret } }' }),
  }).then((r) => r.json());
  const token = created.data.createApiToken.secret;

  const started = performance.now();
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', path.join(root, 'examples/nightly-upload.ts'), folder], {
    env: { ...process.env, SHOTLOG_URL: api.url, SHOTLOG_TOKEN: token, SHOTLOG_TIMINGS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (b) => {
    out += b;
    if (process.env.EXAMPLE_BENCH_ECHO === '1') process.stderr.write(b);
  });
  // The script's peak RSS (VmHWM), to show the upload streams rather than reading files whole.
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakKb = Math.max(peakKb, Number(m[1]));
    } catch {
      /* exited between samples */
    }
  }, 100);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`example exited ${code}:\n${out.slice(-3000)}`);

  const t = Object.fromEntries(
    out
      .split('\n')
      .filter((l) => l.startsWith('{"timing"'))
      .map((l) => JSON.parse(l))
      .map((j) => [j.timing, j]),
  );
  const pct = (s) => `${((s / wall) * 100).toFixed(0)}%`;
  const phases = ['create', 'upload', 'processing', 'export'];
  const rows = [
    { phase: 'wall (process start → exit)', seconds: wall.toFixed(2), share: '100%' },
    ...phases.map((p) => ({ phase: p, seconds: t[p].seconds.toFixed(2), share: pct(t[p].seconds) })),
    { phase: 'other (node start, imports, scan)', seconds: (wall - phases.reduce((n, p) => n + t[p].seconds, 0)).toFixed(2), share: '' },
  ];
  console.log(
    `\nExample flow (examples/nightly-upload.ts), ${SETS} file sets, ${(bytes / 1024 ** 2).toFixed(1)} MB (video ${size}, ${seconds} s), ${os.cpus().length} CPUs`,
  );
  table(rows);
  console.log(
    `processing: ${t.processing.completed} completed, ${t.processing.failed} failed; script peak RSS ${(peakKb / 1024).toFixed(0)} MB for ${(bytes / 1024 ** 2).toFixed(0)} MB uploaded`,
  );
  console.log(
    JSON.stringify({
      bench: 'example-flow',
      sets: SETS,
      megabytes: Number((bytes / 1024 ** 2).toFixed(1)),
      wall: Number(wall.toFixed(2)),
      scriptPeakRssMb: Math.round(peakKb / 1024),
      ...Object.fromEntries(phases.map((p) => [p, t[p].seconds])),
    }),
  );
} finally {
  await api.stop();
  await db.drop();
  await fsp.rm(work, { recursive: true, force: true });
}
