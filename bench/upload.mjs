// Issue 4 figures: upload throughput of one large file (2 GiB by default; UPLOAD_BENCH_BYTES to
// change it) over loopback, as a ratio to writing the same bytes to the same disk with a plain
// Node stream in the same run, and the server's peak RSS growth during the upload; then 1,000
// small files in one request: seconds until they are grouped and recorded. The server's CPU time
// during the upload is shown too (n cores give at most n s per second), and the SHA-256 it
// recorded is checked against the bytes sent (untimed).
// Both phases write into the page cache, and how fast the kernel takes a write varies with what it
// still has to flush to disk and, on a VM, with whether the memory it gets was lately handed back
// to the host: so the dirty pages are flushed (`sync`, untimed) before each timed phase, baseline
// and upload alternate for several rounds, and the figures are medians.
// Needs a build first: npm run build. Run: node bench/upload.mjs [--rounds N]
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { benchAccount, freshDatabase, startApi, table } from './lib.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(args.rounds);
const TOTAL = Number(process.env.UPLOAD_BENCH_BYTES ?? 2 * 1024 ** 3);
const SMALL_FILES = Number(process.env.UPLOAD_BENCH_SMALL_FILES ?? 1000);
const CHUNK = randomBytes(4 * 1024 * 1024);
// An ISO-media box header, so the server's content check sees a movie.
const MOVIE_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);

/**
 * The same bytes for the baseline and the upload: a movie header, then random bytes, in 4 MiB
 * chunks. The header is part of the first chunk, not a write of its own: a 24-byte first write
 * leaves every later write of the baseline off the page boundaries, which costs the kernel several
 * times more per byte here and would make the baseline look slower than a plain stream is.
 */
