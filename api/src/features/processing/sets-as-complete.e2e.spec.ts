/**
 * "Process each set as soon as it is complete" (issue 18 item 6), over HTTP with real uploads: a run
 * opened before the card uploads takes each set the moment its last file is recorded (multipart and
 * tus alike), charges it once (ledger key run/set), refunds a set that fails on its own, keeps the
 * project open for other sets' files while refusing changes to sets it holds, stops taking sets when
 * the credits run out (with the reason) or when told, and then finishes like any run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { makeTestFileSet } from '../../../test/support/media-fixtures.js';
import { tusUploadAll } from '../resumable-uploads/test-support/tus-requests.js';
import { createProject, waitForRun } from './test-support/seed-file-sets.js';

let server: StartedTestServer;
let idle: StartedTestServer; // no worker: the jobs it queues stay open, so the locks can be seen
let adminToken: string;
let idleAdmin: string;
let dir: string;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }, { env: { JOB_BACKOFF_MS: '100' } }));
  ({ server: idle, adminToken: idleAdmin } = await startTestServerWithAdmin(
    { username: 'finance', password: 'finance-pass' },
    { env: { RUN_WORKER: 'false' } },
  ));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sets-as-complete-'));
});
afterAll(async () => {
  await Promise.all([server?.close(), idle?.close()]);
  await fs.rm(dir, { recursive: true, force: true });
});

type Srv = StartedTestServer;
const balance = async (s: Srv, token: string) => (await s.request('GET', '/api/user/credits/balance', { token })).body.creditBalance as number;
const progress = async (s: Srv, token: string, projectId: string) => (await s.request('GET', `/api/projects/${projectId}/progress`, { token })).body;

/** Sends files through the multipart route, as the wizard's fallback and integrators do. */
async function upload(s: Srv, token: string, projectId: string, files: string[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(await fs.readFile(f))]), path.basename(f));
  const res = await fetch(`${s.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

const setFiles = async (baseName: string, opts: Parameters<typeof makeTestFileSet>[2] = {}) => {
  const files = await makeTestFileSet(path.join(dir, randomBytes(4).toString('hex')), baseName, opts);
  const byExt = (ext: string) => files.find((f) => f.toUpperCase().endsWith(ext))!;
  return { video: byExt('.MP4'), jpg: byExt('.JPG'), srt: byExt('.SRT') };
};

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('a card uploading with its sets processed as they complete', () => {
  it('takes each set when its last file is in (multipart and tus), charges it once, and finishes once told no more sets come', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    const opened = await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete`, { token: u.token });
    expect(opened.status).toBe(202);
    expect(opened.body.run).toMatchObject({
      status: 'running',
      totalJobs: 0,
      charged: '0.00',
      acceptingSets: true,
      chargedPerSet: true,
      costPerFileset: '0.03',
    });
    expect(opened.body.progress).toMatchObject({ status: 'processing', acceptingSets: true, totalJobs: 0 });
    // Asked again (a reload of the wizard): the same run, nothing new.
    const again = await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete`, { token: u.token });
    expect(again.status).toBe(202);
    expect(again.body.runId).toBe(opened.body.runId);
    // A normal start meanwhile is refused: one run at a time.
    expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(409);

    // The small files first, as the wizard sends them: the set is incomplete, nothing is taken or charged.
    const one = await setFiles('DJI_0001');
    expect((await upload(server, u.token, projectId, [one.srt, one.jpg])).status).toBe(200);
    expect((await progress(server, u.token, projectId)).totalJobs).toBe(0);
    expect(await balance(server, u.token)).toBe(100);

    // The video completes it: taken at once and charged for one set.
    expect((await upload(server, u.token, projectId, [one.video])).status).toBe(200);
    expect((await progress(server, u.token, projectId)).totalJobs).toBe(1);
    expect(await balance(server, u.token)).toBe(99.97);

    // Its result is there while the intake is still open (the card is still uploading).
    const first = await waitFor(
      'DJI_0001 processed',
      () => progress(server, u.token, projectId),
      (p) => p.completedJobs === 1,
    );
    expect(first).toMatchObject({ runStatus: 'running', acceptingSets: true, status: 'processing' });
    const sets = (await server.request('GET', `/api/projects/${projectId}/verify-filesets`, { token: u.token })).body.project.fileSets as Array<{
      id: string;
      baseName: string;
    }>;
    const r1 = await server.request('GET', `/api/filesets/${sets.find((s) => s.baseName === 'DJI_0001')!.id}/results`, { token: u.token });
    expect(r1.status).toBe(200);
    expect(r1.body.results.content.title).toMatch(/Barcelona/);

    // The second set over tus: taken when its last byte is in.
    const two = await setFiles('DJI_0002', { srtFixture: 'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT' });
    for (const f of [two.srt, two.jpg, two.video]) {
      const { last } = await tusUploadAll(server.url, u.token, { filename: path.basename(f), projectId, data: await fs.readFile(f), chunk: 256 * 1024 });
      expect(last.status).toBe(204);
    }
    expect((await progress(server, u.token, projectId)).totalJobs).toBe(2);
    expect(await balance(server, u.token)).toBe(99.94);

    // No more sets: the run finishes when both are done, the project is completed, nothing refunded.
    const stopped = await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete/stop`, { token: u.token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.run).toMatchObject({ acceptingSets: false, totalJobs: 2, charged: '0.06' });
    const done = await waitForRun(server, u.token, projectId);
    expect(done).toMatchObject({ status: 'completed', totalJobs: 2, completedJobs: 2, failedJobs: 0, acceptingSets: false, intakeStoppedReason: null });
    // Asked twice (a retried request): the same run.
    expect((await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete/stop`, { token: u.token })).status).toBe(200);
    // One charge line per set in the history.
    const history = await server.request('GET', '/api/user/transactions?limit=50&offset=0', { token: u.token });
    const lines = history.body.transactions.map((t: { description: string }) => t.description);
    expect(lines.filter((l: string) => /^Processing: DJI_000[12] of "/.test(l))).toHaveLength(2);
    expect(await balance(server, u.token)).toBe(99.94);

    // A set completed after the intake ended waits for a normal start.
    const three = await setFiles('DJI_0003');
    expect((await upload(server, u.token, projectId, [three.srt, three.jpg, three.video])).status).toBe(200);
    expect((await progress(server, u.token, projectId)).totalJobs).toBe(2);
  });

  it('refunds a set that fails on its own, at once, while the intake is still open', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    expect((await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete`, { token: u.token })).status).toBe(202);
    const bad = await setFiles('DJI_0009');
    const corrupt = path.join(path.dirname(bad.video), 'corrupt', 'DJI_0009.MP4');
    await fs.mkdir(path.dirname(corrupt), { recursive: true });
    await fs.writeFile(corrupt, Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), randomBytes(64 * 1024)]));
    // An MP4 header over random bytes passes the upload's content check and fails in the pipeline.
    expect((await upload(server, u.token, projectId, [bad.srt, bad.jpg, corrupt])).status).toBe(200);
    const failed = await waitFor(
      'DJI_0009 failed',
      () => progress(server, u.token, projectId),
      (p) => p.failedJobs === 1,
    );
    expect(failed).toMatchObject({ runStatus: 'running', acceptingSets: true });
    // Charged 0.03, refunded 0.03 before the card is done.
    await waitFor(
      'refund',
      () => balance(server, u.token),
      (b) => b === 100,
    );
    const events = (await server.request('GET', `/api/admin/ledger/events?userId=${u.id}&limit=100&offset=0`, { token: adminToken })).body.events as Array<{
      type: string;
    }>;
    expect(events.filter((e) => e.type.startsWith('Processing')).map((e) => e.type)).toEqual(
      expect.arrayContaining(['ProcessingCharged', 'ProcessingRefunded']),
    );
    await server.request('POST', `/api/projects/${projectId}/process/as-sets-complete/stop`, { token: u.token });
    const done = await waitForRun(server, u.token, projectId);
    expect(done).toMatchObject({ completedJobs: 0, failedJobs: 1 });
    const run = await server.graphql(`query($id: ID!) { project(id: $id) { latestRun { charged refunded chargedPerSet } } }`, { id: projectId }, u.token);
    expect(run.data.project.latestRun).toEqual({ charged: '0.03', refunded: '0.03', chargedPerSet: true });
    expect(await balance(server, u.token)).toBe(100);
  });
});

