/**
 * Track files are read off the API's event loop (issue 21 item 4): a project's tracks.gpx over a
 * large SRT is parsed on the track thread, set by set, and answers the same points as the parser;
 * requests that arrive meanwhile are answered while the download is still going; a missing SRT is a 404.
 */
import fs from 'node:fs';
import http from 'node:http';
import { DOMParser } from '@xmldom/xmldom';
import { gpx } from '@tmcw/togeojson';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets } from '../processing/test-support/seed-file-sets.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { addSrt } from './test-support/seed-tracks.js';
import { srtText, type SrtEntry } from './test-support/srt-text.js';
import { trackThreadReads } from './track-thread.js';
import { parseDjiSrt } from '../../analysis/telemetry/parse.js';

let server: StartedTestServer;
let owner: { token: string };
let projectId: string;
/** About 1.5 MB of SRT: 5,000 one-second entries (83 minutes), a loop over the harbour. */
const BIG: SrtEntry[] = Array.from({ length: 5_000 }, (_, i) => ({
  lat: 43.29 + 0.004 * Math.sin(i / 300),
  lon: 5.36 + 0.004 * Math.cos(i / 300),
  alt: 60 + (i % 50),
}));

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  projectId = await createProject(server, owner.token, 'Long flights');
  const ids = await seedFileSets(
    server.services,
    projectId,
    ['BIG1', 'BIG2', 'BIG3'].map((baseName) => ({ baseName, omit: ['video' as const, 'jpg' as const, 'srt' as const] })),
  );
  for (const id of ids) await addSrt(server.services, id, srtText(BIG));
}, 120_000);
afterAll(() => server?.close());

const auth = () => ({ authorization: `Bearer ${owner.token}` });

it("reads every set's SRT on the track thread, never on the main thread, with the parser's points", async () => {
  const kept = parseDjiSrt(srtText(BIG)).samples;
  const before = { ...trackThreadReads };
  const res = await fetch(`${server.url}/api/projects/${projectId}/tracks.gpx`, { headers: auth() });
  expect(res.status).toBe(200);
  const doc = gpx(new DOMParser().parseFromString(await res.text(), 'text/xml') as unknown as Document);
  expect(doc.features).toHaveLength(3);
  for (const f of doc.features) {
    const coords = (f.geometry as { coordinates: number[][] }).coordinates;
    // The parser keeps a bounded, evenly thinned track of a long file: the same points as on the main thread.
    expect(coords).toHaveLength(kept.length);
    for (const i of [0, 1234, kept.length - 1]) expect(coords[i]).toEqual([kept[i]!.lon, kept[i]!.lat, kept[i]!.absAlt]);
  }
  expect(trackThreadReads.count - before.count).toBe(3);
  expect(trackThreadReads.mainThread).toBe(before.mainThread);
});

/**
 * A GET on a connection of its own, so that the test reads its answer alone (not behind the pool's
 * socket from the test before, which parses its GPX on this thread).
 */
function getOwnConnection(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Promise<string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        const body = new Promise<string>((done, fail) => {
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
          res.on('error', fail);
        });
        resolve({ status: res.statusCode ?? 0, body });
      })
      .on('error', reject);
  });
}

it('answers other requests while a large project download is still being read', async () => {
  const download = await getOwnConnection(`/api/projects/${projectId}/tracks.kml`, auth());
  expect(download.status).toBe(200);
  let finished = false;
  const body = download.body.then((t) => {
    finished = true;
    return t;
  });
  // While the three sets are read, the API keeps answering: each of these returns before the download ends.
  const answeredDuring: boolean[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await getOwnConnection('/api/health');
    expect(r.status).toBe(200);
    await r.body;
    answeredDuring.push(!finished);
  }
  expect(answeredDuring).toEqual([true, true, true]);
  expect((await body).match(/<Placemark>/g)!.length).toBeGreaterThanOrEqual(3);
});

it('a set whose SRT went missing from storage is a 404 with a message, and the thread is gone after', async () => {
  const [id] = await seedFileSets(server.services, projectId, [{ baseName: 'GONE', omit: ['video' as const, 'jpg' as const, 'srt' as const] }]);
  await addSrt(server.services, id!, srtText(BIG.slice(0, 10)));
  const set = await server.services.orm.em.fork().findOneOrFail(FileSet, { id: id! }, { populate: ['files'] });
  fs.rmSync(server.services.storage.absolutePath(set.files.getItems()[0]!.storageKey));
  const res = await fetch(`${server.url}/api/filesets/${id}/track.gpx`, { headers: auth() });
  expect(res.status).toBe(404);
  expect(JSON.stringify(await res.json())).toMatch(/missing from storage/);
});
