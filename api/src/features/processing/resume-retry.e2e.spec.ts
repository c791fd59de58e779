/**
 * Issue 16 items 1-3 over REST and GraphQL: removing a file set (owner only, 409 while processing,
 * its bytes gone), processing only the complete sets (the cost counts only them, the incomplete
 * ones are named), Start processing twice (409), and retrying failed sets: the reason in plain
 * words, 402 with the figures, 409 while running, one charge and one refund per run in the ledger.
 */
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { makeTestVideo } from '../../../test/support/media-fixtures.js';
import { createProject, seedFileSets, waitForRun } from './test-support/seed-file-sets.js';
import { PROCESSING_QUEUE } from './processing.service.js';
import { REPLACED_SINCE_FAILURE } from './failure-reason.js';

let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'retryadmin', password: 'retry-admin-1' }, { env: { JOB_BACKOFF_MS: '100' } }));
});
afterAll(() => server.close());

const balance = async (token: string) => (await server.request('GET', '/api/user/credits/balance', { token })).body.creditBalance as number;
/** The user's processing events, oldest first, as [type, runId, amount]. */
const processingEvents = async (userId: string) =>
  (await server.request('GET', `/api/admin/ledger/events?userId=${userId}&limit=100&offset=0`, { token: adminToken })).body.events
    .filter((e: { type: string }) => e.type.startsWith('Processing'))
    .reverse()
    .map((e: { type: string; amount: string; payload: { runId?: string } }) => [e.type, e.payload.runId, e.amount]);
const storageKeysOf = async (fileSetId: string) =>
  (await server.services.pool.query<{ storage_key: string }>('select storage_key from media_files where file_set_id = $1', [fileSetId])).rows.map(
    (r) => r.storage_key,
  );
const exists = (key: string) =>
  fs.access(server.services.storage.absolutePath(key)).then(
    () => true,
    () => false,
  );
/** Holds every queued job (no worker takes one) while `body` runs, so a run stays running for as long as the test needs. */
async function withQueuePaused<T>(body: () => Promise<T>): Promise<T> {
  const queue = server.services.queue.queue(PROCESSING_QUEUE);
  await queue.pause();
  try {
    return await body();
  } finally {
    await queue.resume();
  }
}

describe('removing a file set', () => {
  it('removes the set, its rows and its bytes for the owner; 404 for others; 409 with the reason while processing', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const projectId = await createProject(server, owner.token);
    const [complete, stray, another] = await seedFileSets(server.services, projectId, [
      { baseName: 'DJI_0001' },
      { baseName: 'DJI_0002', omit: ['video', 'srt'] },
      { baseName: 'DJI_0003', omit: ['srt'] },
    ]);
    const keys = await storageKeysOf(stray!);
    expect(keys).toHaveLength(1);
    expect(await exists(keys[0]!)).toBe(true);

    // Another user (and an administrator: owners only) cannot tell it exists.
    for (const token of [other.token, adminToken]) {
      expect((await server.request('DELETE', `/api/filesets/${stray}`, { token })).status).toBe(404);
      const g = await server.graphql('mutation($id: ID!) { removeFileSet(fileSetId: $id) { fileSetId } }', { id: stray }, token);
      expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await server.request('DELETE', `/api/filesets/${stray}`)).status).toBe(401);
    expect((await server.request('DELETE', '/api/filesets/not-a-uuid', { token: owner.token })).status).toBe(400);

    const r = await server.request('DELETE', `/api/filesets/${stray}`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'File set DJI_0002 removed with its 1 file', fileSetId: stray, baseName: 'DJI_0002', removedFiles: 1, projectId });
    expect(await exists(keys[0]!)).toBe(false);
    expect(await storageKeysOf(stray!)).toEqual([]);
    expect((await server.request('DELETE', `/api/filesets/${stray}`, { token: owner.token })).status).toBe(404);

    // While a run is going, neither API removes a set, and both say why.
    await withQueuePaused(async () => {
      expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: owner.token })).status).toBe(202);
      const refused = await server.request('DELETE', `/api/filesets/${another}`, { token: owner.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/being processed/);
      const g = await server.graphql('mutation($id: ID!) { removeFileSet(fileSetId: $id) { fileSetId } }', { id: another }, owner.token);
      expect(g.errors?.[0]?.extensions?.code).toBe('CONFLICT');
      expect(g.errors?.[0]?.message).toMatch(/being processed/);
    });
    await waitForRun(server, owner.token, projectId);

    // GraphQL twin, with the project after the removal.
    const g = await server.graphql(
      'mutation($id: ID!) { removeFileSet(fileSetId: $id) { message removedFiles project { fileSetCount fileSets { id } } } }',
      { id: another },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.removeFileSet).toEqual({
      message: 'File set DJI_0003 removed with its 2 files',
      removedFiles: 2,
      project: { fileSetCount: 1, fileSets: [{ id: complete }] },
    });
  });
});