describe('locks and limits while sets are taken (no worker: the jobs stay open)', () => {
  it('keeps the project open for other sets, refuses changes to a set in the run, and stops taking sets when the credits run out', async () => {
    const u = await signUp(idle);
    // Enough for two sets only.
    expect(
      (await idle.request('POST', `/api/admin/users/${u.id}/credits`, { token: idleAdmin, body: { amount: -99.94, description: 'test: two sets left' } }))
        .status,
    ).toBe(200);
    const projectId = await createProject(idle, u.token);
    expect((await idle.request('POST', `/api/projects/${projectId}/process/as-sets-complete`, { token: u.token })).status).toBe(202);
    const a = await setFiles('DJI_0001');
    const b = await setFiles('DJI_0002');
    const c = await setFiles('DJI_0003');
    expect((await upload(idle, u.token, projectId, [a.srt, a.jpg, a.video])).status).toBe(200);

    // DJI_0001 waits in the queue: its files cannot change; another set's can still arrive.
    const replace = await upload(idle, u.token, projectId, [a.jpg]);
    expect(replace.status).toBe(409);
    expect(replace.body.message).toBe('DJI_0001 is being processed: its files cannot change until processing ends');
    expect((await upload(idle, u.token, projectId, [b.srt, b.jpg])).status).toBe(200);
    // Removing a set while the run goes is refused as before.
    const sets = (await idle.request('GET', `/api/projects/${projectId}/verify-filesets`, { token: u.token })).body.project.fileSets as Array<{
      id: string;
      baseName: string;
    }>;
    expect((await idle.request('DELETE', `/api/filesets/${sets.find((s) => s.baseName === 'DJI_0002')!.id}`, { token: u.token })).status).toBe(409);
    expect((await upload(idle, u.token, projectId, [b.video])).status).toBe(200);
    expect((await progress(idle, u.token, projectId)).totalJobs).toBe(2);
    expect(await balance(idle, u.token)).toBe(0);

    // The third set finds no credits: not taken, not charged, and the intake ends with the reason.
    expect((await upload(idle, u.token, projectId, [c.srt, c.jpg, c.video])).status).toBe(200);
    const p = await progress(idle, u.token, projectId);
    expect(p).toMatchObject({ totalJobs: 2, acceptingSets: false, runStatus: 'running' });
    expect(p.intakeStoppedReason).toMatch(
      /^Credits ran out at DJI_0003 \(0\.03 credits a set, balance 0(\.00)?\): buy credits, then start processing the sets left$/,
    );
    expect(await balance(idle, u.token)).toBe(0);
    // With the intake ended, the project is closed to files again until the run finishes (as any run).
    const late = await setFiles('DJI_0004');
    expect((await upload(idle, u.token, projectId, [late.srt])).status).toBe(409);
    // Stopping a run that no longer takes sets answers it.
    const stop = await idle.request('POST', `/api/projects/${projectId}/process/as-sets-complete/stop`, { token: u.token });
    expect(stop.status).toBe(200);
    expect(stop.body.run).toMatchObject({ acceptingSets: false, intakeStoppedReason: expect.stringMatching(/^Credits ran out/) });
  });

  it('ends the intake of a run whose wizard went away (no new set, no live upload for 30 minutes), not of one still fed', async () => {
    const u = await signUp(idle);
    const gone = await createProject(idle, u.token);
    const fed = await createProject(idle, u.token);
    for (const p of [gone, fed]) expect((await idle.request('POST', `/api/projects/${p}/process/as-sets-complete`, { token: u.token })).status).toBe(202);
    // Both quiet for 31 minutes; the second still has an unexpired upload in progress (a 4 GB clip on a slow link).
    await idle.services.pool.query(`update processing_runs set updated_at = now() - interval '31 minutes' where project_id = any($1::uuid[])`, [[gone, fed]]);
    const created = await fetch(`${idle.url}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(4 * 1024 ** 3),
        'upload-metadata': `filename ${Buffer.from('DJI_0001.MP4').toString('base64')},projectId ${Buffer.from(fed).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const { INTAKE_IDLE_MS } = await import('./processing.service.js');
    expect(await idle.services.processing.stopIdleIntakes(INTAKE_IDLE_MS)).toBe(1);
    expect(await progress(idle, u.token, gone)).toMatchObject({ acceptingSets: false, runStatus: 'completed' });
    expect(await progress(idle, u.token, fed)).toMatchObject({ acceptingSets: true, runStatus: 'running' });
  });

  it('answers 404 to other users, 409 without such a run, and the same over GraphQL', async () => {
    const owner = await signUp(idle);
    const other = await signUp(idle);
    const projectId = await createProject(idle, owner.token);
    for (const p of [`/api/projects/${projectId}/process/as-sets-complete`, `/api/projects/${projectId}/process/as-sets-complete/stop`])
      expect((await idle.request('POST', p, { token: other.token })).status).toBe(404);
    const noRun = await idle.request('POST', `/api/projects/${projectId}/process/as-sets-complete/stop`, { token: owner.token });
    expect(noRun.status).toBe(409);
    expect(noRun.body.message).toBe('This project has no run taking sets as they complete');

    const start = `mutation($id: ID!) { startProcessingAsSetsComplete(projectId: $id) { run { id acceptingSets totalJobs } progress { acceptingSets } } }`;
    const stop = `mutation($id: ID!) { stopTakingSets(projectId: $id) { run { id acceptingSets } } }`;
    const foreign = await idle.graphql(start, { id: projectId }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const opened = await idle.graphql(start, { id: projectId }, owner.token);
    expect(opened.errors).toBeUndefined();
    expect(opened.data.startProcessingAsSetsComplete).toMatchObject({ run: { acceptingSets: true, totalJobs: 0 }, progress: { acceptingSets: true } });
    expect((await idle.graphql(stop, { id: projectId }, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const stopped = await idle.graphql(stop, { id: projectId }, owner.token);
    expect(stopped.data.stopTakingSets.run).toEqual({ id: opened.data.startProcessingAsSetsComplete.run.id, acceptingSets: false });
    // An empty run that stopped taking sets has nothing to wait for: it is finished.
    expect(await progress(idle, owner.token, projectId)).toMatchObject({ runStatus: 'completed', totalJobs: 0, status: 'completed' });
    // A trashed project cannot open one.
    const trashed = await createProject(idle, owner.token);
    await idle.request('DELETE', `/api/projects/${trashed}`, { token: owner.token });
    expect((await idle.graphql(start, { id: trashed }, owner.token)).errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});
