// Issue 18 figures, one run, ratios against baselines measured in the same run:
//  1. one large file (2 GiB; TUS_BENCH_BYTES to change) through /api/uploads/tus in 64 MiB chunks
//     (to recorded in its set: hashed, moved, recorded), against writing the same bytes with a plain
//     Node stream to the same disk; the server's peak RSS growth during the upload;
//  2. resume: the client is cut off in the middle of the chunk after 50 %, then "restarted"
//     (HEAD, then PATCH from the answered offset): the bytes it sends again beyond what the server
//     had stored (tus keeps a cut chunk's bytes, so the aim of at most one chunk is met with room);
//  3. a card of 300 small files (100 sets): from the first byte to all sets verified (the verify
//     step's request), through tus with 3 files at once, each in its creation request
//     (creation-with-upload, as tus-js-client sends files up to 8 MiB), against the multipart route in one request;
//  4. (issue 30) the same 300 files through the batched route as the wizard sends them now (batches of
//     up to 100 files / 31 MiB, 3 requests at a time), against the one multipart request (aim <= 2);
//  5. (issue 30) a card cut by a reload at 50 %: 300 small files sent in batches, one 192 MiB clip finished,
//     one cut in the middle of a chunk past its half; the card chosen again: the plan's answer skips what
//     the server holds (sample hashes), the cut clip continues from the HEAD offset. Figure: bytes sent
//     again beyond what the server had (aim: at most one chunk per half-sent file, 0 for finished files).
// Needs a build first: npm run build. Run: node bench/tus-upload.mjs [--only small,card] (small: 3 and 4; card: 5;
// without --only every part runs, 1 and 2 with TUS_BENCH_BYTES, 2 GiB by default).
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
import { parseArgs } from 'node:util';
import { benchAccount, freshDatabase, startApi, table } from './lib.mjs';

