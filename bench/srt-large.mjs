// Issue 14 figure: GET /api/health latency and the API's RSS while a ~400 MB .SRT is processed by
// the in-process worker, against the same figures on the idle server in the same run.
//
// The .SRT repeats a real fixture (DJI_0023, the modern bracket layout) with its entries renumbered
// and its timecodes shifted, up to SRT_BENCH_MB (default 400) MB. It is uploaded over REST with an
// ffmpeg clip and a JPG, then processing starts; health is requested one at a time every
// SAMPLE_MS while RSS is read from /proc. The default SRT_MAX_BYTES (256 MiB) would refuse the file
// at upload, so the API runs with SRT_MAX_BYTES=1 GiB: this measures the worst a raised cap allows.
// Needs a build first: npx tsc -b ledger api.   Run: node bench/srt-large.mjs
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeBenchMedia, root, startProcessingApi, table } from './lib.mjs';

const TARGET_MB = Number(process.env.SRT_BENCH_MB ?? 400);
const SAMPLE_MS = 20;
const IDLE_SECONDS = 10;
const SOURCE = path.join(root, 'api/test/fixtures/srt/Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT');

const TC = /^(\d+):(\d\d):(\d\d),(\d{3}) --> (\d+):(\d\d):(\d\d),(\d{3})/;
const secondsOf = (m, o) => +m[o] * 3600 + +m[o + 1] * 60 + +m[o + 2] + +m[o + 3] / 1000;
function timecode(s) {
  const ms = Math.round(s * 1000);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor((ms % 3_600_000) / 60_000))}:${p(Math.floor((ms % 60_000) / 1000))},${p(ms % 1000, 3)}`;
}

/** Writes copies of the fixture until `bytes`, renumbering entries and shifting timecodes, in bounded memory. */
async function writeLargeSrt(file, bytes) {
  const lines = fs
    .readFileSync(SOURCE, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  let entries = 0;
  let span = 0;
  for (const l of lines) {
    const m = TC.exec(l);
    if (m) {
      entries++;
      span = secondsOf(m, 5);
    }
  }
  const out = fs.createWriteStream(file);
  let written = 0;
  for (let copy = 0; written < bytes; copy++) {
    const shift = copy * Math.ceil(span);
    const chunk = [];
    for (const l of lines) {
      const m = TC.exec(l);
      if (m) {
        if (/^\d+$/.test(chunk.at(-1) ?? '')) chunk[chunk.length - 1] = String(+chunk.at(-1) + copy * entries);
        chunk.push(`${timecode(secondsOf(m, 1) + shift)} --> ${timecode(secondsOf(m, 5) + shift)}`);
      } else chunk.push(l);
    }
    const text = `${chunk.join('\n').replace(/\n+$/, '')}\n\n`;
    written += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r, j) => out.end((e) => (e ? j(e) : r())));
  return written;
}

const rssMb = (pid) => {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024, hwm: Number(/VmHWM:\s+(\d+)/.exec(s)[1]) / 1024 };
};

/** Health one request at a time every SAMPLE_MS, and RSS, until `until()` resolves. */
async function sample(url, pid, until) {
  const latencies = [];
  let peakRss = 0;
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const t = performance.now();
    const r = await fetch(`${url}/api/health`);
    await r.arrayBuffer();
    latencies.push(performance.now() - t);
    peakRss = Math.max(peakRss, rssMb(pid).rss);
    const wait = SAMPLE_MS - (performance.now() - t);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { n: latencies.length, p50: pct(50), p99: pct(99), max: latencies.at(-1), peakRss };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-srt-'));
const { clip, still } = makeBenchMedia(work);
const srt = path.join(work, 'DJI_0001.SRT');
const srtBytes = await writeLargeSrt(srt, TARGET_MB * 1e6);
const { api, db } = await startProcessingApi(path.join(work, 'data'), 4719, { SRT_MAX_BYTES: String(1024 ** 3) });
const pid = api.child.pid;
try {
  const json = async (method, p, body, token) => {
    const r = await fetch(`${api.url}${p}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const b = await r.json();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(b)}`);
    return b;
  };
  const { token } = await json('POST', '/auth/register', { username: 'bench', email: 'bench@example.com', password: 'secret123' });

  /** Uploads clip + JPG + `srtFile` into a new project (health sampled meanwhile), then processes it (sampled too). */
  async function uploadAndProcess(srtFile) {
    const { project } = await json('POST', '/api/projects', { name: 'Large SRT', cameraType: 'dji-mavic-3-pro-series' }, token);
    const form = new FormData();
    form.append('files', await fs.openAsBlob(clip), 'DJI_0001.MP4');
    form.append('files', await fs.openAsBlob(still), 'DJI_0001.JPG');
    form.append('files', await fs.openAsBlob(srtFile), 'DJI_0001.SRT');
    const upStart = performance.now();
    const uploaded = fetch(`${api.url}/api/upload/${project.id}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(
      async (r) => {
        const b = await r.json();
        if (!r.ok || b.refused?.length) throw new Error(`upload: ${r.status} ${JSON.stringify(b).slice(0, 500)}`);
      },
    );
    const upload = await sample(api.url, pid, uploaded);
    await uploaded;
    upload.seconds = (performance.now() - upStart) / 1000;
    const procStart = performance.now();
    await json('POST', `/api/projects/${project.id}/process`, {}, token);
    let final;
    const finished = (async () => {
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const p = await json('GET', `/api/projects/${project.id}/progress`, undefined, token);
        if (p.runStatus === 'completed') return (final = p);
      }
    })();
    const processing = await sample(api.url, pid, finished);
    processing.seconds = (performance.now() - procStart) / 1000;
    return { upload, processing, job: final.jobs[0] };
  }

  const idle = await sample(api.url, pid, new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)));
  idle.seconds = IDLE_SECONDS;
  const idleRss = rssMb(pid).rss;
  // First processing in this process: loads the geocoder, time zones, sharp... once; measured apart.
  const warm = await uploadAndProcess(SOURCE);
  const warmRss = rssMb(pid).rss;
  const { upload, processing, job } = await uploadAndProcess(srt);
  const peakHwm = rssMb(pid).hwm;

  const ms = (v) => v.toFixed(1);
  console.log(
    `\nLarge .SRT (${(srtBytes / 1e6).toFixed(0)} MB, DJI_0023 repeated) through the in-process worker - node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const row = (phase, x) => ({
    phase,
    seconds: x.seconds.toFixed(1),
    requests: x.n,
    'p50 ms': ms(x.p50),
    'p99 ms': ms(x.p99),
    'max ms': ms(x.max),
    'p99/idle p99': (x.p99 / idle.p99).toFixed(2),
    'peak RSS MB': x.peakRss.toFixed(0),
  });
  table([
    row('idle', idle),
    row('first processing, 98 KB fixture .SRT', warm.processing),
    row(`upload, ${(srtBytes / 1e6).toFixed(0)} MB .SRT`, upload),
    row(`processing, ${(srtBytes / 1e6).toFixed(0)} MB .SRT`, processing),
  ]);
  console.log(
    `job: ${job.status}${job.error ? ` (${job.error})` : ''}; RSS idle ${idleRss.toFixed(0)} MB, after the first processing ${warmRss.toFixed(0)} MB, ` +
      `peak while the large .SRT is processed ${processing.peakRss.toFixed(0)} MB (${(processing.peakRss / warmRss).toFixed(2)}x the warm idle); process high-water mark ${peakHwm.toFixed(0)} MB`,
  );
  console.log(
    JSON.stringify({
      bench: 'srt-large',
      srtMB: Math.round(srtBytes / 1e6),
      idle: { p50: +ms(idle.p50), p99: +ms(idle.p99) },
      processing: {
        p50: +ms(processing.p50),
        p99: +ms(processing.p99),
        max: +ms(processing.max),
        p99Ratio: +(processing.p99 / idle.p99).toFixed(2),
        peakRssMb: Math.round(processing.peakRss),
      },
      idleRssMb: Math.round(idleRss),
      warmRssMb: Math.round(warmRss),
      hwmMb: Math.round(peakHwm),
      job: job.status,
    }),
  );
} finally {
  await api.stop();
  await db.drop();
  await fsp.rm(work, { recursive: true, force: true });
}
