// Nightly upload: one folder of DJI file sets → a Shotlog project, processed, with its Standard and
// Pond5 CSVs written back into the folder. Typed operations come from examples/operations.graphql
// (`npm run codegen` writes examples/gql/operations.ts).
//
//   SHOTLOG_URL=https://shotlog.example SHOTLOG_TOKEN=shl_... \
//     node --experimental-strip-types examples/nightly-upload.ts /footage/2026-11-23
//
// Optional: SHOTLOG_PROJECT_NAME, SHOTLOG_CAMERA_TYPE, SHOTLOG_IDEMPOTENCY_KEY, SHOTLOG_TIMINGS=1
// (phase timings as JSON lines on stdout), SHOTLOG_TUS_MIN_BYTES (files at least this large go
// through the resumable tus endpoint; default 64 MiB) and SHOTLOG_TUS_CHUNK_BYTES (default 64 MiB).
// Large files resume: killed mid-file and run again with the same SHOTLOG_IDEMPOTENCY_KEY (so the
// same project), a file continues from the server's offset (the upload URLs are kept in
// <folder>/.shotlog-uploads.json). Exit codes: 0 done (failed sets are reported, not
// fatal), 1 failure, 2 usage, 3 authentication or scope, 4 not enough credits.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import * as tus from 'tus-js-client';
import { Upload as TusUpload, type DetailedError, type UploadOptions } from 'tus-js-client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  CreateProjectDocument,
  ExportDownloadDocument,
  ProjectFileSetsDocument,
  ProjectProgressDocument,
  StartProcessingDocument,
  UploadFilesDocument,
  type ExportFormat,
  type ProgressFieldsFragment,
  type UploadFilesMutation,
} from './gql/operations.ts';

const MEDIA = /\.(mp4|mov|jpg|srt)$/i;

/** A failure the script explains and exits with. */
class Failure extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

interface GraphQLError {
  message: string;
  extensions?: { code?: string; creditCheck?: { estimatedCost: number; currentBalance: number } };
}

/** Turns a GraphQL or HTTP error into a Failure with the exit code integrators can branch on. */
function failureOf(what: string, status: number, errors: GraphQLError[] | undefined, fallback: string): Failure {
  const e = errors?.[0];
  const code = e?.extensions?.code;
  const message = e?.message ?? fallback;
  if (status === 401 || code === 'UNAUTHENTICATED') return new Failure(`${what}: authentication failed (${message}). Check SHOTLOG_TOKEN.`, 3);
  if (status === 403 || code === 'FORBIDDEN') return new Failure(`${what}: the token may not do this (${message}).`, 3);
  if (status === 402 || code === 'INSUFFICIENT_CREDITS') {
    const c = e?.extensions?.creditCheck;
    return new Failure(`${what}: not enough credits${c ? ` (needs ${c.estimatedCost}, balance ${c.currentBalance})` : ''}: ${message}`, 4);
  }
  return new Failure(`${what} failed${code ? ` (${code})` : ''}${status >= 400 ? ` [HTTP ${status}]` : ''}: ${message}`);
}

function usage(message: string): never {
  console.error(`nightly-upload: ${message}`);
  process.exit(2);
}

function env(name: string): string {
  return process.env[name] || usage(`${name} is not set (see examples/README.md).`);
}

const base = env('SHOTLOG_URL').replace(/\/+$/, '');
const token = env('SHOTLOG_TOKEN');
const folder = process.argv[2] || usage('usage: nightly-upload.ts <folder of DJI file sets>');
const timings = process.env.SHOTLOG_TIMINGS === '1';
const auth = { authorization: `Bearer ${token}` };
// tus-js-client's Node build keeps upload URLs in a JSON file; its typings leave the class out.
const FileUrlStorage = (tus as unknown as { FileUrlStorage: new (file: string) => NonNullable<UploadOptions['urlStorage']> }).FileUrlStorage;
const tusMinBytes = Number(process.env.SHOTLOG_TUS_MIN_BYTES ?? 64 * 1024 ** 2);
const tusChunkBytes = Number(process.env.SHOTLOG_TUS_CHUNK_BYTES ?? 64 * 1024 ** 2);