const { values: args } = parseArgs({ options: { only: { type: 'string' } } });
const only = args.only ? new Set(args.only.split(',')) : null;
const runs = (part) => !only || only.has(part);

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

  const rows = [];
  if (runs('large')) {
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
    const gib = (TOTAL / 1024 ** 3).toFixed(2);
    const mbps = (s) => `${(TOTAL / 1048576 / s).toFixed(0)} MB/s`;
    rows.push(
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
    );
  }

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
  // "All sets verified": the verify step's request, as the wizard makes it once the uploads are done.
  const completeSets = async (projectId) => {
    const verify = await fetch(`${api.url}/api/projects/${projectId}/verify-filesets`, { headers: auth }).then((r) => r.json());
    return (verify.fileSets ?? verify.project?.fileSets ?? []).filter((s) => s.status === 'complete').length;
  };
  /** The wizard's batches (card-upload-queue.ts): up to 100 files and 31 MiB each, `parallel` requests at a time. */
  const sendBatches = async (projectId, files, parallel = 3) => {
    const batches = [];
    for (let i = 0; i < files.length;) {
      const batch = [];
      let bytes = 0;
      while (i < files.length && batch.length < 100 && (!batch.length || bytes + files[i][1].length <= 31 * 1024 * 1024)) {
        batch.push(files[i]);
        bytes += files[i++][1].length;
      }
      batches.push(batch);
    }
    let sent = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let b = batches.shift(); b; b = batches.shift()) {
          const form = new FormData();
          for (const [name, data] of b) form.append('files', new Blob([data]), name);
          const res = await fetch(`${api.url}/api/upload/${projectId}/batch`, { method: 'POST', headers: auth, body: form });
          if (res.status !== 200) throw new Error(`batch: ${res.status} ${(await res.text()).slice(0, 200)}`);
          await res.arrayBuffer();
          sent += b.reduce((n, [, d]) => n + d.length, 0);
        }
      }),
    );
    return sent;
  };
  if (runs('small')) {
    const tusProject = await newProject('Small via tus');
    let t = performance.now();
    const queue = [...smallFiles];
    await Promise.all(
      [1, 2, 3].map(async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const [name, data] = next;
          await create(tusProject, name, data.length, data);
        }
      }),
    );
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
    // 4. The batched route, as the wizard sends a card's small files now.
    const batchProject = await newProject('Small via batches');
    t = performance.now();
    await sendBatches(batchProject, smallFiles);
    const batchComplete = await completeSets(batchProject);
    const batchSeconds = (performance.now() - t) / 1000;
    if (complete !== sets || mpComplete !== sets || batchComplete !== sets)
      throw new Error(`sets complete: tus ${complete}, multipart ${mpComplete}, batches ${batchComplete} of ${sets}`);
    rows.push(
      {
        figure: `${smallFiles.length} small files through tus (creation-with-upload), 3 at a time, to ${complete} sets verified`,
        value: `${tusSmallSeconds.toFixed(2)} s`,
      },
      { figure: 'the same files in one multipart request', value: `${multipartSmallSeconds.toFixed(2)} s` },
      { figure: 'tus / multipart time for the small files', value: (tusSmallSeconds / multipartSmallSeconds).toFixed(2) },
      { figure: 'the same files through the batched route (100 a batch, 3 at a time)', value: `${batchSeconds.toFixed(2)} s` },
      {
        figure: `${smallFiles.length} small files: batched route / one multipart request (aim <= 2)`,
        value: (batchSeconds / multipartSmallSeconds).toFixed(2),
      },
    );
  }

  // 5. A card cut by a reload at 50 %, then chosen again.
  if (runs('card')) {
    const CLIP = 3 * CHUNK;
    // Three clips of the same bytes under three names (one buffer: the bench stays light); each its own set.
    // Before the reload: the small files and the first clip are in, the second is cut past its half, the third not begun (about 50 % of the card).
    const clipData = Buffer.concat([...movieBytes(0, CLIP)]);
    const clips = [
      ['DJI_0901.MP4', clipData],
      ['DJI_0902.MP4', clipData],
      ['DJI_0903.MP4', clipData],
    ];
    const card = [...smallFiles, ...clips];
    const cardBytes = card.reduce((n, [, d]) => n + d.length, 0);
    const cardProject = await newProject('Card cut by a reload');
    // First visit: the small files in batches, the first clip whole, the second cut past its half, mid-chunk.
    await sendBatches(cardProject, smallFiles);
    const sendWhole = async (loc, data, from = 0) => {
      for (let o = from; o < data.length; o += CHUNK) {
        const n = Math.min(CHUNK, data.length - o);
        const r = await patch(loc, o, n, [data.subarray(o, o + n)]);
        if (r.status !== 204) throw new Error(`PATCH at ${o}: ${r.status}`);
      }
    };
    await sendWhole(await create(cardProject, clips[0][0], CLIP), clips[0][1]);
    const cutLoc = await create(cardProject, clips[1][0], CLIP);
    const cutAt = Math.floor(CLIP / 2) + Math.floor(CHUNK / 3);
    await sendWhole(cutLoc, clips[1][1].subarray(0, CHUNK));
    const cut = await patch(cutLoc, CHUNK, CHUNK, [clips[1][1].subarray(CHUNK, 2 * CHUNK)], cutAt - CHUNK);
    const firstVisit = smallFiles.reduce((n, [, d]) => n + d.length, 0) + CLIP + CHUNK + cut.sent;
    await new Promise((r) => setTimeout(r, 500));
    // Second visit: the card's list with samples; only what the server lacks is sent.
    const sample = (d) => {
      const h = createHash('sha256');
      const mib = 1024 * 1024;
      if (d.length <= 2 * mib) h.update(d);
      else h.update(d.subarray(0, mib)).update(d.subarray(d.length - mib));
      return h.digest('hex');
    };
    const planRes = await fetch(`${api.url}/api/upload/${cardProject}/plan`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ files: card.map(([filename, d]) => ({ filename, size: d.length, sample: sample(d) })) }),
    });
    const plan = await planRes.json();
    if (planRes.status !== 200) throw new Error(`plan: ${planRes.status} ${JSON.stringify(plan)}`);
    const already = new Set(plan.alreadyUploaded.map((f) => f.filename));
    const secondSmall = smallFiles.filter(([name]) => !already.has(name));
    let secondVisit = secondSmall.length ? await sendBatches(cardProject, secondSmall) : 0;
    let resumedAt = 0;
    if (!already.has(clips[0][0])) throw new Error('the finished clip was not answered "already uploaded"');
    if (!already.has(clips[1][0])) {
      resumedAt = await head(cutLoc);
      await sendWhole(cutLoc, clips[1][1], resumedAt);
      secondVisit += CLIP - resumedAt;
    }
    for (const [name, data] of clips.slice(2)) {
      if (already.has(name)) continue;
      await sendWhole(await create(cardProject, name, CLIP), data);
      secondVisit += CLIP;
    }
    const cardComplete = (await completeSets(cardProject)) >= sets;
    // What the server had at the reload: everything the first visit sent that it kept.
    const resentBeyond = firstVisit + secondVisit - cardBytes;
    rows.push(
      {
        figure: `card cut by a reload: ${card.length} files, ${(cardBytes / 1048576).toFixed(0)} MiB; sent before the reload`,
        value: `${firstVisit} bytes (${((firstVisit / cardBytes) * 100).toFixed(0)} %)`,
      },
      { figure: 'chosen again: files answered "already uploaded"', value: `${already.size} of ${card.length} (${card.length - 2} finished)` },
      { figure: 'chosen again: the cut clip continued from (HEAD offset; cut at)', value: `${resumedAt} (${CHUNK + cut.sent})` },
      {
        figure: 'resume after a reload at 50 %: bytes sent again beyond what the server had (aim <= one chunk per half-sent file, 0 for finished files)',
        value: `${Math.max(0, resentBeyond)} (finished files: ${secondSmall.length ? 'some re-sent' : 0}); all sets there: ${cardComplete}`,
      },
    );
  }
  table(rows);
} finally {
  await api.stop();
  await db.drop();
  await fsp.rm(dataDir, { recursive: true, force: true });
}
