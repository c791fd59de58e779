// Shared helpers for the benchmarks: start a compiled API against a fresh database, fire bounded
// request loops, print tables. Every figure is reported against a baseline measured in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** An empty database of its own on TEST_DATABASE_URL's server: its name, its URL, and how to drop it. */
export async function freshDatabase(prefix = 'shotlog_bench') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    },
  };
}

const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
/** The Node options a package.json script gives its process (`exec node <options> api/dist/<file>`): `npm start`'s for main.js. */
export const nodeOptionsOf = (script, file) =>
  new RegExp(`exec node (.*?)\\s*api/dist/${file}`).exec(scripts[script])?.[1].split(/\s+/).filter(Boolean) ?? [];

/**
 * Starts `node api/dist/main.js` with the Node options `npm start` gives it and resolves when it
 * prints that it is ready. For a look inside the server during a benchmark: BENCH_API_NODE_ARGS
 * are Node options added for it alone (say `--trace-gc` or `--cpu-prof`), and BENCH_API_LOG names
 * a file that gets its output.
 */
export function startApi(env) {
  const started = Date.now();
  const options = [...nodeOptionsOf('start', 'main.js'), ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...options, path.join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const log = (b) => process.env.BENCH_API_LOG && fs.appendFileSync(process.env.BENCH_API_LOG, b);
    const onData = (b) => {
      out += b;
      log(b);
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1], seconds: (Date.now() - started) / 1000, stop: () => stopChild(child) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (b) => {
      out += b;
      log(b);
    });
    child.once('exit', (code) => reject(new Error(`api exited ${code}: ${out.slice(-2000)}`)));
    setTimeout(() => reject(new Error('api did not start in 180 s')), 180_000).unref();
  });
}

/**
 * A fresh database and a compiled API on it with its in-process worker on Redis (a queue prefix of
 * its own), for the benchmarks that process file sets. `env` adds or overrides variables.
 */
export async function startProcessingApi(dataDir, port, env = {}) {
  const db = await freshDatabase();
  try {
    const api = await startApi({
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      PORT: String(port),
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'warn',
      ...env,
    });
    return { api, db };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

/**
 * A compiled API of its own on `db` and `dataDir`: a random port on loopback, its own JWT secret and
 * queue prefix on the test Redis, sign-ups unthrottled. `env` adds or overrides variables.
 */
export function startIsolatedApi(db, dataDir, env = {}) {
  return startApi({
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...env,
  });
}

/**
 * `count` file sets (DJI_00001...) of `projectId`, each with a processed result (a Porto harbour
 * title, `description`, `keywords` keywords), written with SQL as a long-lived account holds them.
 */
export async function seedFileSetsWithResults(pool, projectId, count, { description = 'Boats in the harbour', keywords = 4 } = {}) {
  await pool.query(
    `insert into file_sets (id, project_id, base_name, position, created_at)
     select gen_random_uuid(), $1, 'DJI_' || lpad(i::text, 5, '0'), i, now() from generate_series(1, $2) as i`,
    [projectId, count],
  );
  await pool.query(
    `insert into file_set_results (id, file_set_id, original, current, analysis, provider, created_at, updated_at)
     select gen_random_uuid(), fs.id, r.doc, r.doc, '{}', 'offline', now(), now()
     from file_sets fs cross join lateral (select jsonb_build_object(
       'content', jsonb_build_object('title', 'Harbour at dawn #' || fs.position, 'final_description', $2::text,
         'keywords', (select jsonb_agg('keyword ' || k) from generate_series(1, $3::int) k),
         'categories', jsonb_build_object('adobe_category', 'Travel', 'shutterstock_a_category', null, 'shutterstock_b_category', null)),
       'metadata', jsonb_build_object('latitude', 41.1, 'longitude', -8.6, 'city', 'Porto', 'country', 'Portugal'),
       'shot_types', jsonb_build_object('aerial', true)) as doc) r
     where fs.project_id = $1`,
    [projectId, description, keywords],
  );
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs `fn` with `concurrency` loops for `seconds`; returns requests/s and latency percentiles. */
export async function load(fn, { concurrency = 16, seconds = 5 } = {}) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        try {
          await fn();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors };
}

export function table(rows) {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(width[i])).join('  ');
  console.log(line(cols));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

/**
 * A real H.264 clip (ffmpeg's test pattern, `size` as WxH, `seconds` long) and a JPG still of
 * `stillSize` in `dir`, for benchmarks that upload file sets. Resolves to their paths.
 */
export async function makeBenchMedia(dir, { size = '320x180', seconds = 2, stillSize = size, gopFrames = 250 } = {}) {
  // The ffmpeg processing uses (PATH, else the npm package's): benches run on a machine without Debian's too.
  const { resolveMediaTools } = await import(path.join(root, 'api/dist/adapters/media-tools/media-tools.js'));
  const ffmpeg = resolveMediaTools().ffmpeg?.path ?? 'ffmpeg';
  const ff = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'];
  const clip = path.join(dir, 'clip.mp4');
  const still = path.join(dir, 'still.jpg');
  execFileSync(ffmpeg, [
    ...ff,
    '-i',
    `testsrc2=s=${size}:r=30:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    // A keyframe every `gopFrames` (x264's default 250; a drone writes one every second or so).
    '-g',
    String(gopFrames),
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    clip,
  ]);
  execFileSync(ffmpeg, [...ff, '-i', `testsrc2=s=${stillSize}`, '-frames:v', '1', '-f', 'image2', still]);
  return { clip, still };
}

/** Signs up the benchmark's user on `url`: its bearer header and a maker of its projects. */
export async function benchAccount(url) {
  const reg = await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'secret123' }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${reg.token}` };
  const newProject = async (name) =>
    (
      await fetch(`${url}/api/projects`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name, cameraType: 'dji-mavic-3-pro-series' }),
      }).then((r) => r.json())
    ).project.id;
  return { token: reg.token, auth, newProject };
}

/** A numeric option of a benchmark's command line (`--sets 200`), or `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
