/**
 * Issue 28 finding 6: track reads fan out no threads. Aliases of one set's track read its SRT once
 * per operation; every read (GraphQL, per-set and per-project downloads) goes through one bounded
 * pool of TRACK_THREADS threads with TRACK_QUEUE waiting (then 503); the cost limit weighs each
 * distinct set's track.
 */
import { randomUUID } from 'node:crypto';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from '../processing/test-support/seed-file-sets.js';
import { addSrt } from './test-support/seed-tracks.js';
import { srtText, type SrtEntry } from './test-support/srt-text.js';
import { trackThreadReads } from './track-thread.js';
import type { TracksService } from './tracks.service.js';

let server: StartedTestServer;
let owner: { token: string };
let projectId: string;
let setIds: string[];
/** About 300 KB of SRT each: 1,000 one-second entries. */
const FLIGHT: SrtEntry[] = Array.from({ length: 1_000 }, (_, i) => ({ lat: 43.29 + 0.001 * Math.sin(i / 80), lon: 5.36 + 0.001 * Math.cos(i / 80), alt: 60 }));

beforeAll(async () => {
  server = await startTestServer({ env: { TRACK_THREADS: '2', TRACK_QUEUE: '3' } });
  owner = await signUp(server);
  projectId = await createProject(server, owner.token, 'Pool');
  setIds = await seedFileSets(
    server.services,
    projectId,
    Array.from({ length: 6 }, (_, i) => ({ baseName: `DJI_000${i}`, omit: ['video' as const, 'jpg' as const, 'srt' as const] })),
  );
  for (const id of setIds) await addSrt(server.services, id, srtText(FLIGHT));
}, 120_000);
afterAll(() => server?.close());

const pool = () => (server.services.tracks as TracksService).pool;
const get = (path: string) => fetch(server.url + path, { headers: { authorization: `Bearer ${owner.token}` } });

it("reads one set's SRT once for 30 aliases of its track in one query", async () => {
  const fields = Array.from({ length: 30 }, (_, i) => `t${i}: fileSetTrack(fileSetId: $id, maxPoints: ${10 + i}) { pointCount points { t } }`);
  const before = trackThreadReads.count;
  const r = await server.graphql(`query($id: ID!) { ${fields.join(' ')} }`, { id: setIds[0] }, owner.token);
  expect(r.errors).toBeUndefined();
  expect(Object.values(r.data).map((t: any) => t.pointCount)).toEqual(Array(30).fill(1000));
  expect(r.data.t29.points).toHaveLength(39);
  expect(trackThreadReads.count - before).toBe(1);
});

it('never runs more reads or threads at once than TRACK_THREADS, over GraphQL and both downloads', async () => {
  const q = pool().queue;
  q.stats.peak = 0;
  const before = trackThreadReads.count;
  // At most five reads asked at once (two sets, the project GPX one set at a time, two aliases): all
  // that two threads and three queue places hold. With a sixth, a loaded machine had all six arrive
  // together, and the sixth was refused as busy, rightly.
  const answers = await Promise.all([
    ...setIds.slice(0, 2).map((id) => get(`/api/filesets/${id}/track.geojson`)),
    get(`/api/projects/${projectId}/tracks.gpx`),
    server.graphql(
      'query($a: ID!, $b: ID!) { a: fileSetTrack(fileSetId: $a) { pointCount } b: fileSetTrack(fileSetId: $b) { pointCount } }',
      { a: setIds[4], b: setIds[5] },
      owner.token,
    ),
  ]);
  for (const a of answers.slice(0, 3) as Response[]) expect(a.status).toBe(200);
  await Promise.all((answers.slice(0, 3) as Response[]).map((a) => a.text()));
  expect((answers[3] as { errors?: unknown }).errors).toBeUndefined();
  expect(trackThreadReads.count - before).toBe(2 + 6 + 2);
  expect(q.stats.peak).toBeGreaterThan(0);
  expect(q.stats.peak).toBeLessThanOrEqual(2);
  expect(pool().peakThreads).toBeLessThanOrEqual(2);
  expect(pool().threads).toBeLessThanOrEqual(2);
});

it('answers 503 with Retry-After (REST) and SERVICE_UNAVAILABLE (GraphQL) when every thread and queue place is taken', async () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const holders = Array.from({ length: 2 + 3 }, () => pool().queue.run(() => gate));
  const before = trackThreadReads.count;
  const rest = await get(`/api/filesets/${setIds[1]}/track.gpx`);
  expect(rest.status).toBe(503);
  expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await rest.json()) as { message: string }).message).toMatch(
    /^Track reading is busy: 2 running and 3 waiting, the most this server allows \(TRACK_THREADS=2, TRACK_QUEUE=3\)/,
  );
  const gql = await server.graphql('query($id: ID!) { fileSetTrack(fileSetId: $id) { pointCount } }', { id: setIds[1] }, owner.token);
  expect(gql.errors![0]!.extensions!.code).toBe('SERVICE_UNAVAILABLE');
  expect(trackThreadReads.count).toBe(before);
  open();
  await Promise.all(holders);
  expect((await get(`/api/filesets/${setIds[1]}/track.gpx`)).status).toBe(200);
});

it("weighs each distinct set's track in the cost limit: nine fit, ten are refused naming the limit", async () => {
  const query = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: fileSetTrack(fileSetId: "${randomUUID()}") { pointCount }`).join(' ')} }`;
  const before = trackThreadReads.count;
  const ten = await server.graphql(query(10), {}, owner.token);
  expect(ten.data).toBeUndefined();
  expect(ten.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect(ten.errors![0]!.message).toMatch(/^Query is too expensive: cost 50\d\d exceeds the limit of 5000$/);
  // Unknown sets: NOT_FOUND (the field is non-null), but the query is within the limit and runs.
  const nine = await server.graphql(query(9), {}, owner.token);
  expect(nine.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  // Through variables, weighed by their values once known.
  const vars = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`v${i}`, randomUUID()]));
  const decl = Object.keys(vars)
    .map((v) => `$${v}: ID!`)
    .join(', ');
  const body = Object.keys(vars)
    .map((v) => `${v}: fileSetTrack(fileSetId: $${v}) { pointCount }`)
    .join(' ');
  const byVars = await server.graphql(`query(${decl}) { ${body} }`, vars, owner.token);
  expect(byVars.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect(byVars.errors![0]!.message).toMatch(/exceeds the limit of 5000/);
  expect(trackThreadReads.count).toBe(before);
});
