/**
 * The scaled topology as plain processes: one database (a fresh one on the test PostgreSQL, or
 * the caller's), one Redis, API processes with RUN_WORKER=false and standalone workers sharing
 * JWT_SECRET, DATA_DIR and QUEUE_PREFIX: what docker-compose.yml runs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeTestFileSet } from '../../support/media-fixtures.js';
import { multipartBody, type Part } from '../../../src/features/uploads/test-support/upload-test-helpers.js';
import type { ApiClient } from './processes.js';

export async function sharedEnv(opts: {
  databaseUrl: string;
  redisUrl: string;
  extra?: Record<string, string>;
}): Promise<{ env: Record<string, string>; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-scale-'));
  await fs.chmod(dataDir, 0o755);
  return {
    dataDir,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      QUEUE_PREFIX: `s${randomBytes(4).toString('hex')}`,
      RUN_WORKER: 'false',
      METADATA_PROVIDER: 'offline',
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: 'finance',
      ADMIN_PASSWORD: 'finance-pass',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      ...opts.extra,
    },
  };
}

export async function register(api: ApiClient, username = `u${randomBytes(4).toString('hex')}`) {
  const r = await api.request('POST', '/auth/register', { body: { username, email: `${username}@example.com`, password: 'secret123' } });
  if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token as string, id: r.body.user.id as string, username };
}

export async function login(api: ApiClient, username: string, password: string): Promise<string> {
  const r = await api.request('POST', '/auth/login', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

export async function createProject(api: ApiClient, token: string, name = 'Drone clips'): Promise<string> {
  const r = await api.request('POST', '/api/projects', { token, body: { name, cameraType: 'dji-mavic-3-pro-series' } });
  if (r.status !== 201) throw new Error(`project creation failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.project.id;
}

/** Uploads `count` complete DJI file sets (real MP4, JPG, SRT) through POST /api/upload/{projectId}. */
export async function uploadSets(api: ApiClient, token: string, projectId: string, count: number, first = 1): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-sets-'));
  try {
    const parts: Part[] = [];
    for (let i = first; i < first + count; i++) {
      for (const file of await makeTestFileSet(dir, `DJI_${String(i).padStart(4, '0')}`))
        parts.push({ filename: path.basename(file), data: await fs.readFile(file) });
    }
    const { body, contentType } = multipartBody(parts);
    const res = await fetch(`${api.url}/api/upload/${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`upload failed: ${res.status} ${text}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Polls the progress until the latest run completes. */
export async function waitForRun(api: ApiClient, token: string, projectId: string, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await api.request('GET', `/api/projects/${projectId}/progress`, { token }).catch(() => null);
    if (r?.body?.runStatus === 'completed') return r.body;
    if (Date.now() > end) throw new Error(`run did not finish: ${JSON.stringify(r?.body)}`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/** All ledger events of a user through the admin API (paged by 200). */
export async function ledgerEvents(api: ApiClient, adminToken: string, userId: string): Promise<Array<{ type: string; [k: string]: any }>> {
  const all: Array<{ type: string; [k: string]: any }> = [];
  for (let offset = 0; ; offset += 200) {
    const r = await api.request('GET', `/api/admin/ledger/events?userId=${userId}&limit=200&offset=${offset}`, { token: adminToken });
    if (r.status !== 200) throw new Error(`ledger events: ${r.status} ${JSON.stringify(r.body)}`);
    all.push(...r.body.events);
    if (r.body.events.length < 200) return all;
  }
}
