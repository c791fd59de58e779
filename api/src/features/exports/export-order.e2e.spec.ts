import { parse } from 'csv-parse/sync';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { exportRowBatches } from './export-rows.js';
import { seedProject } from './test-support/seed-results.js';

let server: TestServer & { close(): Promise<void> };
afterAll(() => server.close());

it("streams every set once, across batch boundaries, in the project's own order", async () => {
  server = await startTestServer();
  const user = await signUp(server);
  const { projectId } = await seedProject(server.services, { ownerId: user.id, name: 'Many', sets: [] });
  // 1,234 sets whose positions repeat (as after a re-upload): order is position, then base name.
  await server.services.pool.query(
    `insert into file_sets (id, project_id, base_name, position, created_at)
     select gen_random_uuid(), $1, 'DJI_' || lpad(i::text, 4, '0'), (1234 - i) / 3, now() from generate_series(1, 1234) i`,
    [projectId],
  );
  await server.services.pool.query(
    `insert into media_files (id, file_set_id, filename, extension, kind, content_type, storage_key, size_bytes, sha256, created_at)
     select gen_random_uuid(), id, base_name || '.MP4', 'mp4', 'video', 'video/mp4', gen_random_uuid()::text || '.mp4', 1, repeat('0', 64), now() from file_sets where project_id = $1`,
    [projectId],
  );

  const project = await server.request('GET', `/api/projects/${projectId}`, { token: user.token });
  const expected = project.body.FileSets.map((s: { Files: Array<{ filename: string }> }) => s.Files[0]!.filename);
  expect(expected).toHaveLength(1234);

  const res = await fetch(`${server.url}/api/projects/csv/${projectId}`, { headers: { authorization: `Bearer ${user.token}` } });
  const records: string[][] = parse(await res.text(), { from_line: 2 });
  expect(records.map((r) => r[0])).toEqual(expected);

  // Small batches walk the same keyset.
  const names: string[] = [];
  for await (const batch of exportRowBatches(server.services.pool, projectId, 7)) names.push(...batch.map((r) => r.filename));
  expect(names).toEqual(expected);
});
