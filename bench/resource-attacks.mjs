// The worst request of each kind one free account can send (issue 28's findings), as bounded loops
// against a running API. Shared by bench/resource-abuse.mjs (figures) and the suite's resource test
// (api/test/security/resource-abuse.e2e.spec.ts), so both send exactly the same attacks.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { seedFileSetsWithResults } from './lib.mjs';

/** A JPEG whose header says 16383 x 16383 (268 megapixels) while the file is small: a pixel bomb. */
export async function pixelBombJpeg(side = 16383) {
  // A real, decodable progressive JPEG of one flat colour: tiny on disk, ~0.8 GB of pixels to decode.
  return sharp({ create: { width: side, height: side, channels: 3, background: { r: 40, g: 90, b: 160 } }, limitInputPixels: false })
    .jpeg({ quality: 10, progressive: true })
    .toBuffer();
}

/** A DJI-style SRT of `entries` frames (FrameCnt/SrtCnt HTML-tag format), about 300 bytes each. */
export function bigSrt(entries) {
  const lines = [];
  for (let i = 0; i < entries; i++) {
    const t = (ms) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
    const lat = 41.15 + i * 1e-6;
    const lon = -8.61 + i * 1e-6;
    lines.push(
      `${i + 1}\n${t(i * 33)} --> ${t(i * 33 + 33)}\n<font size="28">FrameCnt: ${i + 1}, DiffTime: 33ms\n2024-06-01 12:00:00.000\n` +
        `[iso: 100] [shutter: 1/1000.0] [fnum: 2.8] [ev: 0] [color_md : default] [focal_len: 24.00] [latitude: ${lat.toFixed(6)}] [longitude: ${lon.toFixed(6)}] [rel_alt: 80.000 abs_alt: 120.000] [ct: 5600] </font>\n`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

/** Signs up one free account on `url` (a user name of its own) and returns its bearer header. */
export async function freeAccount(url) {
  const username = `abuser${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret123' }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { username, auth: { authorization: `Bearer ${body.token}` } };
}

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

async function newProject(url, auth, name) {
  const res = await fetch(`${url}/api/projects`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, cameraType: 'dji-mavic-3-pro-series' }),
  });
  return (await json(res)).project.id;
}

async function upload(url, auth, projectId, files) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('files', new Blob([bytes]), name);
  const res = await fetch(`${url}/api/upload/${projectId}`, { method: 'POST', headers: auth, body: form });
  return { status: res.status, body: await json(res) };
}

async function graphql(url, auth, query, variables = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await json(res);
  // GraphQL answers HTTP 200 with errors: the first error's code says what happened.
  return { status: res.status, code: body.errors?.[0]?.extensions?.code, body };
}

/** Seeds `projects` x `sets` file sets with results (plain SQL: what a long-lived account holds). */
async function seedSets(databaseUrl, username, { projects, sets, description }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query('select id from users where username = $1', [username]);
    const userId = rows[0].id;
    const ids = [];
    for (let p = 0; p < projects; p++) {
      const id = (
        await pool.query(
          `insert into projects (id, owner_id, name, description, camera_type, status, created_at, updated_at)
           values (gen_random_uuid(), $1, $2, '', 'dji-mavic-3-pro-series', 'completed', now(), now()) returning id`,
          [userId, `Seeded ${p}`],
        )
      ).rows[0].id;
      ids.push(id);
      await seedFileSetsWithResults(pool, id, sets, { description });
    }
    return ids;
  } finally {
    await pool.end();
  }
}

/**
 * The attacks, each `{ name, finding, setUp(ctx) -> state, fire(ctx, state) -> { status, ... } }`.
 * `ctx` = { url, auth, username, databaseUrl, scale } where scale (0..1] shrinks the inputs for the
 * test suite. `fire` sends one worst request and resolves with what the server answered.
 */
export const ATTACKS = [
  {
    name: 'findReplace, 100 KB replacement',
    finding: 1,
    async setUp(ctx) {
      const sets = Math.max(5, Math.round(20 * ctx.scale));
      const [projectId] = await seedSets(ctx.databaseUrl, ctx.username, { projects: 1, sets, description: 'a'.repeat(4000) + ' sea' });
      return { projectId };
    },
    async fire(ctx, { projectId }) {
      const res = await fetch(`${ctx.url}/api/projects/${projectId}/review/bulk/findReplace`, {
        method: 'POST',
        headers: { ...ctx.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ allMatching: {}, field: 'description', find: 'a', replace: 'b'.repeat(100_000) }),
      });
      return { status: res.status, body: await json(res) };
    },
  },
  {
    name: 'thumbnail of a 16383x16383 JPEG, 3 at once',
    finding: 2,
    async setUp(ctx) {
      const projectId = await newProject(ctx.url, ctx.auth, 'Bomb');
      const bomb = await pixelBombJpeg(ctx.scale < 1 ? 12000 : 16383);
      const up = await upload(ctx.url, ctx.auth, projectId, [['DJI_0001.JPG', bomb]]);
      const project = await json(await fetch(`${ctx.url}/api/projects/${projectId}`, { headers: ctx.auth }));
      const file = project.FileSets?.flatMap((s) => s.Files).find((f) => /jpg$/i.test(f.filename));
      return { projectId, fileId: file?.id, uploadStatus: up.status, upload: up.body };
    },
    async fire(ctx, { fileId, uploadStatus, upload }) {
      if (!fileId) return { status: uploadStatus, code: 'refused at upload', body: upload };
      const answers = await Promise.all(
        [0, 1, 2].map(async () => {
          const res = await fetch(`${ctx.url}/api/files/${fileId}/thumbnail?v=${randomBytes(2).toString('hex')}`, { headers: ctx.auth });
          await res.arrayBuffer();
          return { status: res.status, type: res.headers.get('content-type') };
        }),
      );
      return { status: Math.max(...answers.map((a) => a.status)), answers };
    },
  },
  {
    name: 'projects x 5 aliases, first omitted',
    finding: 3,
    async setUp(ctx) {
      // The unpaged-list bound follows the account's largest project: 200 sets make 5 x 50 (the
      // default page) x 200 = 50,000 file sets; the number of projects only adds to the real answer.
      await seedSets(ctx.databaseUrl, ctx.username, { projects: Math.max(2, Math.round(50 * ctx.scale)), sets: 200, description: 'x' });
      return {};
    },
    async fire(ctx) {
      const alias = (n) => `p${n}: projects { edges { node { id fileSets { id baseName files { id filename } } } } }`;
      return graphql(ctx.url, ctx.auth, `{ ${[1, 2, 3, 4, 5].map(alias).join(' ')} }`);
    },
  },
  {
    name: 'tus: unfinished uploads beyond the quota',
    finding: 4,
    async setUp(ctx) {
      return { projectId: await newProject(ctx.url, ctx.auth, 'Unfinished') };
    },
    async fire(ctx, { projectId }) {
      const b64 = (s) => Buffer.from(s).toString('base64');
      const statuses = [];
      const created = [];
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${ctx.url}/api/uploads/tus`, {
          method: 'POST',
          headers: {
            ...ctx.auth,
            'tus-resumable': '1.0.0',
            'upload-length': String(ctx.uploadLength ?? 1024 * 1024),
            'upload-metadata': `filename ${b64(`DJI_${String(i).padStart(4, '0')}.MP4`)},projectId ${b64(projectId)}`,
          },
        });
        statuses.push(res.status);
        if (res.headers.get('location')) created.push(new URL(res.headers.get('location'), ctx.url).toString());
        await res.arrayBuffer();
      }
      // Cancel what was created (DELETE frees the reservation at once), leaving the quota to the next attack.
      for (const location of created)
        await fetch(location, { method: 'DELETE', headers: { ...ctx.auth, 'tus-resumable': '1.0.0' } }).then((r) => r.arrayBuffer());
      return { status: statuses.some((s) => s >= 400 && s < 500) ? 413 : 201, statuses };
    },
  },
  {
    name: 'fileSetTrack x 30 aliases on a large SRT',
    finding: 6,
    async setUp(ctx) {
      const projectId = await newProject(ctx.url, ctx.auth, 'Track');
      const up = await upload(ctx.url, ctx.auth, projectId, [['DJI_0001.SRT', bigSrt(Math.max(2000, Math.round(150_000 * ctx.scale)))]]);
      const project = await json(await fetch(`${ctx.url}/api/projects/${projectId}`, { headers: ctx.auth }));
      if (!project.FileSets?.[0]) throw new Error(`the SRT was not stored: ${up.status} ${JSON.stringify(up.body).slice(0, 300)}`);
      return { fileSetId: project.FileSets[0].id };
    },
    async fire(ctx, { fileSetId }) {
      const alias = (n) => `t${n}: fileSetTrack(fileSetId: $id) { pointCount }`;
      return graphql(ctx.url, ctx.auth, `query($id: ID!) { ${Array.from({ length: 30 }, (_, n) => alias(n)).join(' ')} }`, { id: fileSetId });
    },
  },
  {
    name: 'keyword rules, 1 MB of entries',
    finding: 8,
    async setUp(ctx) {
      return { projectId: await newProject(ctx.url, ctx.auth, 'Rules') };
    },
    async fire(ctx, { projectId }) {
      const alwaysInclude = Array.from({ length: 40_000 }, (_, i) => `kw${i}xxxxxxxxxxxxx`);
      return graphql(ctx.url, ctx.auth, 'mutation($p: ID!, $r: KeywordRulesInput!) { setKeywordRules(projectId: $p, rules: $r) { alwaysInclude } }', {
        p: projectId,
        r: { alwaysInclude },
      });
    },
  },
];

/** Sends GET /api/health every `everyMs` until `stop()`; resolves the latencies (ms) and failures. */
export function probeHealth(url, everyMs = 50) {
  const latencies = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
      return { probes: latencies.length, failures, p50: pct(50), p99: pct(99), max: sorted.at(-1) ?? 0 };
    },
  };
}

/** Samples a process's resident set size (Linux /proc) every `everyMs`; `stop()` resolves the peak in MB. */
export async function sampleRss(pid, everyMs = 50) {
  const fs = await import('node:fs');
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), everyMs);
  return {
    now: read,
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}
