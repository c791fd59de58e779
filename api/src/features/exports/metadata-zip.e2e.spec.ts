import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { ExifTool } from 'exiftool-vendored';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { readZip } from './test-support/read-zip.js';
import { seedProject } from './test-support/seed-results.js';
import { MediaFile } from '../file-sets/media-file.entity.js';

let server: TestServer & { close(): Promise<void> };
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let workDir: string;
const reader = new ExifTool({ maxProcs: 1 });

const TITLE = 'Cliffs & "coves" <at> dawn, Côte d’Azur';
const DESCRIPTION = "Drone rises over the bay; l'eau turquoise\nsecond line";

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-zip-test-'));
  const jpg = await makeTestJpg({ width: 320, height: 180 });
  projectId = (
    await seedProject(server.services, {
      ownerId: owner.id,
      name: 'Riviera',
      sets: [
        {
          baseName: 'DJI_0001',
          files: [{ filename: 'DJI_0001.MP4' }, { filename: 'DJI_0001.JPG', sourcePath: jpg }, { filename: 'DJI_0001.SRT' }],
          result: {
            title: TITLE,
            description: DESCRIPTION,
            keywords: ['coast', 'mer', 'côte', 'cliffs'],
            city: 'Èze',
            country: 'France',
            latitude: 43.7277,
            longitude: -7.3614,
          },
        },
        { baseName: 'DJI_0002', files: [{ filename: 'DJI_0002.MP4' }, { filename: 'DJI_0002.JPG', sourcePath: jpg }] },
        // A processed set whose JPG bytes are missing from storage: the ZIP says so and goes on.
        { baseName: 'DJI_0003', files: [{ filename: 'DJI_0003.MP4' }, { filename: 'DJI_0003.JPG' }], result: { title: 'Lost JPG', keywords: ['x'] } },
      ],
    })
  ).projectId;
});
afterAll(async () => {
  await reader.end();
  await server.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

async function fetchZip(query: string, name: string): Promise<{ dir: string; headers: Headers }> {
  const res = await fetch(`${server.url}/api/projects/${projectId}/metadata.zip${query}`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  const dir = path.join(workDir, name);
  await fs.mkdir(dir);
  for (const [entry, data] of readZip(Buffer.from(await res.arrayBuffer()))) await fs.writeFile(path.join(dir, entry), data);
  return { dir, headers: res.headers };
}

it('streams a ZIP with one well-formed XMP sidecar per processed video', async () => {
  const { dir, headers } = await fetchZip('', 'xmp');
  expect(headers.get('content-type')).toBe('application/zip');
  expect(headers.get('content-disposition')).toContain(`filename*=UTF-8''Riviera_metadata.zip`);
  expect((await fs.readdir(dir)).sort()).toEqual(['DJI_0001.xmp', 'DJI_0003.xmp']); // DJI_0002 has no result
  const xml = await fs.readFile(path.join(dir, 'DJI_0001.xmp'), 'utf8');
  const parsed = new XMLParser({ ignoreAttributes: false, ignoreDeclaration: true, ignorePiTags: true }).parse(xml, true);
  const d = parsed['x:xmpmeta']['rdf:RDF']['rdf:Description'];
  expect(d['dc:title']['rdf:Alt']['rdf:li']['#text']).toBe(TITLE);
  expect(d['dc:description']['rdf:Alt']['rdf:li']['#text']).toBe(DESCRIPTION);
  expect(d['dc:subject']['rdf:Bag']['rdf:li']).toEqual(['coast', 'mer', 'côte', 'cliffs']);
  expect(d['photoshop:City']).toBe('Èze');
  expect(d['photoshop:Country']).toBe('France');
  expect(d['Iptc4xmpCore:Location']).toBe('Èze, France');
  expect(d['exif:GPSLatitude']).toBe('43,43.662000N');
  expect(d['exif:GPSLongitude']).toBe('7,21.684000W');
  // exiftool reads the sidecar the same way Adobe's tools do.
  const tags = (await reader.read(path.join(dir, 'DJI_0001.xmp'))) as Record<string, unknown>;
  expect(tags.Title).toBe(TITLE);
  expect(tags.Subject).toEqual(['coast', 'mer', 'côte', 'cliffs']);
  expect(tags.GPSLatitude).toBeCloseTo(43.7277, 5);
  expect(tags.GPSLongitude).toBeCloseTo(-7.3614, 5);
});

it('with withJpgs=1 adds the JPGs with IPTC/XMP written in, and leaves the stored originals untouched', async () => {
  const em = server.services.orm.em.fork();
  const original = await em.findOneOrFail(MediaFile, { filename: 'DJI_0001.JPG', fileSet: { project: projectId } });
  const originalPath = server.services.storage.absolutePath(original.storageKey);
  const before = createHash('sha256')
    .update(await fs.readFile(originalPath))
    .digest('hex');
  expect(before).toBe(original.sha256);

  const { dir, headers } = await fetchZip('?withJpgs=1', 'jpgs');
  // Named apart from the XMP-only ZIP, so downloading both keeps both (issue 16).
  expect(headers.get('content-disposition')).toContain(`filename*=UTF-8''Riviera_metadata_with_jpgs.zip`);
  expect((await fs.readdir(dir)).sort()).toEqual(['DJI_0001.JPG', 'DJI_0001.xmp', 'DJI_0003.xmp', 'SKIPPED.txt']);
  expect(await fs.readFile(path.join(dir, 'SKIPPED.txt'), 'utf8')).toBe(
    'These JPGs could not be copied with metadata:\nDJI_0003.JPG: the stored file is missing\n',
  );
  const tags = (await reader.read(path.join(dir, 'DJI_0001.JPG'))) as Record<string, unknown>;
  expect(tags.Title).toBe(TITLE);
  expect(tags.ObjectName).toBe(TITLE.slice(0, 64));
  expect(tags.Description).toBe(DESCRIPTION);
  expect(tags['Caption-Abstract']).toBe(DESCRIPTION);
  expect(tags.Keywords).toEqual(['coast', 'mer', 'côte', 'cliffs']);
  expect(tags.Subject).toEqual(['coast', 'mer', 'côte', 'cliffs']);
  expect(tags.City).toBe('Èze');
  expect(tags.Country).toBe('France');
  expect(tags.GPSLatitude).toBeCloseTo(43.7277, 4);
  expect(tags.GPSLongitude).toBeCloseTo(-7.3614, 4);

  const after = createHash('sha256')
    .update(await fs.readFile(originalPath))
    .digest('hex');
  expect(after).toBe(before);
});

it('serves the ZIP through a signed link from GraphQL', async () => {
  const g = await server.graphql(
    `mutation($id: ID!) { exportDownload(projectId: $id, format: METADATA_ZIP, withJpgs: true) { url fileName } }`,
    { id: projectId },
    owner.token,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.exportDownload.fileName).toBe('Riviera_metadata_with_jpgs.zip');
  const res = await fetch(server.url + g.data.exportDownload.url);
  expect(res.status).toBe(200);
  const entries = readZip(Buffer.from(await res.arrayBuffer()));
  expect([...entries.keys()].sort()).toEqual(['DJI_0001.JPG', 'DJI_0001.xmp', 'DJI_0003.xmp', 'SKIPPED.txt']);
  // The link is for this ZIP only: the XMP-only link does not turn into one with JPGs.
  const xmpOnly = await server.graphql(`mutation($id: ID!) { exportDownload(projectId: $id, format: METADATA_ZIP) { url } }`, { id: projectId }, owner.token);
  const res2 = await fetch(`${server.url}${xmpOnly.data.exportDownload.url}&withJpgs=1`);
  expect([...readZip(Buffer.from(await res2.arrayBuffer())).keys()].sort()).toEqual(['DJI_0001.xmp', 'DJI_0003.xmp']);
});
