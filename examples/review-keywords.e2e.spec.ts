/** Runs examples/review-keywords.ts against a live server, as an integrator would (issue 20). */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedProject } from '../api/src/features/exports/test-support/seed-results.js';
import { signUp, startTestServer, type StartedTestServer } from '../api/test/support/test-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let server: StartedTestServer;
let tmp: string;
beforeAll(async () => {
  server = await startTestServer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-review-example-'));
});
afterAll(async () => {
  await server.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

function run(args: string[], token: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', path.join(here, 'review-keywords.ts'), ...args],
      { env: { ...process.env, SHOTLOG_URL: server.url, SHOTLOG_TOKEN: token }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('saves rules, adds keywords to every set, orders them, reports refusals, and undoes', async () => {
  const u = await signUp(server);
  const result = (keywords: string[]) => ({ title: 'Coast', keywords, city: 'Porto', country: 'Portugal' });
  const { projectId, fileSetIds } = await seedProject(server.services, {
    ownerId: u.id,
    name: 'Example',
    sets: [
      { baseName: 'DJI_0001', files: [{ filename: 'DJI_0001.MP4' }], result: result(['nature', 'drone footage', 'Porto']) },
      { baseName: 'DJI_0002', files: [{ filename: 'DJI_0002.MP4' }], result: result(Array.from({ length: 29 }, (_, i) => `k${i + 1}`)) },
    ],
  });
  const rules = path.join(tmp, 'rules.json');
  await fs.writeFile(rules, JSON.stringify({ synonyms: [{ from: 'drone footage', to: 'aerial footage' }], maxPerAgency: { adobe: 6 } }));
  const r = await run([projectId, rules, 'lighthouse', 'cliff'], u.token);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('add keywords: changed 1 of 2 sets');
  // Only SPEC's 30 refuses (an agency maximum cuts that agency's export only).
  expect(r.stdout).toContain('refused DJI_0002: It would have 31 keywords; the limit is 30');
  const got = await server.request('GET', `/api/filesets/${fileSetIds[0]}/results`, { token: u.token });
  expect(got.body.results.content.keywords).toEqual(['Porto', 'lighthouse', 'cliff', 'aerial footage', 'nature']);

  const undo = await run([projectId, '--undo'], u.token);
  expect(undo.code).toBe(0);
  expect(undo.stdout).toMatch(/undone edit .*: 1 sets restored/);

  await fs.writeFile(rules, JSON.stringify({ alwaysInclude: ['sea', 'Seas'] }));
  const bad = await run([projectId, rules], u.token);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("Saving the rules failed (BAD_USER_INPUT): Always-include lists 'Seas' twice (as 'sea')");
});
