/**
 * Issue 16 item 6: "Unknown" is a label, not a place. A set whose telemetry had no GPS fix is
 * stored with city and country "Unknown" (processing.e2e.spec.ts); the Standard and Pond5 CSVs,
 * the XMP sidecar and the tagged JPG write nothing for it, exactly as for a set at sea.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ExifTool } from 'exiftool-vendored';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { readZip } from './test-support/read-zip.js';
import { seedProject } from './test-support/seed-results.js';

let server: TestServer & { close(): Promise<void> };
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let workDir: string;
const reader = new ExifTool({ maxProcs: 1 });

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-unknown-place-'));
  const jpg = await makeTestJpg({ width: 160, height: 90 });
  const result = { title: 'Aerial view of a field', description: 'A drone over a field.', keywords: ['field', 'aerial'] };
  projectId = (
    await seedProject(server.services, {
      ownerId: owner.id,
      name: 'No fix',
      sets: [
        // What the pipeline stores without a GPS fix.
        {
          baseName: 'DJI_0001',
          files: [{ filename: 'DJI_0001.MP4' }, { filename: 'DJI_0001.JPG', sourcePath: jpg }],
          result: { ...result, city: 'Unknown', country: 'Unknown', latitude: null, longitude: null },
        },
        // A fix at sea: coordinates, no place.
        { baseName: 'DJI_0002', files: [{ filename: 'DJI_0002.MP4' }], result: { ...result, city: null, country: null, latitude: 43.5, longitude: 7.5 } },
        {
          baseName: 'DJI_0003',
          files: [{ filename: 'DJI_0003.MP4' }],
          result: { ...result, city: 'Nice', country: 'France', latitude: 43.7, longitude: 7.26 },
        },
      ],
    })
  ).projectId;
});
afterAll(async () => {
  await reader.end();
  await server.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

async function csv(route: string): Promise<Record<string, string>[]> {
  const res = await server.request('GET', `/api/projects/${route}/${projectId}`, { token: owner.token });
  expect(res.status).toBe(200);
  return parse(String(res.body), { columns: true });
}

it('writes empty City and Country cells in the Standard and Pond5 CSVs', async () => {
  for (const route of ['csv', 'pond5-csv']) {
    const rows = await csv(route);
    expect(rows.map((r) => [r.originalfilename, r.City, r.Country])).toEqual([
      ['DJI_0001.MP4', '', ''],
      ['DJI_0002.MP4', '', ''],
      ['DJI_0003.MP4', 'Nice', 'France'],
    ]);
  }
  const preview = await server.graphql('query($id: ID!) { exportPreview(projectId: $id) { rows { filename city country } } }', { id: projectId }, owner.token);
  expect(preview.data.exportPreview.rows[0]).toEqual({ filename: 'DJI_0001.MP4', city: null, country: null });
});

it('writes no place into the XMP sidecar and no IPTC/XMP place into the tagged JPG', async () => {
  const res = await fetch(`${server.url}/api/projects/${projectId}/metadata.zip?withJpgs=1`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  const entries = readZip(Buffer.from(await res.arrayBuffer()));
  const xmp = entries.get('DJI_0001.xmp')!.toString('utf8');
  expect(xmp).toContain('Aerial view of a field');
  expect(xmp).not.toMatch(/Unknown|photoshop:City|photoshop:Country|Iptc4xmpCore:Location/);
  expect(entries.get('DJI_0003.xmp')!.toString('utf8')).toContain('<photoshop:City>Nice</photoshop:City>');

  const jpgPath = path.join(workDir, 'DJI_0001.JPG');
  await fs.writeFile(jpgPath, entries.get('DJI_0001.JPG')!);
  const tags = (await reader.read(jpgPath)) as Record<string, unknown>;
  expect(tags.Title).toBe('Aerial view of a field');
  expect(tags.City).toBeUndefined();
  expect(tags.Country).toBeUndefined();
  expect(tags['Country-PrimaryLocationName']).toBeUndefined();
  expect(JSON.stringify(tags)).not.toContain('Unknown');
});

it('keeps showing "Unknown" as the label in the result the editor reads', async () => {
  const q = await server.graphql(
    'query($id: ID!) { project(id: $id) { fileSets { baseName result { current { metadata { city country } } } } } }',
    { id: projectId },
    owner.token,
  );
  expect(q.data.project.fileSets[0].result.current.metadata).toEqual({ city: 'Unknown', country: 'Unknown' });
});
