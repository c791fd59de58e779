// Issue 35 figures, one run, ratios against baselines measured in the same run (quick by default,
// under a minute; `--full` for the 2 GiB of the issue):
//  1. one large file into the bucket (s3rver on loopback) through the multipart route and through
//     tus (64 MiB PATCHes), against the S3 client's own multipart upload (@aws-sdk/lib-storage) of
//     the same bytes to the same server, sent before and after them (ratios against the mean of the
//     two), each sent from a process of its own (upload-client.mjs;
//     --in-process-client sends from this process, which also runs s3rver); the API's peak RSS
//     growth and each process's CPU-seconds during each;
//  2. processing 10 file sets (real H.264 clip, JPG, SRT fixture) from the bucket against the same
//     from local disk, each through its own API with its in-process worker, after one uncounted
//     run, in rounds of local, bucket, bucket, local; the CPU-seconds of the API with its worker
//     and their ffmpeg children, and of s3rver (this process), which shares the machine's cores;
//  3. API RSS (RUN_WORKER=false) idle and after 100 requests of each kind (project list, project
//     page query, a file download, a thumbnail), with the heavy modules loaded at start as before
//     item 6 (sharp, exiftool-vendored, country-coder, openai, the AWS SDK: the baseline) and lazily.
// BENCH_S3_LATENCY_MS=<ms> puts a network's round trip before each of the bucket's answers (a bucket
// on another machine: what waits on the bucket shows; on loopback the machine's CPU decides).
// Needs a build first (npm run build), PostgreSQL and Redis as the tests use them.
// Run: node_modules/node/bin/node bench/storage.mjs [--full | --uploads-only | --processing-only] [--clip WxH:SECONDS] [--card] [--rounds N] [--warm N]
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { execFile, execFileSync } from 'node:child_process';
import { movieBlock, uploadHere } from './upload-client.mjs';
import { benchAccount, freshDatabase, makeBenchMedia, root, startIsolatedApi, table } from './lib.mjs';

const FULL = process.argv.includes('--full');
const TOTAL = FULL ? 2 * 1024 ** 3 : 128 * 1024 ** 2;
const CHUNK = 64 * 1024 * 1024;
const SETS = 10;
const BLOCK = movieBlock();
const IN_PROCESS_CLIENT = process.argv.includes('--in-process-client');
// --processing-only: item 2 alone (the uploads and the RSS runs are skipped).
const PROCESSING_ONLY = process.argv.includes('--processing-only');
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-storage-'));

// s3rver, with the ListParts that @tus/s3-store needs answered from its folder (as in api/test/support/s3-test-server.ts).
const bucketName = 'shotlog-bench';
const s3dir = path.join(work, 's3');
const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: bucketName }] });
const { port: s3Port } = await s3.run();
// BENCH_S3_LOG=<file>: one line per request to the bucket (seconds since start, method, path, range, bytes in/out, ms).
const s3Log = process.env.BENCH_S3_LOG;
const benchStart = performance.now();
const s3Latency = Number(process.env.BENCH_S3_LATENCY_MS ?? 0);
const front = http.createServer(async (req, res) => {
  // BENCH_S3_LATENCY_MS: each request waits this long first, as one round trip to a bucket across a
  // network (before anything reads its body: the log's counting would let it flow away meanwhile).
  if (s3Latency) await new Promise((r) => setTimeout(r, s3Latency));
  // Bytes sent back, counted as they go: a reader that hangs up mid-body (ffmpeg, once it has its
  // frame) is logged with what it was sent, not the object's length.
  let bytesOut = 0;
  if (s3Log) {
    const t0 = performance.now();
    let bytesIn = 0;
    req.on('data', (c) => (bytesIn += c.length));
    res.on('close', () =>
      fs.appendFileSync(
        s3Log,
        `${((t0 - benchStart) / 1000).toFixed(3)} ${req.method} ${req.url.slice(0, 100)} range=${req.headers.range ?? '-'} in=${bytesIn} out=${bytesOut}${res.writableFinished ? '' : ' (hung up)'} ${(performance.now() - t0).toFixed(0)}ms\n`,
      ),
    );
  }
  const url = new URL(req.url, 'http://x');
  const uploadId = url.searchParams.get('uploadId');
  if (uploadId && !url.searchParams.has('partNumber') && (req.method === 'GET' || req.method === 'DELETE')) {
    const dir = path.join(s3dir, bucketName, '._S3rver_uploads', uploadId);
    const names = await fsp.readdir(dir).catch(() => null);
    if (!names) return void res.writeHead(404).end('<Error><Code>NoSuchUpload</Code></Error>');
    if (req.method === 'DELETE') return void (await fsp.rm(dir, { recursive: true, force: true }), res.writeHead(204).end());
    const nums = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      nums.map(
        async (n) =>
          `<Part><PartNumber>${n}</PartNumber><ETag>"${(await fsp.readFile(path.join(dir, `${n}.md5`), 'utf8')).trim()}"</ETag><Size>${(await fsp.stat(path.join(dir, String(n)))).size}</Size></Part>`,
      ),
    );
    return void res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end(`<ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`);
  }
  const out = http.request({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (a) => {
    res.writeHead(a.statusCode, a.headers);
    a.on('data', (c) => (bytesOut += c.length));
    a.pipe(res);
  });
  out.on('error', () => res.destroy());
  // A reader that hangs up mid-body (ffprobe taking a still, once it has what it needs) ends the
  // request to s3rver too: left paused, it would hold s3rver's socket and its close forever.
  res.on('close', () => !res.writableFinished && out.destroy());
  req.pipe(out);
});
await new Promise((r) => front.listen(0, '127.0.0.1', r));
const endpoint = `http://127.0.0.1:${front.address().port}`;
const s3Env = { S3_BUCKET: bucketName, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };

const started = [];
const dbs = [];
const start = async (env) => {
  const db = await freshDatabase();
  dbs.push(db);
  const dataDir = fs.mkdtempSync(path.join(work, 'api-'));
  const api = await startIsolatedApi(db, dataDir, { LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'warn', MAX_UPLOAD_BYTES: String(TOTAL * 2), ...env });
  started.push(api);
  return api;
};
const rows = [];
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
/** CPU-seconds a process has used (its own, and its children's once they have ended: ffmpeg, ffprobe). */
// CPU-seconds of a process and all its descendants: its own, its reaped children's, and those of the
// children still running (the tool runner's helper, which starts ffprobe and ffmpeg, lives on).
const cpuOf = (pid) => {
  const stats = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      // ppid, and utime + stime + cutime + cstime
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      /* gone meanwhile */
    }
  }
  const within = (p) => p === pid || (p > 1 && stats.has(p) && within(stats.get(p).ppid));
  let sum = 0;
  for (const [p, st] of stats) if (within(p)) sum += st.ticks;
  return sum / ticks;
};
/** CPU-seconds of the process itself (all its threads), without its children's. */
const ownCpuOf = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / ticks;
};
try {
  if (!PROCESSING_ONLY) {
    // 1. Large file: the S3 client itself, then the multipart route, then tus; each sent from a
    // process of its own (upload-client.mjs) unless --in-process-client.
    const blockFile = path.join(work, 'block.bin');
    fs.writeFileSync(blockFile, BLOCK);
    const upload = (kind, options) =>
      IN_PROCESS_CLIENT
        ? uploadHere(kind, { ...options, block: BLOCK })
        : new Promise((resolve, reject) =>
            execFile(process.execPath, [path.join(root, 'bench/upload-client.mjs'), JSON.stringify({ kind, blockFile, ...options })], (err, out, errOut) =>
              err ? reject(new Error(`${kind} upload: ${errOut || err.message}`)) : resolve(JSON.parse(out)),
            ),
          );
    // CPU-seconds of this process (s3rver, and the sender too with --in-process-client) during a run.
    const benchCpu = async (send) => {
      const cpu0 = process.cpuUsage();
      const run = await send();
      const cpu = process.cpuUsage(cpu0);
      return { ...run, benchCpu: (cpu.user + cpu.system) / 1e6 };
    };
    const base = await benchCpu(() => upload('s3', { total: TOTAL, endpoint, bucket: bucketName, key: 'baseline.bin' }));
    const api = await start({ ...s3Env, RUN_WORKER: 'false' });
    const { auth, newProject } = await benchAccount(api.url);
    const peak = async (send) => {
      const before = rssOf(api.child.pid);
      const apiCpu0 = cpuOf(api.child.pid);
      let top = before;
      const timer = setInterval(() => (top = Math.max(top, rssOf(api.child.pid))), 100);
      const run = await benchCpu(send);
      clearInterval(timer);
      return { ...run, growth: top - before, apiCpu: cpuOf(api.child.pid) - apiCpu0 };
    };
    const sendMultipart = async (bytes) => upload('multipart', { total: bytes, url: api.url, auth, project: await newProject('Big multipart') });
    // One small upload first: the one-time cost of the code path (modules, SDK set-up) is not what a large file costs.
    const coldBefore = rssOf(api.child.pid);
    await sendMultipart(16 * 1024 * 1024);
    const warmUp = rssOf(api.child.pid) - coldBefore;
    const multipart = await peak(() => sendMultipart(TOTAL));
    const tus = await peak(async () => upload('tus', { total: TOTAL, url: api.url, auth, project: await newProject('Big tus'), chunk: CHUNK }));
    // The baseline once more, after: the loopback server's speed drifts over a run (102-118 MiB/s
    // between runs here), so the ratios are against the mean of the two.
    const base2 = await benchCpu(() => upload('s3', { total: TOTAL, endpoint, bucket: bucketName, key: 'baseline-2.bin' }));
    const baseline = (base.seconds + base2.seconds) / 2;
    const mib = TOTAL / 1024 ** 2;
    // Where the CPU goes: the sender (a process of its own, or this one), the API, this process (s3rver).
    const cpuSplit = (r) =>
      IN_PROCESS_CLIENT
        ? `(both in ${r.benchCpu.toFixed(1)}) / ${r.apiCpu?.toFixed(1) ?? '-'}`
        : `${r.cpuSeconds.toFixed(1)} / ${r.apiCpu?.toFixed(1) ?? '-'} / ${r.benchCpu.toFixed(1)}`;
    const uploadRow = (what, run, growth = '') => [
      what,
      `${mib} MiB`,
      `${(mib / run.seconds).toFixed(0)} MiB/s`,
      (baseline / run.seconds).toFixed(2),
      growth,
      cpuSplit(run),
    ];
    rows.push(uploadRow('S3 client upload (baseline, before)', base));
    rows.push(uploadRow('S3 client upload (baseline, after)', base2));
    rows.push(
      uploadRow('multipart route into the bucket', multipart, `+${multipart.growth.toFixed(0)} MB (16 MiB warm-up before it: +${warmUp.toFixed(0)} MB)`),
    );
    rows.push(
      uploadRow(
        'tus into the bucket (incl. hash)',
        tus,
        `+${tus.growth.toFixed(0)} MB (last PATCH, with the finish: ${tus.lastPatchSeconds.toFixed(1)} s of ${tus.seconds.toFixed(1)} s)`,
      ),
    );
    await api.stop();
  }
  if (process.argv.includes('--uploads-only')) throw Object.assign(new Error('done'), { done: true });
  // 2. Processing 10 sets from local disk, then from the bucket.
  // --clip WxH:SECONDS: the clips' size (default 640x360:2, quick; 3840x2160:10 is a drone's 4K clip).
  const [clipSize, clipSeconds] = (process.argv[process.argv.indexOf('--clip') + 1]?.match(/^(\d+x\d+):(\d+)$/) ?? [null, '640x360', '2']).slice(1);
  // A keyframe a second, as a drone writes its clips (DJI: H.264/H.265 with a GOP of about 1 s).
  const media = await makeBenchMedia(work, { size: clipSize, seconds: Number(clipSeconds), gopFrames: 30 });
  const srt = await fsp.readFile(path.join(root, 'api/test/fixtures/srt/JuanIrache__DJI_SRT_Parser__air2s.srt'));
  const [clip, still] = await Promise.all([fsp.readFile(media.clip), fsp.readFile(media.still)]);
  // --card: the clips come as a DJI card holds them, without a JPG: each set's still is taken from
  // its clip (eight candidate frames, then the chosen one at full size) after the upload, and the
  // run waits for them, so the time covers the stills and the processing.
  const CARD = process.argv.includes('--card');
  // --warm N: each API first processes N sets of its own, not timed, so the ten are measured in a
  // process that has run the code once (as a worker that has been up a while), not one compiling
  // the storage and upload paths' code as it goes; both backends alike. Without it, from cold.
  const WARM = process.argv.includes('--warm') ? Number(process.argv[process.argv.indexOf('--warm') + 1]) : 0;
  const uploadSets = async (p, acct, name, count) => {
    const project = await acct.newProject(name);
    const form = new FormData();
    for (let i = 1; i <= count; i++) {
      const base = `DJI_${String(i).padStart(4, '0')}`;
      form.append('files', new Blob([clip]), `${base}.MP4`);
      if (!CARD) form.append('files', new Blob([still]), `${base}.JPG`);
      form.append('files', new Blob([srt]), `${base}.SRT`);
    }
    const up = await fetch(`${p.url}/api/upload/${project}`, { method: 'POST', headers: acct.auth, body: form });
    if (up.status >= 300) throw new Error(`upload: ${up.status} ${await up.text()}`);
    return project;
  };
  const processSets = async (p, acct, project, count) => {
    const go = await fetch(`${p.url}/api/projects/${project}/process`, { method: 'POST', headers: acct.auth });
    if (go.status !== 202) throw new Error(`process: ${go.status} ${await go.text()}`);
    for (;;) {
      const r = await fetch(`${p.url}/api/projects/${project}/progress`, { headers: acct.auth }).then((x) => x.json());
      if (r.runStatus === 'completed') {
        if (r.completedJobs !== count) throw new Error(`processing: ${JSON.stringify(r)}`);
        return;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const processTen = async (env) => {
    const p = await start({ ...env, WORKER_CONCURRENCY: '2' });
    const acct = await benchAccount(p.url);
    if (WARM > 0) await processSets(p, acct, await uploadSets(p, acct, 'Warm-up', WARM), WARM);
    const project = await uploadSets(p, acct, 'Ten', SETS);
    const idle = rssOf(p.child.pid);
    let top = idle;
    const sampler = setInterval(() => (top = Math.max(top, rssOf(p.child.pid))), 100);
    const t0 = performance.now();
    const cpu0 = { api: cpuOf(p.child.pid), node: ownCpuOf(p.child.pid), bench: process.cpuUsage() };
    await processSets(p, acct, project, SETS);
    const seconds = (performance.now() - t0) / 1000;
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpu = { api: cpuOf(p.child.pid) - cpu0.api, node: ownCpuOf(p.child.pid) - cpu0.node, bench: (benchCpu.user + benchCpu.system) / 1e6 };
    clearInterval(sampler);
    await p.stop();
    return { seconds, cpu, rss: `idle ${idle.toFixed(0)} MB, peak ${top.toFixed(0)} MB` };
  };
  // Processing needs no ListParts, so it talks to s3rver itself (the front's extra hop cost the
  // machine's CPU as much again) unless BENCH_S3_LOG or BENCH_S3_LATENCY_MS asks for the front.
  const processingS3Env = s3Log || s3Latency ? s3Env : { ...s3Env, S3_ENDPOINT: `http://127.0.0.1:${s3Port}` };
  // A first run, not counted, warms what the first of the four would pay for alone (page cache, the database's).
  await processTen({});
  // --rounds N (default 2) of local, bucket, bucket, local: a shared machine's speed drifts by a
  // third from minute to minute, so the ratio is taken over all rounds, and each round's is shown.
  const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 2;
  const local = [];
  const bucket = [];
  const roundRatios = [];
  for (let r = 0; r < rounds; r++) {
    const [l1, b1, b2, l2] = [await processTen({}), await processTen(processingS3Env), await processTen(processingS3Env), await processTen({})];
    local.push(l1, l2);
    bucket.push(b1, b2);
    roundRatios.push((b1.seconds + b2.seconds) / (l1.seconds + l2.seconds));
  }
  const total = (runs, f) => runs.reduce((n, run) => n + f(run), 0);
  // The rounds' median as well: one round slowed by the shared machine (local runs of the same code
  // took 5 to 11 s within an hour on 2026-11-28) moves the whole run's ratio, not the median.
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const times = (runs) => `${runs.map((run) => run.seconds.toFixed(1)).join(' + ')} s`;
  // CPU-seconds of all runs: the API with its worker and their ffmpeg/ffprobe children (of which the
  // API's own process, all its threads) / this process (s3rver).
  const cpus = (runs) =>
    `- / ${total(runs, (run) => run.cpu.api).toFixed(1)} (node ${total(runs, (run) => run.cpu.node).toFixed(1)}) / ${total(runs, (run) => run.cpu.bench).toFixed(1)}`;
  const what = `${CARD ? 'stills and processing of' : 'processing'} ${SETS} sets${WARM ? ` (after ${WARM} untimed)` : ''}`;
  rows.push([`${what}, local disk (baseline)`, '', times(local), '1.00', `API+worker ${local[0].rss}`, cpus(local)]);
  rows.push([
    `${what}, from the bucket`,
    '',
    times(bucket),
    `${(total(bucket, (run) => run.seconds) / total(local, (run) => run.seconds)).toFixed(2)} (rounds: ${roundRatios.map((x) => x.toFixed(2)).join(', ')}; median ${median(roundRatios).toFixed(2)})`,
    `API+worker ${bucket[0].rss}`,
    cpus(bucket),
  ]);

  if (PROCESSING_ONLY) throw Object.assign(new Error('done'), { done: true });
  // 3. API RSS idle and after 100 requests of each kind.
  const eager = path.join(work, 'eager.mjs');
  fs.writeFileSync(
    eager,
    ['sharp', 'exiftool-vendored', '@rapideditor/country-coder', 'openai', '@aws-sdk/client-s3', '@aws-sdk/lib-storage', '@tus/s3-store']
      .map((m) => `await import('${import.meta.resolve(m)}');`)
      .join('\n'),
  );
  const rssRun = async (label, nodeArgs) => {
    process.env.BENCH_API_NODE_ARGS = nodeArgs;
    const p = await start({ RUN_WORKER: 'false' });
    delete process.env.BENCH_API_NODE_ARGS;
    const acct = await benchAccount(p.url);
    const project = await acct.newProject('RSS');
    const form = new FormData();
    form.append('files', new Blob([clip]), 'DJI_0001.MP4');
    form.append('files', new Blob([still]), 'DJI_0001.JPG');
    form.append('files', new Blob([srt]), 'DJI_0001.SRT');
    await fetch(`${p.url}/api/upload/${project}`, { method: 'POST', headers: acct.auth, body: form });
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssOf(p.child.pid);
    const q = await fetch(`${p.url}/graphql`, {
      method: 'POST',
      headers: { ...acct.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($id: ID!) { project(id: $id) { fileSets { thumbnailUri files { resourceUri } } } }', variables: { id: project } }),
    }).then((x) => x.json());
    const set = q.data.project.fileSets[0];
    const kinds = [
      () => fetch(`${p.url}/api/projects`, { headers: acct.auth }),
      () =>
        fetch(`${p.url}/graphql`, {
          method: 'POST',
          headers: { ...acct.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query($id: ID!) { project(id: $id) { name fileSets { baseName } } }', variables: { id: project } }),
        }),
      () => fetch(`${p.url}${set.files[0].resourceUri}`),
      () => fetch(`${p.url}${set.thumbnailUri}`),
    ];
    for (const kind of kinds) for (let i = 0; i < 100; i++) await (await kind()).arrayBuffer();
    const after = rssOf(p.child.pid);
    await p.stop();
    return [label, '', `idle ${idle.toFixed(0)} MB`, `after 400 requests ${after.toFixed(0)} MB`, ''];
  };
  rows.push(await rssRun('API RSS, heavy modules at start (before item 6)', `--import ${eager}`));
  rows.push(await rssRun('API RSS, heavy modules on first use (now)', ''));
} catch (err) {
  if (!err.done) throw err;
} finally {
  for (const a of started) await a.stop().catch(() => undefined);
  for (const db of dbs) await db.drop();
  front.close();
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
}
table(
  rows.map(([what, size, rate, ratio, growth, cpu = '']) => ({
    what,
    size,
    'rate / time': rate,
    ratio,
    'API RSS growth': growth,
    'CPU-s: sender / API / s3rver': cpu,
  })),
);