function timing(phase: string, startedAt: number, extra: Record<string, unknown> = {}): void {
  if (timings) console.log(JSON.stringify({ timing: phase, seconds: Number(((performance.now() - startedAt) / 1000).toFixed(3)), ...extra }));
}

/** One GraphQL request over HTTP with typed variables and result. */
async function request<R, V>(what: string, doc: TypedDocumentNode<R, V>, variables: V): Promise<R> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(doc), variables }),
  });
  const body = (await res.json().catch(() => null)) as { data?: R; errors?: GraphQLError[] } | null;
  if (!res.ok || body?.errors?.length || !body?.data) throw failureOf(what, res.status, body?.errors, `HTTP ${res.status}`);
  return body.data;
}

/** The folder's media files grouped by base name, as the server groups them. */
async function fileSets(dir: string): Promise<Map<string, string[]>> {
  const names = (await fsp.readdir(dir, { withFileTypes: true })).filter((d) => d.isFile() && MEDIA.test(d.name)).map((d) => d.name);
  const sets = new Map<string, string[]>();
  for (const name of names.sort()) {
    const baseName = name.replace(/\.[^.]+$/, '');
    sets.set(baseName, [...(sets.get(baseName) ?? []), path.join(dir, name)]);
  }
  return sets;
}

/**
 * Uploads one file set as a GraphQL multipart request (operations, map, then the files), streamed
 * from disk with a known Content-Length; `onBytes` sees the bytes as they are handed to the socket.
 */
