/**
 * The integrator examples against a live server: each script, run as a child process with an API
 * token, uploads a folder of 3 real file sets, processes them, writes the Standard and Pond5 CSVs
 * into the folder and is charged exactly the run's cost; a set that fails processing is reported and
 * refunded without failing the run; a bad token, a missing scope and an empty balance exit non-zero
 * with a clear message.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { SPEC_POND5_HEADER, SPEC_STANDARD_HEADER } from '../api/src/features/exports/test-support/spec-csv-headers.js';
import { makeTestFileSet } from '../api/test/support/media-fixtures.js';
import { signUp, startTestServer, type TestServer } from '../api/test/support/test-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRTS = ['JuanIrache__DJI_SRT_Parser__air2s.srt', 'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT', 'JuanIrache__DJI_SRT_Parser__mavic_air.SRT'];

let server: TestServer & { close(): Promise<void> };
let tmp: string;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ env: { JOB_BACKOFF_MS: '100', ADMIN_USERNAME: 'finance', ADMIN_PASSWORD: 'finance-pass' } });
  adminToken = (await server.request('POST', '/auth/login', { body: { username: 'finance', password: 'finance-pass' } })).body.token;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-examples-'));
});
afterAll(async () => {
  await server.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
const SCRIPTS = {
  node: (folder: string) => [process.execPath, ['--experimental-strip-types', '--no-warnings', path.join(here, 'nightly-upload.ts'), folder]] as const,
  shell: (folder: string) => ['bash', [path.join(here, 'nightly-upload.sh'), folder]] as const,
};
function runScript(kind: keyof typeof SCRIPTS, folder: string, env: Record<string, string>): Promise<Run> {
  const [cmd, args] = SCRIPTS[kind](folder);
  return new Promise((resolve) => {
    execFile(cmd, [...args], { env: { ...process.env, ...env }, timeout: 150_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function apiToken(userToken: string, scopes: string[]): Promise<string> {
  const r = await server.graphql(
    `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { secret } }`,
    { input: { name: 'nightly', scopes } },
    userToken,
  );
  expect(r.errors).toBeUndefined();
  return r.data.createApiToken.secret;
}

/** Hundredths of a credit from a Money string, so comparisons are exact. */
const cents = (money: string) => Math.round(Number(money) * 100);
const balance = async (token: string) => cents((await server.graphql('{ me { creditBalance } }', {}, token)).data.me.creditBalance);

async function folderWithSets(name: string): Promise<string> {
  const dir = path.join(tmp, name);
  for (const [i, srt] of SRTS.entries()) await makeTestFileSet(dir, `DJI_000${i + 1}`, { srtFixture: srt });
  return dir;
}

async function csvRows(dir: string, suffix: string, notSuffix?: string): Promise<string[][]> {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith(suffix) && !(notSuffix && n.endsWith(notSuffix)));
  expect(names).toHaveLength(1);
  return parse(await fs.readFile(path.join(dir, names[0]!), 'utf8'), { bom: true });
}

