// The uploading side of bench/storage.mjs: one large file sent to the bucket by the S3 client
// itself (the baseline), through the API's multipart route, or through tus. bench/storage.mjs runs
// these in a process of their own by default: an uploader is a browser or a script on another
// machine, not the process that serves the bucket (s3rver runs in the bench process, and a sender in
// that same thread slowed the bucket's side of the run). `--in-process-client` runs them in the bench
// process, as the figures before that change were measured.
// As a script: node bench/upload-client.mjs '<json: {kind, ...options}>' prints {"seconds": N, "cpuSeconds": N}.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** A 4 MiB block that reads as an MP4 head (the routes check a movie's first bytes); repeated to any length. */
export function movieBlock() {
  const block = randomBytes(4 * 1024 * 1024);
  block.writeUInt32BE(24, 0);
  block.write('ftypisom', 4, 'latin1');
  return block;
}

export function* movieBytes(block, from, length) {
  for (let at = from; at < from + length;) {
    const off = at % block.length;
    const piece = block.subarray(off, Math.min(block.length, off + (from + length - at)));
    yield piece;
    at += piece.length;
  }
}

/** The S3 client's own multipart upload (@aws-sdk/lib-storage, 8 MiB parts, 4 at once): the baseline. */
async function s3Upload({ block, total, endpoint, bucket, key }) {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: Readable.from(movieBytes(block, 0, total)) },
    partSize: 8 * 1024 ** 2,
    queueSize: 4,
  }).done();
  client.destroy();
}

async function multipartUpload({ block, total, url, auth, project }) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const body = Readable.from(
    (function* () {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="BIG.MP4"\r\nContent-Type: video/mp4\r\n\r\n`);
      yield* movieBytes(block, 0, total);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  const res = await fetch(`${url}/api/upload/${project}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  });
  if (res.status >= 300) throw new Error(`multipart: ${res.status} ${await res.text()}`);
}

async function tusUpload({ block, total, url, auth, project, chunk }) {
  const b64 = (s) => Buffer.from(s).toString('base64');
  const created = await fetch(`${url}/api/uploads/tus`, {
    method: 'POST',
    headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(total), 'upload-metadata': `filename ${b64('BIG.MP4')},projectId ${b64(project)}` },
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const loc = created.headers.get('location');
  let lastPatchSeconds = 0;
  for (let at = 0; at < total; at += chunk) {
    const n = Math.min(chunk, total - at);
    const sent = performance.now();
    const res = await fetch(`${url}${loc}`, {
      method: 'PATCH',
      headers: {
        ...auth,
        'tus-resumable': '1.0.0',
        'upload-offset': String(at),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(n),
      },
      body: Readable.from(movieBytes(block, at, n)),
      duplex: 'half',
    });
    if (res.status !== 204) throw new Error(`PATCH at ${at}: ${res.status} ${await res.text()}`);
    lastPatchSeconds = (performance.now() - sent) / 1000;
  }
  // The last PATCH holds the finish (the object's copy into storage, the file set recorded).
  return { lastPatchSeconds };
}

const kinds = { s3: s3Upload, multipart: multipartUpload, tus: tusUpload };

/** Runs one upload here and answers its seconds (and this process's CPU-seconds during it). */
export async function uploadHere(kind, options) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const extra = await kinds[kind](options);
  const cpu = process.cpuUsage(cpu0);
  return { ...extra, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { kind, blockFile, ...options } = JSON.parse(process.argv[2]);
  process.stdout.write(JSON.stringify(await uploadHere(kind, { ...options, block: fs.readFileSync(blockFile) })));
}