async function uploadSet(projectId: string, files: string[], onBytes: (n: number) => void): Promise<UploadFilesMutation['uploadFiles']> {
  const boundary = `----shotlog${randomBytes(12).toString('hex')}`;
  const operations = JSON.stringify({ query: print(UploadFilesDocument), variables: { projectId, files: files.map(() => null) } });
  const map = JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.files.${i}`]])));
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = (i: number, file: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${i}"; filename="${path.basename(file).replace(/"/g, '')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
  const heads = [field('operations', operations), field('map', map)];
  const fileHeads = files.map((f, i) => fileHead(i, f));
  const sizes = await Promise.all(files.map(async (f) => (await fsp.stat(f)).size));
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = heads.reduce((n, b) => n + b.length, 0) + fileHeads.reduce((n, b, i) => n + b.length + sizes[i]! + 2, 0) + tail.length;

  async function* body() {
    yield* heads;
    for (const [i, file] of files.entries()) {
      yield fileHeads[i]!;
      for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
        onBytes((chunk as Buffer).length);
        yield chunk as Buffer;
      }
      yield Buffer.from('\r\n');
    }
    yield tail;
  }

  const url = new URL(`${base}/graphql`);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length), 'apollo-require-preflight': 'true' },
    });
    req.on('response', (res) => {
      let t = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (t += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: t }));
      res.on('error', reject);
    });
    req.on('error', reject);
    pipeline(Readable.from(body()), req).catch(reject);
  });
  let parsed: { data?: UploadFilesMutation; errors?: GraphQLError[] } | null = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: reported below */
  }
  if (status >= 400 || parsed?.errors?.length || !parsed?.data) throw failureOf('Upload', status, parsed?.errors, text.slice(0, 300) || `HTTP ${status}`);
  return parsed.data.uploadFiles;
}

/**
 * Uploads one large file through the tus endpoint (/api/uploads/tus) in chunks, streamed from disk.
 * Its upload URL is kept in <folder>/.shotlog-uploads.json under a fingerprint of the project and
 * the file, so a run killed mid-file continues from the server's offset when run again.
 */
async function uploadResumable(projectId: string, file: string, onBytes: (n: number) => void): Promise<void> {
  const { size, mtimeMs } = await fsp.stat(file);
  const name = path.basename(file);
  let counted = 0;
  const upload = new TusUpload(fs.createReadStream(file), {
    endpoint: `${base}/api/uploads/tus`,
    uploadSize: size,
    chunkSize: tusChunkBytes,
    metadata: { filename: name, projectId },
    headers: auth,
    urlStorage: new FileUrlStorage(path.join(folder, '.shotlog-uploads.json')),
    fingerprint: async () => ['shotlog', projectId, path.resolve(file), size, Math.round(mtimeMs)].join(':'),
    removeFingerprintOnSuccess: true,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    onAfterResponse: (req, res) => {
      // A resumed upload starts with HEAD: what the server has is not sent again.
      if (req.getMethod() !== 'HEAD') return;
      const offset = Number(res.getHeader('Upload-Offset') ?? 0);
      counted = offset;
      console.log(`  resuming ${name} from byte ${offset} of ${size}`);
    },
    onProgress: (sent) => {
      if (sent > counted) onBytes(sent - counted);
      counted = Math.max(counted, sent);
    },
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  await new Promise<void>((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = (err) => {
      const res = (err as DetailedError).originalResponse;
      reject(failureOf(`Upload of ${name}`, res?.getStatus() ?? 0, undefined, res?.getBody()?.trim() || err.message));
    };
    upload.start();
  });
}

/** Follows projectProgress over graphql-ws until the server completes it (the run has ended). */
async function followProgress(projectId: string, names: Map<string, string>): Promise<ProgressFieldsFragment> {
  const wsUrl = `${base.replace(/^http/, 'ws')}/graphql`;
  const client = createClient({ url: wsUrl, connectionParams: { authorization: auth.authorization }, webSocketImpl: WebSocket, retryAttempts: 5, lazy: true });
  const seen = new Map<string, string>();
  let last: ProgressFieldsFragment | null = null;
  let lastOverall = '';
  try {
    const events = client.iterate<{ projectProgress: ProgressFieldsFragment }>({ query: print(ProjectProgressDocument), variables: { projectId } });
    for await (const event of events) {
      if (event.errors?.length) throw failureOf('Progress subscription', 0, event.errors as GraphQLError[], 'subscription error');
      const p = event.data?.projectProgress;
      if (!p) continue;
      last = p;
      for (const job of p.jobs) {
        const line = `${job.stageMessage ?? job.stage ?? job.status} (${job.progress}%)${job.error ? `: ${job.error}` : ''}`;
        if (seen.get(job.fileSetId) !== line) {
          seen.set(job.fileSetId, line);
          console.log(`  ${names.get(job.fileSetId) ?? job.fileSetId}: ${line}`);
        }
      }
      const overall = `processing ${p.progress}% (${p.completedJobs} completed, ${p.failedJobs} failed, ${p.processingJobs} running, ${p.pendingJobs} waiting of ${p.totalJobs})`;
      if (overall !== lastOverall) console.log((lastOverall = overall));
    }
  } catch (err) {
    if (err instanceof Failure) throw err;
    const e = err as { code?: number; reason?: string; message?: string };
    if (e.code === 4401 || e.code === 4403)
      throw new Failure(`Progress subscription refused (${e.reason ?? e.code}). Check SHOTLOG_TOKEN and its read scope.`, 3);
    throw new Failure(`Progress subscription failed: ${e.message ?? e.reason ?? String(err)}`);
  } finally {
    await client.dispose();
  }
  if (!last) throw new Failure('Progress subscription ended without a state.');
  return last;
}

async function download(projectId: string, format: ExportFormat): Promise<string> {
  const { exportDownload: link } = await request(`Export ${format}`, ExportDownloadDocument, { projectId, format });
  const res = await fetch(new URL(link.url, `${base}/`));
  if (!res.ok || !res.body) throw new Failure(`Downloading ${format} failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  const to = path.join(folder, path.basename(link.fileName));
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(to));
  console.log(`Wrote ${to}${link.incomplete ? ` (incomplete: ${link.note ?? 'still processing'})` : ''}`);
  return to;
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!(await fsp.stat(folder).catch(() => null))?.isDirectory()) throw new Failure(`${folder} is not a folder.`, 2);
  const sets = await fileSets(folder);
  if (sets.size === 0) throw new Failure(`No .MP4/.MOV/.JPG/.SRT files in ${folder}.`, 2);

  // A retry after a timeout reuses the key, so it cannot create a second project.
  const idempotencyKey = process.env.SHOTLOG_IDEMPOTENCY_KEY ?? randomUUID();
  const name = (process.env.SHOTLOG_PROJECT_NAME ?? `Nightly ${path.basename(path.resolve(folder))} ${new Date().toISOString().slice(0, 10)}`).slice(0, 200);
  const input = { name, cameraType: process.env.SHOTLOG_CAMERA_TYPE ?? 'dji-mavic-3-pro-series' };
  let project: { id: string; name: string } | undefined;
  for (let attempt = 1; !project; attempt++) {
    try {
      project = (await request('Create project', CreateProjectDocument, { input, idempotencyKey })).createProject;
    } catch (err) {
      if (err instanceof Failure || attempt >= 3) throw err;
      console.error(`Create project: ${(err as Error).message}; retrying with the same idempotency key`);
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
  console.log(`Created project "${project.name}" (id ${project.id})`);
  timing('create', started);

  const uploadStarted = performance.now();
  const files = [...sets.values()].flat();
  const total = (await Promise.all(files.map(async (f) => (await fsp.stat(f)).size))).reduce((a, b) => a + b, 0);
  let sent = 0;
  let shownTenth = -1;
  const mb = (n: number) => (n / 1024 ** 2).toFixed(1);
  const onBytes = (n: number) => {
    sent += n;
    const tenth = Math.floor((sent / total) * 10);
    if (tenth > shownTenth) {
      shownTenth = tenth;
      console.log(`upload ${tenth * 10}% (${mb(sent)} / ${mb(total)} MB)`);
    }
  };
  for (const [i, [baseName, setFiles]] of [...sets].entries()) {
    // Small files in one multipart request; each large one resumably, after them.
    const sizes = await Promise.all(setFiles.map(async (f) => (await fsp.stat(f)).size));
    const small = setFiles.filter((_, j) => sizes[j]! < tusMinBytes);
    const large = setFiles.filter((_, j) => sizes[j]! >= tusMinBytes);
    let stored = 0;
    if (small.length) {
      const r = await uploadSet(project.id, small, onBytes);
      stored += r.accepted.length;
      for (const refused of r.refused) console.error(`  refused ${refused.filename}: ${refused.reason}`);
    }
    for (const file of large) {
      await uploadResumable(project.id, file, onBytes);
      stored++;
    }
    console.log(`  [${i + 1}/${sets.size}] ${baseName}: ${stored} file(s) stored`);
  }
  // The sets as the server has them now (a large file may have completed a set after its small files).
  const { project: uploaded } = await request('Project', ProjectFileSetsDocument, { id: project.id });
  const complete = uploaded.fileSets.filter((s) => s.status === 'complete').length;
  console.log(`Uploaded ${files.length} files: ${complete} complete set(s), ${uploaded.fileSets.length - complete} incomplete`);
  timing('upload', uploadStarted, { files: files.length, bytes: total });

  const processingStarted = performance.now();
  const { startProcessing } = await request('Start processing', StartProcessingDocument, { projectId: project.id });
  console.log(`Processing ${startProcessing.run.totalJobs} set(s), charged ${startProcessing.run.charged} credits`);
  const { project: withSets } = await request('Project', ProjectFileSetsDocument, { id: project.id });
  const names = new Map(withSets.fileSets.map((s) => [s.id, s.baseName]));
  const final = await followProgress(project.id, names);
  for (const job of final.jobs.filter((j) => j.status === 'failed'))
    console.error(`FAILED ${names.get(job.fileSetId) ?? job.fileSetId}: ${job.error ?? 'unknown error'} (refunded)`);
  console.log(`Processing finished: ${final.completedJobs} completed, ${final.failedJobs} failed`);
  timing('processing', processingStarted, { completed: final.completedJobs, failed: final.failedJobs });
  if (final.completedJobs === 0) throw new Failure('No file set completed: nothing to export.');

  const exportStarted = performance.now();
  await download(project.id, 'STANDARD');
  await download(project.id, 'POND5');
  timing('export', exportStarted);
  timing('total', started);
}

main().catch((err: unknown) => {
  const failure = err instanceof Failure ? err : new Failure(`Unexpected error: ${(err as Error)?.stack ?? String(err)}`);
  console.error(`nightly-upload: ${failure.message}`);
  process.exit(failure.exitCode);
});