describe('processing only the complete sets', () => {
  it('names the sets left out, charges only the complete ones, and refuses a second start (409)', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    const [a, b, noSrt] = await seedFileSets(server.services, projectId, [
      { baseName: 'DJI_0001' },
      { baseName: 'DJI_0002' },
      { baseName: 'DJI_0003', omit: ['srt'] },
    ]);

    // The wizard's Continue: refused while a set is incomplete, unless the user leaves it out.
    const strict = await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: u.token });
    expect(strict.status).toBe(409);
    expect(strict.body.message).toMatch(/DJI_0003 \(missing srt\)/);
    const lenient = await server.request('POST', `/api/projects/${projectId}/generate-json?completeOnly=1`, { token: u.token });
    expect(lenient.status).toBe(200);
    expect(lenient.body.leftOut).toEqual([{ fileSetId: noSrt, baseName: 'DJI_0003', reason: 'missing the .SRT telemetry file' }]);
    expect(lenient.body.manifest.fileSetCount).toBe(2);
    const g = await server.graphql(
      'mutation($id: ID!) { generateProjectJson(projectId: $id, completeOnly: true) { message fileSetCount leftOut { baseName reason } } }',
      { id: projectId },
      u.token,
    );
    expect(g.data.generateProjectJson).toEqual({
      message: 'Project configuration generated (1 incomplete file set left out)',
      fileSetCount: 2,
      leftOut: [{ baseName: 'DJI_0003', reason: 'missing the .SRT telemetry file' }],
    });

    const estimate = await server.request('GET', `/api/projects/${projectId}/cost-estimate`, { token: u.token });
    expect(estimate.body).toMatchObject({ scope: 'unprocessed', fileSetCount: 2, totalFileSets: 3, totalCost: 0.06, leftOut: [{ baseName: 'DJI_0003' }] });
    const ge = await server.graphql(
      'query($id: ID!) { costEstimate(projectId: $id) { scope fileSetCount totalCost leftOut { fileSetId } } }',
      { id: projectId },
      u.token,
    );
    expect(ge.data.costEstimate).toEqual({ scope: 'UNPROCESSED', fileSetCount: 2, totalCost: '0.06', leftOut: [{ fileSetId: noSrt }] });
    expect((await server.request('GET', `/api/projects/${projectId}/cost-estimate?scope=everything`, { token: u.token })).status).toBe(400);

    const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(started.status).toBe(202);
    expect(started.body.run).toMatchObject({ totalJobs: 2, charged: '0.06' });
    expect(new Set(started.body.progress.jobs.map((j: { fileSetId: string }) => j.fileSetId))).toEqual(new Set([a, b]));
    await waitForRun(server, u.token, projectId);
    // Nothing left to process: a second start is a 409 and charges nothing.
    const again = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/processed already/);
    expect(await balance(u.token)).toBe(99.94);
    expect((await processingEvents(u.id)).map((e: unknown[]) => e[0])).toEqual(['ProcessingCharged']);

    // The left-out set, once complete, is what the next Start processing takes (and charges).
    await seedFileSets(server.services, projectId, [{ baseName: 'DJI_0004' }]);
    const later = await server.graphql('mutation($id: ID!) { startProcessing(projectId: $id) { run { totalJobs charged } } }', { id: projectId }, u.token);
    expect(later.data.startProcessing.run).toEqual({ totalJobs: 1, charged: '0.03' });
    await waitForRun(server, u.token, projectId);
  });
});

