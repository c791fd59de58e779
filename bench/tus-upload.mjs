// Issue 18 figures, one run, ratios against baselines measured in the same run:
//  1. one large file (2 GiB; TUS_BENCH_BYTES to change) through /api/uploads/tus in 64 MiB chunks
//     (to recorded in its set: hashed, moved, recorded), against writing the same bytes with a plain
//     Node stream to the same disk; the server's peak RSS growth during the upload;
//  2. resume: the client is cut off in the middle of the chunk after 50 %, then "restarted"
//     (HEAD, then PATCH from the answered offset): the bytes it sends again beyond what the server
//     had stored (tus keeps a cut chunk's bytes, so the aim of at most one chunk is met with room);
//  3. a card of 300 small files (100 sets): from the first byte to all sets verified (the verify
//     step's request), through tus with 3 files at once, each in its creation request
//     (creation-with-upload, as the wizard sends files up to 8 MiB), against the multipart route in one request.
// Needs a build first: npm run build. Run: node bench/tus-upload.mjs
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { benchAccount, freshDatabase, startApi, table } from './lib.mjs';

const TOTAL = Number(process.env.TUS_BENCH_BYTES ?? 2 * 1024 ** 3);
const CHUNK = 64 * 1024 * 1024;
const BLOCK = randomBytes(4 * 1024 * 1024);
const MOVIE_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
const FIRST = Buffer.concat([MOVIE_HEAD, BLOCK.subarray(MOVIE_HEAD.length)]);

/** `length` bytes of the movie starting at `from`, in 4 MiB blocks (the first carries the movie header). */
function* movieBytes(from, length) {
  for (let at = from; at < from + length;) {
    const blockStart = Math.floor(at / BLOCK.length) * BLOCK.length;
    const block = blockStart === 0 ? FIRST : BLOCK;
    const piece = block.subarray(at - blockStart, Math.min(block.length, from + length - blockStart));
    yield piece;
    at += piece.length;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-tus-'));
const db = await freshDatabase();
const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: db.url, PORT: '4713', REDIS_URL: '', LOG_LEVEL: 'warn', MAX_UPLOAD_BYTES: String(TOTAL * 2) });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sync = () => execFileSync('sync');

