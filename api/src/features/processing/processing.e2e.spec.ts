/**
 * Processing over HTTP on the Redis queue: start (charge, 402, 409, 404, 400), a full run with a
 * corrupt video and a no-GPS set (refund of the failed set), progress, and the GraphQL twins.
 */
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets, waitForRun } from './test-support/seed-file-sets.js';
import { titleProblems } from '../../analysis/metadata/titles.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeDjiCard } from '../../../test/support/dji-card.js';

let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }, { env: { JOB_BACKOFF_MS: '100' } }));
});
afterAll(() => server.close());

const balance = async (token: string) => (await server.request('GET', '/api/user/credits/balance', { token })).body.creditBalance;
const processingEvents = async (userId: string) =>
  (await server.request('GET', `/api/admin/ledger/events?userId=${userId}&limit=100&offset=0`, { token: adminToken })).body.events.filter(
    (e: { type: string }) => e.type.startsWith('Processing'),
  );

describe('a full run', () => {
  it('charges once, processes complete sets, fails the corrupt one, refunds it and completes the project', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    const [air2s, corato, noGps, corrupt] = await seedFileSets(server.services, projectId, [
      { baseName: 'DJI_0001', srtFixture: 'JuanIrache__DJI_SRT_Parser__air2s.srt' },
      { baseName: 'DJI_0002', srtFixture: 'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT', jpg: { source: 'color=c=0x4a8a3a' } },
      { baseName: 'DJI_0003', srtFixture: 'JuanIrache__DJI_SRT_Parser__mavic_air.SRT' },
      { baseName: 'DJI_0004', corruptVideo: true },
      { baseName: 'DJI_0005', omit: ['srt'] },
    ]);

    const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(started.status).toBe(202);
    expect(started.body.run).toMatchObject({ totalJobs: 4, costPerFileset: '0.03', charged: '0.12', status: 'running' });
    expect(started.body.progress.totalJobs).toBe(4);
    expect(await balance(u.token)).toBe(99.88);

    const done = await waitForRun(server, u.token, projectId);
    expect(done).toMatchObject({ status: 'completed', totalJobs: 4, completedJobs: 3, failedJobs: 1, processingJobs: 0, progress: 100 });
    const byId = Object.fromEntries(done.jobs.map((j: { fileSetId: string }) => [j.fileSetId, j]));
    expect(byId[corrupt!]).toMatchObject({ status: 'failed', progress: expect.any(Number) });
    expect(byId[corrupt!].error).toMatch(/video could not be read/i);
    expect(byId[corrupt!].attempts).toBe(1); // permanent: not retried
    // The owner is told once: "finished with failed sets", with the counts (issue 34 item 5; sent just after the run ends).
    const told = async () => server.services.mail.store.forUser(u.id, ['processing-failed', 'processing-finished'], 10);
    for (const end = Date.now() + 10_000; (await told()).length === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    expect((await told()).map((m) => m.subject)).toEqual([expect.stringMatching(/^Processing of ".+": 1 of 4 sets failed$/)]);
    for (const id of [air2s, corato, noGps]) expect(byId[id!]).toMatchObject({ status: 'completed', progress: 100, stageMessage: 'Completed' });

    // 4 x 0.03 charged, the failed set's 0.03 refunded.
    expect(await balance(u.token)).toBe(99.91);
    const events = await processingEvents(u.id);
    expect(events.map((e: { type: string }) => e.type).sort()).toEqual(['ProcessingCharged', 'ProcessingRefunded']);
    // History lines name the run once (issue 16: it read "Processing: Processing 4 file sets").
    const history = await server.request('GET', '/api/user/transactions?limit=50&offset=0', { token: u.token });
    const lines = history.body.transactions.map((t: { description: string }) => t.description);
    expect(lines).toEqual(expect.arrayContaining(['Processing: 4 file sets of "Drone clips"', 'Refund: 1 failed file set']));
    const project = await server.request('GET', `/api/projects/${projectId}`, { token: u.token });
    expect(project.body.status).toBe('completed');

    // Results: Barcelona for the Air 2S, Corato for DJI_0023, Unknown without GPS.
    const r1 = await server.request('GET', `/api/filesets/${air2s}/results`, { token: u.token });
    expect(r1.status).toBe(200);
    expect(r1.body.results.metadata).toMatchObject({ city: 'Barcelona', country: 'Spain', latitude: 41.424724, longitude: 2.234156 });
    // Subject and place first, within every agency's limits (issue 21).
    expect(r1.body.results.content.title).toMatch(/Barcelona/);
    expect(titleProblems(r1.body.results.content.title)).toEqual([]);
    expect(r1.body.results.content.keywords.length).toBeGreaterThanOrEqual(7);
    expect(r1.body.results.content.keywords.length).toBeLessThanOrEqual(30);
    expect(r1.body.edited).toBe(false);
    const r2 = await server.request('GET', `/api/filesets/${corato}/results`, { token: u.token });
    expect(r2.body.results.metadata).toMatchObject({ city: 'Corato', country: 'Italy' });
    expect(r2.body.results.content.title).toContain('Corato');
    const r3 = await server.request('GET', `/api/filesets/${noGps}/results`, { token: u.token });
    expect(r3.body.results.metadata).toEqual({ latitude: null, longitude: null, city: 'Unknown', country: 'Unknown' });
    expect(new Set([r1, r2, r3].map((r) => r.body.results.content.title)).size).toBe(3);
    expect((await server.request('GET', `/api/filesets/${corrupt}/results`, { token: u.token })).status).toBe(404);

    // The project page's one query.
    const gql = await server.graphql(
      `query($id: ID!) { project(id: $id) { status progress { totalJobs completedJobs failedJobs progress } latestRun { charged refunded succeededJobs failedJobs }
         fileSets { id baseName thumbnailUri previewUri edited processing { status progress } result { provider current { content { title keywords } metadata { city } shotTypes { id label value } } } } } }`,
      { id: projectId },
      u.token,
    );
    expect(gql.errors).toBeUndefined();
    const p = gql.data.project;
    expect(p.progress).toEqual({ totalJobs: 4, completedJobs: 3, failedJobs: 1, progress: 100 });
    expect(p.latestRun).toEqual({ charged: '0.12', refunded: '0.03', succeededJobs: 3, failedJobs: 1 });
    const sets = Object.fromEntries(p.fileSets.map((s: { id: string }) => [s.id, s]));
    expect(sets[air2s!].processing).toEqual({ status: 'completed', progress: 100 });
    expect(sets[air2s!].thumbnailUri).toMatch(/^\/api\/files\//);
    expect(sets[air2s!].result.current.content.title).toBe(r1.body.results.content.title);
    expect(sets[air2s!].result.current.shotTypes.find((s: { id: string }) => s.id === 'aerial')).toEqual({ id: 'aerial', label: 'Aerial', value: true });
    expect(sets[corrupt!].processing.status).toBe('failed');
    expect(sets[corrupt!].result).toBeNull();
    expect(p.fileSets.find((s: { baseName: string }) => s.baseName === 'DJI_0005').processing).toBeNull();
  });
});

describe('a DJI card as the drone writes it (issue 30)', () => {
  it('clips get their stills, the photo is a set, a clip without .SRT goes by choice; all are processed and exported', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dji-card-e2e-'));
    try {
      const card = await makeDjiCard(dir, { clips: 2, photos: 1 });
      // The second clip's captions were off on the drone: no .SRT. The wizard leaves the .LRF proxies home.
      const sent = card.files.filter((f) => !f.endsWith('.LRF') && !f.endsWith(`${card.clips[1]}.SRT`));
      const form = new FormData();
      for (const f of sent) form.append('files', new Blob([new Uint8Array(await fs.readFile(f))]), path.basename(f));
      const up = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${u.token}` }, body: form });
      expect(up.status).toBe(200);

      // Step 3: stills taken (the verify waits for them), the photo complete, the clip without .SRT offered its choice.
      const q = `query($id: ID!) { verifyFileSets(projectId: $id) { allComplete fileSets { id baseName status shape processable stillFromVideo missing incompleteReason files { filename fromVideo } } } }`;
      let v = (await server.graphql(q, { id: projectId }, u.token)).data.verifyFileSets;
      const byName = (n: string) => v.fileSets.find((s: { baseName: string }) => s.baseName === n);
      expect(byName(card.clips[0]!)).toMatchObject({ status: 'complete', shape: 'clip', stillFromVideo: true, processable: true });
      expect(byName(card.clips[0]!).files).toContainEqual({ filename: `${card.clips[0]}.JPG`, fromVideo: true });
      expect(byName(card.photos[0]!)).toMatchObject({ status: 'complete', shape: 'photo', processable: true, missing: [] });
      expect(byName(card.clips[1]!)).toMatchObject({ status: 'incomplete', stillFromVideo: true, processable: false, missing: ['srt'] });
      expect((await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: u.token })).status).toBe(409);

      // "Process without telemetry" for all; bad input is a 400, another user's project a 404.
      const bad = await server.request('POST', `/api/projects/${projectId}/fileset-choices`, { token: u.token, body: { withoutTelemetry: 'yes' } });
      expect(bad.status).toBe(400);
      const other = await signUp(server);
      expect(
        (await server.request('POST', `/api/projects/${projectId}/fileset-choices`, { token: other.token, body: { withoutTelemetry: true } })).status,
      ).toBe(404);
      const chosen = await server.graphql(
        'mutation($id: ID!) { chooseFileSetProcessing(projectId: $id, withoutTelemetry: true) { baseName processable withoutTelemetry } }',
        { id: projectId },
        u.token,
      );
      expect(chosen.errors).toBeUndefined();
      v = (await server.graphql(q, { id: projectId }, u.token)).data.verifyFileSets;
      expect(byName(card.clips[1]!)).toMatchObject({ processable: true });
      expect((await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: u.token })).status).toBe(200);

      // Same price per set: three sets, three charges.
      const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
      expect(started.status).toBe(202);
      expect(started.body.run).toMatchObject({ totalJobs: 3, charged: '0.09' });
      const done = await waitForRun(server, u.token, projectId);
      expect(done).toMatchObject({ status: 'completed', completedJobs: 3, failedJobs: 0 });

      const results = async (n: string) => (await server.request('GET', `/api/filesets/${byName(n).id}/results`, { token: u.token })).body.results;
      const photo = await results(card.photos[0]!);
      expect(photo.content.title).toMatch(/photo/i);
      expect(photo.metadata.city).toBe('Barcelona');
      expect(photo.shot_types).toMatchObject({ hover: false, orbit: false, tracking: false });
      const noSrt = await results(card.clips[1]!);
      expect(noSrt.metadata).toMatchObject({ latitude: null, city: 'Unknown' });

      // The agencies' CSVs take the photo by its JPG and the clips by their videos.
      for (const route of ['adobe-csv', 'shutterstock-csv']) {
        const csv = await server.request('GET', `/api/projects/${route}/${projectId}`, { token: u.token });
        expect(csv.status).toBe(200);
        const text = typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body);
        for (const name of [`${card.photos[0]}.JPG`, `${card.clips[0]}.MP4`, `${card.clips[1]}.MP4`]) expect(text).toContain(name);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('starting', () => {
  it('refuses a second start while a run is going (409), charging only once', async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    await seedFileSets(server.services, projectId, [{ baseName: 'A1' }, { baseName: 'A2' }]);
    const answers = await Promise.all([1, 2, 3].map(() => server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/already running/);
    await waitForRun(server, u.token, projectId);
    expect(await balance(u.token)).toBe(99.94);
    expect(await processingEvents(u.id)).toHaveLength(1); // no refund event for a zero refund
  });

  it('answers 402 with creditCheck when the balance is short, over REST and GraphQL, and charges nothing', async () => {
    const u = await signUp(server);
    const adjust = await server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount: -99.95, description: 'test' } });
    expect(adjust.status).toBe(200);
    const projectId = await createProject(server, u.token);
    await seedFileSets(server.services, projectId, [{ baseName: 'B1' }, { baseName: 'B2' }]);
    const r = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(r.status).toBe(402);
    expect(r.body.message).toMatch(/Insufficient credits/);
    expect(r.body.creditCheck).toMatchObject({ estimatedCost: 0.06, currentBalance: 0.05 });
    const g = await server.graphql('mutation($id: ID!) { startProcessing(projectId: $id) { run { id } } }', { id: projectId }, u.token);
    expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'INSUFFICIENT_CREDITS', creditCheck: { estimatedCost: 0.06, currentBalance: 0.05 } });
    expect(await balance(u.token)).toBe(0.05);
    expect(await processingEvents(u.id)).toHaveLength(0);
    // The refused start left no run behind: progress shows none.
    const progress = await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
    expect(progress.body).toMatchObject({ runId: null, totalJobs: 0, jobs: [] });
  });

  it("answers 404 for another user's project, 409 in the trash, 400 without a complete set", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const projectId = await createProject(server, owner.token);
    // No .SRT (not chosen to go without): incomplete. A set without its JPG gets a still from its video (issue 30).
    await seedFileSets(server.services, projectId, [{ baseName: 'C1', omit: ['srt'] }]);
    expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', `/api/projects/${projectId}/progress`, { token: other.token })).status).toBe(404);
    expect((await server.request('POST', `/api/projects/${projectId}/process`)).status).toBe(401);
    const none = await server.request('POST', `/api/projects/${projectId}/process`, { token: owner.token });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/no complete file set/);
    await seedFileSets(server.services, projectId, [{ baseName: 'C2' }]);
    expect((await server.request('DELETE', `/api/projects/${projectId}`, { token: owner.token })).status).toBe(200);
    const trashed = await server.request('POST', `/api/projects/${projectId}/process`, { token: owner.token });
    expect(trashed.status).toBe(409);
    expect(trashed.body.message).toMatch(/trash/);
    const g = await server.graphql('mutation($id: ID!) { startProcessing(projectId: $id) { run { id } } }', { id: projectId }, other.token);
    expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await balance(owner.token)).toBe(100);
  });
});

describe('progress', () => {
  it("reads a run's end as one snapshot: never a completed run beside a project still processing", async () => {
    const u = await signUp(server);
    const projectId = await createProject(server, u.token);
    await seedFileSets(server.services, projectId, [{ baseName: 'DJI_0001' }]);
    expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);
    const { runId } = await waitForRun(server, u.token, projectId);
    const { pool, processing } = server.services;
    // Back to the moment before the run ends: every job settled, the run and project still going.
    await pool.query(`update processing_runs set status = 'running' where id = $1`, [runId]);
    await pool.query(`update projects set status = 'processing' where id = $1`, [projectId]);

    // The run ends as finishIfSettled ends it (run and project in one transaction), but its commit
    // is held until the progress read waits on the runs table: a read of the project alone would
    // already be behind it, and a later read of the run would see the commit.
    const ender = await pool.connect();
    try {
      await ender.query('begin');
      await ender.query(`update projects set status = 'completed' where id = $1`, [projectId]);
      await ender.query('lock table processing_runs in access exclusive mode');
      await ender.query(`update processing_runs set status = 'completed' where id = $1`, [runId]);
      let settled = false;
      const read = processing.progressOf(projectId).finally(() => (settled = true));
      for (let waiting = 0; waiting === 0 && !settled; await new Promise((r) => setTimeout(r, 20))) {
        const r = await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%processing_runs%'`,
        );
        waiting = r.rows[0]!.n;
      }
      await ender.query('commit');
      // Both from after the commit (the read waited for it): the project with its run, not before it.
      expect(await read).toMatchObject({ status: 'completed', runStatus: 'completed' });
    } finally {
      await ender.query('rollback').catch(() => undefined); // after a failure: no lock left in the pool
      ender.release();
    }
  });
});