describe('retrying failed sets', () => {
  it('shows why a set failed, retries it at the current cost (402 short, 409 running), charging and refunding once per run', async () => {
    const u = await signUp(server);
    const other = await signUp(server);
    const projectId = await createProject(server, u.token);
    const [good, cut] = await seedFileSets(server.services, projectId, [{ baseName: 'DJI_0001' }, { baseName: 'DJI_0002', truncatedVideo: true }]);

    // Nothing failed yet: nothing to retry.
    const early = await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: u.token });
    expect([early.status, early.body.message]).toEqual([409, 'This project has no failed file set to retry']);

    const first = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    const run1 = first.body.runId as string;
    const done = await waitForRun(server, u.token, projectId);
    const failed = done.jobs.find((j: { fileSetId: string }) => j.fileSetId === cut);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/moov atom not found/) });
    expect(failed.reason).toBe(
      'The video file is incomplete: it ends before its index (often a copy or upload that was cut off). Replace the video and retry.',
    );
    const q = await server.graphql('query($id: ID!) { project(id: $id) { fileSets { id processing { status reason } } } }', { id: projectId }, u.token);
    expect(q.data.project.fileSets.find((s: { id: string }) => s.id === cut).processing).toEqual({ status: 'failed', reason: failed.reason });
    expect(q.data.project.fileSets.find((s: { id: string }) => s.id === good).processing).toEqual({ status: 'completed', reason: null });

    // The retry costs one set at today's price; others cannot see or retry the project.
    await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value: 100 } });
    try {
      const est = await server.graphql(
        'query($id: ID!) { costEstimate(projectId: $id, scope: FAILED) { fileSetCount costPerFileset totalCost } }',
        { id: projectId },
        u.token,
      );
      expect(est.data.costEstimate).toEqual({ fileSetCount: 1, costPerFileset: '0.04', totalCost: '0.04' });
      expect((await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: other.token })).status).toBe(404);
      const og = await server.graphql('mutation($id: ID!) { retryProcessing(projectId: $id) { run { id } } }', { id: projectId }, other.token);
      expect(og.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      // Too few credits: 402 with the figures, over both APIs, and nothing charged.
      const left = await balance(u.token);
      await server.request('POST', `/api/admin/users/${u.id}/credits`, {
        token: adminToken,
        body: { amount: -Number((left - 0.01).toFixed(2)), description: 'test' },
      });
      const short = await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: u.token });
      expect(short.status).toBe(402);
      expect(short.body.creditCheck).toMatchObject({ estimatedCost: 0.04, currentBalance: 0.01, fileSetCount: 1 });
      const gs = await server.graphql('mutation($id: ID!) { retryProcessing(projectId: $id) { run { id } } }', { id: projectId }, u.token);
      expect(gs.errors?.[0]?.extensions).toMatchObject({ code: 'INSUFFICIENT_CREDITS', creditCheck: { estimatedCost: 0.04, currentBalance: 0.01 } });
      await server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount: 1, description: 'test' } });

      // Retry with the same file: fails again for the same reason, charged once and refunded once.
      const key = randomUUID();
      let run2 = '';
      await withQueuePaused(async () => {
        const retry = await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: u.token, headers: { 'idempotency-key': key } });
        expect(retry.status).toBe(202);
        expect(retry.body.run).toMatchObject({ totalJobs: 1, costPerFileset: '0.04', charged: '0.04' });
        run2 = retry.body.runId;
        // The same key answers the same run; without it, a second retry or start while it runs is a 409.
        const replay = await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: u.token, headers: { 'idempotency-key': key } });
        expect(replay.body.runId).toBe(run2);
        const busy = await server.graphql('mutation($id: ID!) { retryProcessing(projectId: $id) { run { id } } }', { id: projectId }, u.token);
        expect([busy.errors?.[0]?.extensions?.code, busy.errors?.[0]?.message]).toEqual(['CONFLICT', 'Processing is already running for this project']);
        expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(409);
      });
      const again = await waitForRun(server, u.token, projectId);
      expect(again).toMatchObject({ runId: run2, totalJobs: 1, failedJobs: 1 });
      expect(await balance(u.token)).toBe(1.01);

      // Replace the video with a good one, retry over GraphQL: completes, charged, nothing refunded.
      const video = await fs.readFile(await makeTestVideo());
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(video)]), 'DJI_0002.MP4');
      const replaced = await fetch(`${server.url}/api/filesets/${cut}/files?kind=video`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}` },
        body: form,
      });
      expect(replaced.status).toBe(200);
      const after = await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
      expect(after.body.jobs[0]).toMatchObject({ fileSetId: cut, status: 'failed', reason: REPLACED_SINCE_FAILURE });
      const g3 = await server.graphql('mutation($id: ID!) { retryProcessing(projectId: $id) { run { id totalJobs charged } } }', { id: projectId }, u.token);
      expect(g3.errors).toBeUndefined();
      const run3 = g3.data.retryProcessing.run.id as string;
      expect(await waitForRun(server, u.token, projectId)).toMatchObject({ runId: run3, completedJobs: 1, failedJobs: 0 });
      expect(await balance(u.token)).toBe(0.97);
      expect((await server.request('GET', `/api/filesets/${cut}/results`, { token: u.token })).status).toBe(200);

      // One ledger entry per charge and per refund, each keyed by its run.
      expect(await processingEvents(u.id)).toEqual([
        ['ProcessingCharged', run1, '-0.06'],
        ['ProcessingRefunded', run1, '0.03'],
        ['ProcessingCharged', run2, '-0.04'],
        ['ProcessingRefunded', run2, '0.04'],
        ['ProcessingCharged', run3, '-0.04'],
      ]);
      const nothing = await server.request('POST', `/api/projects/${projectId}/process/retry`, { token: u.token });
      expect(nothing.status).toBe(409);
    } finally {
      await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value: 50 } });
    }
  });
});

describe('the new routes in UPPER case', () => {
  it('are authorised as their matched routes: owners only, and the retry needs the process scope', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const projectId = await createProject(server, owner.token);
    const [stray] = await seedFileSets(server.services, projectId, [{ baseName: 'DJI_0009', omit: ['video'] }]);
    const upper = (p: string) => p.toUpperCase();
    expect((await server.request('DELETE', upper(`/api/filesets/${stray}`))).status).toBe(401);
    expect((await server.request('DELETE', upper(`/api/filesets/${stray}`), { token: other.token })).status).toBe(404);
    expect((await server.request('POST', upper(`/api/projects/${projectId}/process/retry`), { token: other.token })).status).toBe(404);
    expect((await server.request('POST', upper(`/api/projects/${projectId}/process/retry`))).status).toBe(401);

    // An API token with read and write but not process may not retry (a paid run), whatever the case of the path.
    const made = await server.request('POST', '/api/user/tokens', { token: owner.token, body: { name: 'no-process', scopes: ['read', 'write'] } });
    const apiToken = made.body.secret ?? made.body.token?.secret;
    expect(typeof apiToken).toBe('string');
    for (const p of [`/api/projects/${projectId}/process/retry`, upper(`/api/projects/${projectId}/process/retry`)]) {
      const r = await server.request('POST', p, { token: apiToken });
      expect([r.status, r.body.message]).toEqual([403, "This API token does not have the 'process' scope needed for this request"]);
    }
    const removed = await server.request('DELETE', upper(`/api/filesets/${stray}`), { token: apiToken });
    expect(removed.status).toBe(200);
  });
});
