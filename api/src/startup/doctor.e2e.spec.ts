/** `npm run doctor` (api/dist/startup/doctor.js, built by npm test): the table, and the faults it names without starting anything. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../test/support/free-port.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOCTOR = path.join(root, 'api', 'dist', 'startup', 'doctor.js');

async function doctor(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [DOCTOR], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

const row = (out: string, check: string) => out.split('\n').find((l) => l.startsWith(check + ' ')) ?? '';

let tmp: string;
let held: net.Server;
let heldPort: number;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-doctor-'));
  held = net.createServer();
  await new Promise<void>((r) => held.listen(0, '0.0.0.0', () => r()));
  heldPort = (held.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => held.close(r));
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('prints every row and exits 0 when npm start would start; starts nothing', async () => {
  const r = await doctor({ DATA_DIR: path.join(tmp, 'ok'), PORT: '0', EMBEDDED_PG_PORT: String(await freePort()) });
  for (const check of ['Node version', 'configuration', 'data folder', 'HTTP port', 'database', 'queue', 'media tools', 'browser for tests', 'Redis for tests'])
    expect(row(r.out, check)).not.toBe('');
  expect(row(r.out, 'media tools')).toMatch(/ok +ffprobe \S+ \((path|npm): .*; ffmpeg \S+ \((path|npm): /);
  expect(r.out).toContain('npm start would start.');
  expect(r.code).toBe(0);
  expect(fs.existsSync(path.join(tmp, 'ok', 'pg'))).toBe(false);
});

it('names a port in use, an invalid variable, an unreachable Redis and a missing ffmpeg, exiting 1', async () => {
  const port = await doctor({ DATA_DIR: path.join(tmp, 'p'), PORT: String(heldPort), EMBEDDED_PG_PORT: String(heldPort) });
  expect(row(port.out, 'HTTP port')).toContain(`FAIL  HTTP port ${heldPort} is already in use`);
  expect(port.code).toBe(1);

  expect(row((await doctor({ PORT: 'abc' })).out, 'configuration')).toContain('PORT="abc" is not valid');

  const redis = await doctor({
    DATA_DIR: path.join(tmp, 'r'),
    PORT: '0',
    EMBEDDED_PG_PORT: String(await freePort()),
    REDIS_URL: 'redis://127.0.0.1:1',
    FFMPEG_PATH: path.join(tmp, 'nope'),
  });
  expect(row(redis.out, 'queue')).toContain('FAIL  Redis at 127.0.0.1:1 (REDIS_URL) unreachable');
  expect(row(redis.out, 'media tools')).toContain(`FAIL  Media tools unavailable: FFMPEG_PATH: ${path.join(tmp, 'nope')} does not exist`);
  expect(redis.code).toBe(1);
});
