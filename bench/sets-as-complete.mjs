#!/usr/bin/env node
// Issue 18 item 6 figure, one run: with "Process each set as soon as it is complete", a card of
// 20 sets of 1080p clips uploaded over a paced (home-like) link: the time from the last byte
// uploaded to the last result ready, against the spec's flow (upload everything, then start).
//
//   npm run build && npm run bench -- sets-as-complete [-- --sets 20 --seconds 5]
//
// The baseline measured first in the same run is one set's processing time (its upload, then its
// start, to its result), on the same server. The link is paced so that each set takes about 1.5x
// that to upload (a real 1-4 GB clip over a home connection takes far longer than its processing),
// the same pace for both flows. Each set: a real 1080p H.264 clip, a 4000x2250 JPG and a fixture
// SRT, sent over tus in 1 MiB PATCHes, its .SRT and .JPG before its video (as the wizard does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchAccount, makeBenchMedia, numberArg, root, startProcessingApi, table } from './lib.mjs';

const SETS = numberArg('sets', 20);
const SECONDS = numberArg('seconds', 5);
const CHUNK = 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-bench-asc-'));
const media = await makeBenchMedia(dir, { size: '1920x1080', seconds: SECONDS, stillSize: '4000x2250' });
const srtDir = path.join(root, 'api/test/fixtures/srt');
const srts = fs
  .readdirSync(srtDir)
  .filter((f) => /\.srt$/i.test(f))
  .sort()
  .map((f) => path.join(srtDir, f));
const clip = fs.readFileSync(media.clip);
const still = fs.readFileSync(media.still);
const setFiles = (i) => {
  const base = `DJI_${String(i + 1).padStart(4, '0')}`;
  return [
    { name: `${base}.SRT`, data: fs.readFileSync(srts[i % srts.length]) },
    { name: `${base}.JPG`, data: still },
    { name: `${base}.MP4`, data: clip },
  ];
};
const setBytes = setFiles(0).reduce((n, f) => n + f.data.length, 0);

const { api, db } = await startProcessingApi(dir, 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const { auth, newProject } = await benchAccount(api.url);
  const call = async (method, p, body) => {
    const res = await fetch(api.url + p, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  /** One file over tus at `bytesPerSecond` (0: as fast as the machine goes). */
  const tus = async (projectId, file, bytesPerSecond) => {
    const meta = `filename ${Buffer.from(file.name).toString('base64')},projectId ${Buffer.from(projectId).toString('base64')}`;
    const created = await fetch(`${api.url}/api/uploads/tus`, {
      method: 'POST',
      headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(file.data.length), 'upload-metadata': meta },
    });
    if (created.status !== 201) throw new Error(`create ${file.name}: ${created.status} ${await created.text()}`);
    const location = created.headers.get('location');
    const url = location.startsWith('http') ? location : api.url + location;
    const started = performance.now();
    for (let offset = 0; offset < file.data.length; offset += CHUNK) {
      const part = file.data.subarray(offset, offset + CHUNK);
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: part,
      });
      if (res.status !== 204) throw new Error(`patch ${file.name}: ${res.status} ${await res.text()}`);
      if (bytesPerSecond) {
        const due = ((offset + part.length) / bytesPerSecond) * 1000;
        const wait = due - (performance.now() - started);
        if (wait > 0) await sleep(wait);
      }
    }
  };

  const uploadCard = async (projectId, sets, bytesPerSecond) => {
    for (let i = 0; i < sets; i++) for (const f of setFiles(i)) await tus(projectId, f, bytesPerSecond);
    return performance.now();
  };

  const waitForRun = async (projectId) => {
    for (;;) {
      const p = await call('GET', `/api/projects/${projectId}/progress`);
      if (p.runStatus === 'completed') return { at: performance.now(), progress: p };
      await sleep(50);
    }
  };

  // Baseline: one set's processing time, from Start to its result (uploaded unpaced first).
  const one = await newProject('one set');
  await uploadCard(one, 1, 0);
  const t0 = performance.now();
  await call('POST', `/api/projects/${one}/process`);
  const base = await waitForRun(one);
  if (base.progress.completedJobs !== 1) throw new Error(`the baseline set was not processed: ${JSON.stringify(base.progress.jobs)}`);
  const single = base.at - t0;
  const rate = setBytes / ((1.5 * single) / 1000);
  console.log(
    `one set's processing: ${(single / 1000).toFixed(2)} s; set = ${(setBytes / 1e6).toFixed(1)} MB; link paced at ${(rate / 1e6).toFixed(2)} MB/s (${SETS} sets: ~${((SETS * setBytes) / rate).toFixed(0)} s of upload each way)`,
  );

  // The spec's flow: the whole card, then Start processing.
  const a = await newProject('upload then process');
  const aLast = await uploadCard(a, SETS, rate);
  await call('POST', `/api/projects/${a}/process`);
  const aDone = await waitForRun(a);

  // Sets processed as they complete: the run is opened first, ended after the last byte.
  const b = await newProject('as sets complete');
  await call('POST', `/api/projects/${b}/process/as-sets-complete`);
  const bLast = await uploadCard(b, SETS, rate);
  await call('POST', `/api/projects/${b}/process/as-sets-complete/stop`);
  const bDone = await waitForRun(b);

  const after = (done, last) => (done.at - last) / 1000;
  table([
    { flow: 'upload, then process', 'last byte -> last result (s)': after(aDone, aLast).toFixed(2), sets: aDone.progress.completedJobs },
    { flow: 'process each set as it completes', 'last byte -> last result (s)': after(bDone, bLast).toFixed(2), sets: bDone.progress.completedJobs },
  ]);
  console.log(`as-complete / one set's processing time: ${(after(bDone, bLast) / (single / 1000)).toFixed(2)} (aim: under 1)`);
  console.log(`upload-then-process / as-complete: ${(after(aDone, aLast) / after(bDone, bLast)).toFixed(1)}x`);
} finally {
  await api.stop();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
