/**
 * Starting processing waits for the stills still being taken (issue 30): a DJI clip (MP4 + SRT, no
 * JPG) whose still is under way when Start processing is pressed is processed with that still, not
 * left out as "missing the JPG". The still is held inside its ffprobe by a gate the test opens
 * (test/support/media-gate.ts), and the start is seen waiting on the server's log line, so the
 * order is the test's, not a timer's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../platform/logging/logger.js';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { createMediaGate, type MediaGate } from '../../../test/support/media-gate.js';
import { makeDjiCard } from '../../../test/support/dji-card.js';
import { createProject, waitForRun } from '../processing/test-support/seed-file-sets.js';

let server: StartedTestServer;
let gate: MediaGate;
let dir: string;
/** The server's log lines, and those a test waits for. */
const lines: Array<Record<string, unknown>> = [];
const waiters: Array<{ match: (l: Record<string, unknown>) => boolean; resolve: () => void }> = [];

function logLine(match: (l: Record<string, unknown>) => boolean): Promise<void> {
  if (lines.some(match)) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ match, resolve }));
}

beforeAll(async () => {
  gate = await createMediaGate();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const w of waiters.filter((w) => w.match(line))) w.resolve();
      }
      done();
    },
  });
  server = await startTestServer({ env: gate.env, logger: createLogger('info', sink) });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stills-start-'));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await gate?.remove();
  await fs.rm(dir, { recursive: true, force: true });
});

it('a start pressed while a clip’s still is being taken waits for it and processes the clip with that still', async () => {
  const u = await signUp(server);
  const projectId = await createProject(server, u.token);
  const card = await makeDjiCard(dir, { clips: 1, photos: 0 });
  const clip = card.clips[0]!;
  // Every probe of a stored video waits until the test opens the gate (uploads do not probe).
  const hold = await gate.hold('.mp4');
  const form = new FormData();
  for (const f of card.files.filter((f) => !f.endsWith('.LRF'))) form.append('files', new Blob([new Uint8Array(await fs.readFile(f))]), path.basename(f));
  const up = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${u.token}` }, body: form });
  expect(up.status).toBe(200);
  await hold.entered(); // the still of the clip is being taken, held inside its probe

  const waiting = logLine((l) => l.msg === 'waiting for stills being taken' && l.waiter === 'processing' && l.projectId === projectId);
  const start = server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
  // Without the wait the start answers at once (no complete set): that answer fails the test here.
  const first = await Promise.race([waiting.then(() => 'waiting' as const), start.then((r) => r)]);
  expect(first).toBe('waiting');
  await hold.release();

  const started = await start;
  expect(started.status).toBe(202);
  expect(started.body.run).toMatchObject({ totalJobs: 1, charged: '0.03' });
  const done = await waitForRun(server, u.token, projectId);
  expect(done).toMatchObject({ status: 'completed', completedJobs: 1, failedJobs: 0 });
  const project = await server.graphql(
    `query($id: ID!) { project(id: $id) { fileSets { baseName stillFromVideo files { filename fromVideo } result { current { content { title } } } } } }`,
    { id: projectId },
    u.token,
  );
  expect(project.errors).toBeUndefined();
  const set = project.data.project.fileSets[0];
  expect(set).toMatchObject({ baseName: clip, stillFromVideo: true });
  expect(set.files).toContainEqual({ filename: `${clip}.JPG`, fromVideo: true });
  expect(set.result.current.content.title).toEqual(expect.any(String));
}, 120_000);