const FIRST_CHUNK = Buffer.concat([MOVIE_HEAD, CHUNK.subarray(MOVIE_HEAD.length)]);
function* movieBytes(total) {
  for (let at = 0; at < total; at += CHUNK.length) {
    const chunk = at === 0 ? FIRST_CHUNK : CHUNK;
    yield total - at >= chunk.length ? chunk : chunk.subarray(0, total - at);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-upload-'));
const db = await freshDatabase();
const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: db.url, PORT: '4712', REDIS_URL: '', LOG_LEVEL: 'warn' });
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1] ?? 0);
/** CPU seconds per thread of the server (for UPLOAD_BENCH_DEBUG), keyed by thread id and name. */
const threadCpu = () =>
  Object.fromEntries(
    fs.readdirSync(`/proc/${api.child.pid}/task`).map((tid) => {
      const stat = fs.readFileSync(`/proc/${api.child.pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.split(') ')[1].split(' ');
      return [`${tid} ${/\((.*)\)/.exec(stat)[1]}`, (Number(fields[11]) + Number(fields[12])) / 100];
    }),
  );
/** CPU seconds (user + system, all threads) the server has used, from /proc (clock ticks of 1/100 s). */
const cpuSeconds = () => {
  const fields = fs.readFileSync(`/proc/${api.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

try {
  const { auth, newProject } = await benchAccount(api.url);

  /** POSTs a multipart body streamed from `parts` ({ name, bytes: iterable of Buffers, size }). */
  const postMultipart = (projectId, parts) =>
    new Promise((resolve, reject) => {
      const boundary = `----bench${randomBytes(8).toString('hex')}`;
      const heads = parts.map((p) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      );
      const tail = Buffer.from(`--${boundary}--\r\n`);
      const length = parts.reduce((n, p, i) => n + heads[i].length + p.size + 2, 0) + tail.length;
      const req = http.request(`${api.url}/api/upload/${projectId}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode} ${body.slice(0, 300)}`))));
      });
      req.on('error', reject);
      const body = Readable.from(
        (function* () {
          for (const [i, p] of parts.entries()) {
            yield heads[i];
            yield* p.bytes;
            yield Buffer.from('\r\n');
          }
          yield tail;
        })(),
      );
      body.pipe(req);
    });

  /** Untimed: no dirty pages left from an earlier phase to slow this one's writes. */
  const flushDisk = () => execFileSync('sync');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const expectedSha = (() => {
    const hash = createHash('sha256');
    for (const chunk of movieBytes(TOTAL)) hash.update(chunk);
    return hash.digest('hex');
  })();
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Baseline: the same bytes to the same disk with a plain Node write stream.
    const baselineFile = path.join(dataDir, 'baseline.bin');
    flushDisk();
    let t = performance.now();
    await pipeline(Readable.from(movieBytes(TOTAL)), fs.createWriteStream(baselineFile));
    const baselineSeconds = (performance.now() - t) / 1000;
    await fsp.rm(baselineFile);

    // The upload, with the server's RSS sampled every 50 ms.
    const bigProject = await newProject(`Big upload ${round}`);
    flushDisk();
    const rssBefore = rssKb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb())), 50);
    const cpuBefore = cpuSeconds();
    const threadsBefore = threadCpu();
    t = performance.now();
    // A failed upload must not leave the sampler reading /proc of a stopped server (and skip the clean-up).
    const big = await postMultipart(bigProject, [{ name: 'BIG_0001.MP4', bytes: movieBytes(TOTAL), size: TOTAL }]).finally(() => clearInterval(sampler));
    const uploadSeconds = (performance.now() - t) / 1000;
    const uploadCpu = cpuSeconds() - cpuBefore;
    if (big.accepted?.[0]?.sizeBytes !== TOTAL) throw new Error(`upload answered ${JSON.stringify(big).slice(0, 300)}`);
    if (big.accepted[0].sha256 !== expectedSha) throw new Error('the recorded SHA-256 is not that of the bytes sent');
    // Untimed: every round starts with the same page cache (the stored upload is not needed again).
    const filesDir = path.join(dataDir, 'files');
    for (const name of await fsp.readdir(filesDir)) if ((await fsp.stat(path.join(filesDir, name))).size === TOTAL) await fsp.rm(path.join(filesDir, name));
    if (process.env.UPLOAD_BENCH_DEBUG) {
      const busy = Object.entries(threadCpu())
        .map(([thread, s]) => [thread, s - (threadsBefore[thread] ?? 0)])
        .filter(([, s]) => s >= 0.05);
      console.log(
        `round ${round}: baseline ${baselineSeconds.toFixed(2)} s, upload ${uploadSeconds.toFixed(2)} s; server CPU s by thread: ${busy.map(([t, s]) => `${t} ${s.toFixed(2)}`).join(', ')}`,
      );
    }
    rounds.push({ baselineSeconds, uploadSeconds, uploadCpu, rssGrowthMb: (rssPeak - rssBefore) / 1024, rssBeforeMb: rssBefore / 1024 });
  }
  const baselineSeconds = median(rounds.map((r) => r.baselineSeconds));
  const uploadSeconds = median(rounds.map((r) => r.uploadSeconds));

  // 1,000 small files in one request: thirds of sets (video, jpg, srt) sharing base names.
  const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2044)]);
  const srt = Buffer.from('1\n00:00:00,000 --> 00:00:00,033\nGPS(13.4050,52.5200,19) BAROMETER:120.5\n\n'.repeat(20));
  const mov = Buffer.concat([MOVIE_HEAD, randomBytes(4076)]);
  const small = Array.from({ length: SMALL_FILES }, (_, i) => {
    const [ext, data] = [
      ['MP4', mov],
      ['JPG', jpg],
      ['SRT', srt],
    ][i % 3];
    return { name: `DJI_${String(Math.floor(i / 3)).padStart(4, '0')}.${ext}`, bytes: [data], size: data.length };
  });
  const smallProject = await newProject('Many files');
  const t = performance.now();
  const many = await postMultipart(smallProject, small);
  const smallSeconds = (performance.now() - t) / 1000;
  if (many.accepted.length !== SMALL_FILES) throw new Error(`small upload kept ${many.accepted.length}`);

  const gib = TOTAL / 1024 ** 3;
  const mbps = (s) => `${(TOTAL / 1048576 / s).toFixed(0)} MB/s`;
  table([
    {
      figure: `upload of one ${gib >= 1 ? `${gib.toFixed(gib % 1 ? 2 : 0)} GiB` : `${(TOTAL / 1048576).toFixed(0)} MiB`} file over loopback`,
      value: `${uploadSeconds.toFixed(1)} s, ${mbps(uploadSeconds)}`,
    },
    { figure: 'plain Node write stream of the same bytes, same disk', value: `${baselineSeconds.toFixed(1)} s, ${mbps(baselineSeconds)}` },
    {
      figure: 'upload / plain write throughput (aim >= 0.6)',
      value: `${(baselineSeconds / uploadSeconds).toFixed(2)} (rounds ${rounds.map((r) => (r.baselineSeconds / r.uploadSeconds).toFixed(2)).join(', ')})`,
    },
    { figure: 'server CPU time during the upload (all its threads)', value: `${median(rounds.map((r) => r.uploadCpu)).toFixed(1)} s` },
    {
      figure: 'server peak RSS growth during the upload (aim < 100 MB)',
      value: `${Math.max(...rounds.map((r) => r.rssGrowthMb)).toFixed(1)} MB (from ${rounds[0].rssBeforeMb.toFixed(0)} MB; largest of the rounds)`,
    },
    {
      figure: `${SMALL_FILES} small files in one request, to grouped and recorded`,
      value: `${smallSeconds.toFixed(2)} s (${many.summary.fileSets} file sets)`,
    },
  ]);
} finally {
  await api.stop();
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