try {
  const { auth, newProject } = await benchAccount(api.url);
  const b64 = (s) => Buffer.from(s).toString('base64');
  /** Creation; with `body`, creation-with-upload (a small file in one request, as tus-js-client sends it). */
  const create = async (projectId, filename, length, body) => {
    const res = await fetch(`${api.url}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `filename ${b64(filename)},projectId ${b64(projectId)}`,
        ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      },
      body,
    });
    if (res.status !== 201) throw new Error(`creation: ${res.status} ${await res.text()}`);
    return res.headers.get('location');
  };
  /** One PATCH streaming `source`; `cutAfter` bytes into it the connection is destroyed (a client killed mid-chunk). */
  const patch = (loc, offset, length, source, cutAfter = Infinity) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${api.url}${loc}`, {
        method: 'PATCH',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, offset: Number(res.headers['upload-offset'] ?? -1) }));
      });
      let sent = 0;
      req.on('error', (err) => (sent >= cutAfter ? resolve({ status: 0, sent }) : reject(err)));
      (async () => {
        for (const piece of source) {
          if (sent + piece.length > cutAfter) {
            const part = piece.subarray(0, cutAfter - sent);
            await new Promise((r) => req.write(part, r));
            sent += part.length;
            await new Promise((r) => setTimeout(r, 300));
            req.destroy();
            return resolve({ status: 0, sent });
          }
          if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
          sent += piece.length;
        }
        req.end();
      })().catch(reject);
    });
  const head = async (loc) =>
    Number((await fetch(`${api.url}${loc}`, { method: 'HEAD', headers: { ...auth, 'tus-resumable': '1.0.0' } })).headers.get('upload-offset'));

  // 1. Baseline, then tus, each after a sync.
  sync();
  let t = performance.now();
  await pipeline(Readable.from(movieBytes(0, TOTAL)), fs.createWriteStream(path.join(dataDir, 'baseline.bin')));
  const baselineSeconds = (performance.now() - t) / 1000;
  await fsp.rm(path.join(dataDir, 'baseline.bin'));
  const project = await newProject('Bench');
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 100);
  sync();
  t = performance.now();
  const loc = await create(project, 'BIG.MP4', TOTAL);
  for (let at = 0; at < TOTAL; at += CHUNK) {
    const n = Math.min(CHUNK, TOTAL - at);
    const r = await patch(loc, at, n, movieBytes(at, n));
    if (r.status !== 204) throw new Error(`PATCH at ${at}: ${r.status}`);
  }
  const tusSeconds = (performance.now() - t) / 1000;
  clearInterval(sampler);

  // 2. Resume after a cut in the middle of the chunk that crosses 50 %.
  const resumeProject = await newProject('Resume');
  const rloc = await create(resumeProject, 'CUT.MP4', TOTAL);
  // At 50 % plus part of a chunk (50 % of 2 GiB is a chunk boundary: a cut there would send nothing of the chunk).
  const killAt = Math.floor(TOTAL / 2) + Math.floor(CHUNK / 3) + 12_345;
  let at = 0;
  let killedAt = 0;
  for (; at < TOTAL; at += CHUNK) {
    const n = Math.min(CHUNK, TOTAL - at);
    if (at + n > killAt) {
      const r = await patch(rloc, at, n, movieBytes(at, n), killAt - at);
      killedAt = at + r.sent;
      break;
    }
    await patch(rloc, at, n, movieBytes(at, n));
  }
  await new Promise((r) => setTimeout(r, 500));
  const resumedFrom = await head(rloc);
  for (let from = resumedFrom; from < TOTAL; from += CHUNK) {
    const n = Math.min(CHUNK, TOTAL - from);
    const r = await patch(rloc, from, n, movieBytes(from, n));
    if (r.status !== 204) throw new Error(`resumed PATCH at ${from}: ${r.status}`);
  }

  // Both large files are recorded with the SHA-256 of every byte, the cut one too (hashed as they arrived).
  const expectedSha = createHash('sha256');
  for (const piece of movieBytes(0, TOTAL)) expectedSha.update(piece);
  const expectedHex = expectedSha.digest('hex');
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: hashed } = await client
    .query(`select m.sha256 from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = any($1::uuid[])`, [[project, resumeProject]])
    .finally(() => client.end());
  if (hashed.length !== 2 || hashed.some((r) => r.sha256 !== expectedHex))
    throw new Error(`large files recorded with a wrong SHA-256: ${JSON.stringify(hashed)}`);

  // 3. 300 small files (100 sets): tus 3 at a time, against one multipart request.
  const sets = 100;
  const smallFiles = [];
  for (let i = 1; i <= sets; i++) {
    const base = `DJI_${String(i).padStart(4, '0')}`;
    smallFiles.push([
      `${base}.SRT`,
      Buffer.from(`1\n00:00:00,000 --> 00:00:00,033\n[latitude: 41.38] [longitude: 2.17] [rel_alt: 50.0 abs_alt: 60.0]\n`.repeat(40)),
    ]);
    smallFiles.push([`${base}.JPG`, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(60_000)])]);
    smallFiles.push([`${base}.MP4`, Buffer.concat([FIRST.subarray(0, 24), randomBytes(200_000)])]);
  }
  const tusProject = await newProject('Small via tus');
  t = performance.now();
  const queue = [...smallFiles];
  await Promise.all(
    [1, 2, 3].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [name, data] = next;
        await create(tusProject, name, data.length, data);
      }
    }),
  );
  // "All sets verified": the verify step's request, as the wizard makes it once the uploads are done.
  const completeSets = async (projectId) => {
    const verify = await fetch(`${api.url}/api/projects/${projectId}/verify-filesets`, { headers: auth }).then((r) => r.json());
    return (verify.fileSets ?? verify.project?.fileSets ?? []).filter((s) => s.status === 'complete').length;
  };
  const complete = await completeSets(tusProject);
  const tusSmallSeconds = (performance.now() - t) / 1000;
  const mpProject = await newProject('Small via multipart');
  const form = new FormData();
  for (const [name, data] of smallFiles) form.append('files', new Blob([data]), name);
  t = performance.now();
  const mp = await fetch(`${api.url}/api/upload/${mpProject}`, { method: 'POST', headers: auth, body: form });
  if (mp.status !== 200) throw new Error(`multipart: ${mp.status} ${(await mp.text()).slice(0, 200)}`);
  await mp.arrayBuffer();
  const mpComplete = await completeSets(mpProject);
  const multipartSmallSeconds = (performance.now() - t) / 1000;
  if (complete !== sets || mpComplete !== sets) throw new Error(`sets complete: tus ${complete}, multipart ${mpComplete} of ${sets}`);

  const gib = (TOTAL / 1024 ** 3).toFixed(2);
  const mbps = (s) => `${(TOTAL / 1048576 / s).toFixed(0)} MB/s`;
  table([
    { figure: `${gib} GiB through tus in 64 MiB chunks, to recorded in its set`, value: `${tusSeconds.toFixed(1)} s, ${mbps(tusSeconds)}` },
    { figure: 'plain Node write stream of the same bytes, same disk', value: `${baselineSeconds.toFixed(1)} s, ${mbps(baselineSeconds)}` },
    { figure: 'tus / plain write throughput (aim >= 0.7)', value: (baselineSeconds / tusSeconds).toFixed(2) },
    {
      figure: 'server peak RSS growth during the tus upload (aim < 100 MB)',
      value: `${(rssPeak - rssBefore).toFixed(1)} MB (from ${rssBefore.toFixed(0)} MB)`,
    },
    { figure: 'resume: client cut at (bytes; its chunk began at)', value: `${killedAt} (${at})` },
    { figure: 'resume: server answered offset (HEAD)', value: String(resumedFrom) },
    {
      figure: 'resume: bytes sent again beyond what was stored (aim <= one 64 MiB chunk)',
      value: `${Math.max(0, killedAt - resumedFrom)} (${((killedAt - resumedFrom) / CHUNK).toFixed(3)} chunks)`,
    },
    {
      figure: `${smallFiles.length} small files through tus (creation-with-upload), 3 at a time, to ${complete} sets verified`,
      value: `${tusSmallSeconds.toFixed(2)} s`,
    },
    { figure: 'the same files in one multipart request', value: `${multipartSmallSeconds.toFixed(2)} s` },
    { figure: 'tus / multipart time for the small files', value: (tusSmallSeconds / multipartSmallSeconds).toFixed(2) },
  ]);
} finally {
  await api.stop();
  await db.drop();
  await fsp.rm(dataDir, { recursive: true, force: true });
}