describe.each(['node', 'shell'] as const)('the %s example', (kind) => {
  it('uploads a folder of 3 sets, processes them, writes both CSVs and pays exactly the run', async () => {
    const u = await signUp(server);
    const token = await apiToken(u.token, ['read', 'write', 'process']);
    const dir = await folderWithSets(`sets-${kind}`);
    const before = await balance(u.token);

    const run = await runScript(kind, dir, { SHOTLOG_URL: server.url, SHOTLOG_TOKEN: token });
    if (run.code !== 0) console.error(run.stdout, run.stderr);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/upload 100%|100\.0%|100%/);
    expect(run.stdout).toMatch(/completed/i);
    const projectId = /\(id ([^)]+)\)/.exec(run.stdout)?.[1];
    expect(projectId).toBeTruthy();

    const p = await server.graphql(
      `query($id: ID!) { project(id: $id) { status fileSets { baseName processing { status } } latestRun { charged refunded succeededJobs failedJobs } } }`,
      { id: projectId },
      u.token,
    );
    expect(p.errors).toBeUndefined();
    expect(p.data.project.status).toBe('completed');
    expect(p.data.project.fileSets.map((s: { baseName: string; processing: { status: string } }) => [s.baseName, s.processing.status]).sort()).toEqual([
      ['DJI_0001', 'completed'],
      ['DJI_0002', 'completed'],
      ['DJI_0003', 'completed'],
    ]);
    const runCost = cents(p.data.project.latestRun.charged) - cents(p.data.project.latestRun.refunded ?? '0');
    expect(runCost).toBeGreaterThan(0);
    expect(before - (await balance(u.token))).toBe(runCost);

    const standard = await csvRows(dir, '_export.csv', '_pond5_export.csv');
    expect(standard[0]).toEqual(SPEC_STANDARD_HEADER);
    expect(
      standard
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['DJI_0001.MP4', 'DJI_0002.MP4', 'DJI_0003.MP4']);
    expect(standard.slice(1).every((r) => r[1]!.length > 0)).toBe(true);
    const pond5 = await csvRows(dir, '_pond5_export.csv');
    expect(pond5[0]).toEqual(SPEC_POND5_HEADER);
    expect(pond5).toHaveLength(4);
    expect(pond5.slice(1).every((r) => r[6] === 'no')).toBe(true);
  }, 180_000);

  it('reports a set that fails processing without failing the run, and pays only for the sets that completed', async () => {
    const u = await signUp(server);
    const token = await apiToken(u.token, ['read', 'write', 'process']);
    const dir = path.join(tmp, `failing-${kind}`);
    await makeTestFileSet(dir, 'DJI_0001', { srtFixture: SRTS[0] });
    await makeTestFileSet(dir, 'DJI_0002', { srtFixture: SRTS[1], omit: ['video'] });
    // A movie header the upload accepts, then bytes no decoder can read: processing fails it.
    const movieHead = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
    await fs.writeFile(path.join(dir, 'DJI_0002.MP4'), Buffer.concat([movieHead, randomBytes(64 * 1024)]));
    const before = await balance(u.token);

    const run = await runScript(kind, dir, { SHOTLOG_URL: server.url, SHOTLOG_TOKEN: token });
    if (run.code !== 0) console.error(run.stdout, run.stderr);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/FAILED DJI_0002: .*video could not be read/i);
    expect(run.stdout).toMatch(/1 completed, 1 failed/);
    const projectId = /\(id ([^)]+)\)/.exec(run.stdout)?.[1];
    const p = await server.graphql(`query($id: ID!) { project(id: $id) { latestRun { charged refunded } } }`, { id: projectId }, u.token);
    expect(p.data.project.latestRun).toEqual({ charged: '0.06', refunded: '0.03' });
    expect(before - (await balance(u.token))).toBe(cents('0.03'));
    const standard = await csvRows(dir, '_export.csv', '_pond5_export.csv');
    expect(standard[0]).toEqual(SPEC_STANDARD_HEADER);
    const done = standard.slice(1).find((r) => r[0] === 'DJI_0001.MP4');
    expect(done?.[1]).toBeTruthy();
  }, 180_000);

  it('exits non-zero with a clear message: 3 for a bad token or a missing scope, 4 when the credits do not cover the run', async () => {
    const dir = await folderWithSets(`bad-${kind}`);
    const bad = await runScript(kind, dir, { SHOTLOG_URL: server.url, SHOTLOG_TOKEN: 'shl_not-a-real-token' });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/authentication failed/i);

    const u = await signUp(server);
    const noProcess = await apiToken(u.token, ['read', 'write']);
    const refused = await runScript(kind, dir, { SHOTLOG_URL: server.url, SHOTLOG_TOKEN: noProcess });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/process/);

    // The whole sign-up bonus taken back by an administrator: processing 3 sets is a 402.
    const adjust = await server.graphql(`mutation($u: ID!) { adjustUserCredits(userId: $u, amount: "-100") { newBalance } }`, { u: u.id }, adminToken);
    expect(adjust.errors).toBeUndefined();
    const token = await apiToken(u.token, ['read', 'write', 'process']);
    const poor = await runScript(kind, dir, { SHOTLOG_URL: server.url, SHOTLOG_TOKEN: token });
    expect(poor.code).toBe(4);
    expect(poor.stderr).toMatch(/not enough credits/i);
    expect(await balance(u.token)).toBe(0);
  }, 180_000);
});

describe('the node example with large files (tus)', () => {
  it('sends large files resumably and, killed mid-file, continues from the server’s offset when run again', async () => {
    const u = await signUp(server);
    const token = await apiToken(u.token, ['read', 'write', 'process']);
    const dir = await folderWithSets('resume-node');
    // A 24 MiB video: the real clip, then padding (ffprobe reads the clip and ignores what follows).
    const video = path.join(dir, 'DJI_0001.MP4');
    await fs.appendFile(video, Buffer.alloc(24 * 1024 * 1024));
    const env = {
      SHOTLOG_URL: server.url,
      SHOTLOG_TOKEN: token,
      SHOTLOG_IDEMPOTENCY_KEY: `resume-${randomBytes(4).toString('hex')}`,
      SHOTLOG_TUS_MIN_BYTES: String(1024 * 1024),
      SHOTLOG_TUS_CHUNK_BYTES: String(256 * 1024),
    };
    // First run: killed once the video is under way (upload progress past 20 %).
    const [cmd, args] = SCRIPTS.node(dir);
    const first = spawn(cmd, [...args], { env: { ...process.env, ...env } });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      first.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (/upload ([2-9]\d)%/.test(out)) first.kill('SIGKILL');
      });
      first.on('exit', () => resolve());
      first.on('error', reject);
    });
    // Resumable bytes are on the server; no file of DJI_0001's video is in its set yet.
    const projectId = (await server.graphql('{ projects { edges { node { id } } } }', {}, u.token)).data.projects.edges[0]?.node.id as string;
    expect(projectId).toBeTruthy();
    const unfinished = await server.graphql(`query($p: ID!) { unfinishedUploads(projectId: $p) { filename receivedBytes } }`, { p: projectId }, u.token);
    const partial = unfinished.data.unfinishedUploads.find((x: { filename: string }) => x.filename === 'DJI_0001.MP4');
    expect(partial?.receivedBytes).toBeGreaterThan(0);

    const second = await runScript('node', dir, env);
    if (second.code !== 0) console.error(second.stdout, second.stderr);
    expect(second.code).toBe(0);
    const resumedFrom = Number(/resuming DJI_0001\.MP4 from byte (\d+)/.exec(second.stdout)?.[1]);
    // It went on from where the server was (at most one chunk before what the first run had sent).
    expect(resumedFrom).toBeGreaterThanOrEqual(partial.receivedBytes - 256 * 1024);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(second.stdout).toMatch(/Processing finished: 3 completed/);
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select m.sha256 from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1 and m.filename = 'DJI_0001.MP4'`,
        [projectId],
      );
      expect(rows).toEqual([
        {
          sha256: createHash('sha256')
            .update(await fs.readFile(video))
            .digest('hex'),
        },
      ]);
    } finally {
      await db.end();
    }
  }, 240_000);
});
