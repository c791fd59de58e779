/**
 * A real S3-compatible server on loopback for the tests (s3rver: the S3 REST API on disk, SigV4
 * checked against the S3RVER/S3RVER credentials), behind a small proxy the test controls: it passes
 * requests through, answers the next N with 503 (a bucket's bad moment), or cuts every connection
 * (the bucket unreachable). The proxy forwards the Host header untouched, so signatures still hold.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/adapters/object-storage/index.js';

export interface TestBucket {
  /** The endpoint the API is given (the proxy). */
  endpoint: string;
  /** s3rver itself, without the proxy. */
  directEndpoint: string;
  bucket: string;
  /** What an API process needs to use this bucket (S3_*). */
  env: Record<string, string>;
  /** The same as S3Settings (through the proxy), for a store or client made in the test itself. */
  settings(over?: Partial<S3Settings>): S3Settings;
  /**
   * Answer UploadPartCopy (a part copied inside the server from a byte range of another object), as
   * S3, MinIO and R2 do; off, the request goes on to s3rver, which answers NotImplemented.
   */
  servePartCopy(on: boolean): void;
  /** UploadPartCopy requests answered so far. */
  readonly partCopies: number;
  /** Copies asked of the server so far (CopyObject and UploadPartCopy: requests with x-amz-copy-source). */
  readonly copies: number;
  /** Answer the next `n` requests with 503 (each counted in `failed`). */
  failNext(n: number): void;
  /**
   * Answer every GET of a path containing `keyPart` with 503 (counted in `failed`) until called with
   * null; with `status` 404, as S3 answers for an object that is gone (NoSuchKey).
   */
  failReads(keyPart: string | null, status?: 503 | 404): void;
  /** Cut every connection and refuse new ones until `restore`. */
  goDown(): void;
  restore(): void;
  /** Requests the proxy answered with 503 so far, and passed on. */
  readonly failed: number;
  readonly passed: number;
  /** Body bytes the proxy passed back for GETs of paths containing `keyPart` (what a reader transferred). */
  bytesServed(keyPart: string): number;
  /** GETs without a Range header of paths containing `keyPart` (a reader fetching the whole object). */
  wholeReads(keyPart: string): number;
  /** Requests of `method` passed on for paths containing `keyPart`. */
  requests(method: string, keyPart: string): number;
  /** The Range headers of the GETs passed on for paths containing `keyPart`, in order. */
  rangesRead(keyPart: string): string[];
  /** Keys of the objects in the bucket now (s3rver's folder). */
  keys(): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted (s3rver's folder of parts). */
  pendingUploads(): Promise<number>;
  close(): Promise<void>;
}

/**
 * What s3rver lacks and @tus/s3-store needs: ListParts (GET ?uploadId) and AbortMultipartUpload
 * (DELETE ?uploadId), answered from s3rver's own folder of parts. The request is not checked for
 * its signature here (the other requests are, by s3rver).
 */
async function multipartExtras(uploadDir: string, method: string, url: URL, uploadId: string, res: http.ServerResponse): Promise<void> {
  const names = await fs.readdir(uploadDir).catch(() => null);
  if (!names) {
    res.writeHead(404, { 'content-type': 'application/xml' });
    return void res.end('<?xml version="1.0"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
  }
  if (method === 'DELETE') {
    await fs.rm(uploadDir, { recursive: true, force: true });
    res.writeHead(204);
    return void res.end();
  }
  const numbers = names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [st, md5] = await Promise.all([fs.stat(path.join(uploadDir, String(n))), fs.readFile(path.join(uploadDir, `${n}.md5`), 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${st.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${st.size}</Size></Part>`;
    }),
  );
  const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker>` +
      `<NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}

/**
 * What s3rver lacks and S3 has: UploadPartCopy (PUT ?partNumber&uploadId with x-amz-copy-source and
 * x-amz-copy-source-range), answered by copying the byte range from s3rver's object file into its
 * folder of parts the way its own UploadPart stores one (`<n>` and `<n>.md5`), so its
 * CompleteMultipartUpload finds the part. Not checked for its signature (like multipartExtras).
 */
async function uploadPartCopy(
  dir: string,
  bucket: string,
  uploadId: string,
  partNumber: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  req.resume();
  const fail = (status: number, code: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };
  const source = decodeURIComponent(String(req.headers['x-amz-copy-source'])).replace(/^\//, '');
  const [sourceBucket, ...keyParts] = source.split('/');
  const last = keyParts.pop();
  const uploadDir = path.join(dir, bucket, '._S3rver_uploads', uploadId);
  if (!last || keyParts.concat(last, sourceBucket ?? '').some((p) => p === '..') || !/^\d+$/.test(partNumber)) return fail(400, 'InvalidRequest');
  const objectFile = path.join(dir, sourceBucket!, ...keyParts, `${last}._S3rver_object`);
  const [object, upload] = await Promise.all([fs.stat(objectFile).catch(() => null), fs.stat(uploadDir).catch(() => null)]);
  if (!upload) return fail(404, 'NoSuchUpload');
  if (!object) return fail(404, 'NoSuchKey');
  const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers['x-amz-copy-source-range'] ?? `bytes=0-${object.size - 1}`));
  if (!range || Number(range[2]) < Number(range[1]) || Number(range[2]) >= object.size) return fail(416, 'InvalidRange');
  const partFile = path.join(uploadDir, partNumber);
  const md5 = createHash('md5');
  await pipeline(
    createReadStream(objectFile, { start: Number(range[1]), end: Number(range[2]) }),
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        md5.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(partFile),
  );
  const etag = md5.digest('hex');
  await fs.writeFile(`${partFile}.md5`, etag);
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><CopyPartResult><LastModified>${new Date().toISOString()}</LastModified><ETag>"${etag}"</ETag></CopyPartResult>`,
  );
}

export async function startTestBucket(bucket = 'shotlog-test'): Promise<TestBucket> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port: s3Port } = await s3.run();
  let failing = 0;
  let failingReads: string | null = null;
  let down = false;
  let failed = 0;
  let passed = 0;
  let partCopy = false;
  let partCopies = 0;
  let copies = 0;
  const served = new Map<string, number>();
  const whole: string[] = [];
  const ranges: Array<[string, string]> = [];
  const asked: string[] = [];
  let failingStatus: 503 | 404 = 503;
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((req, res) => {
    if (down) return void req.socket.destroy();
    const failRead = failingReads !== null && req.method === 'GET' && (req.url ?? '').includes(failingReads);
    if (failing > 0 || failRead) {
      if (!failRead) failing--;
      failed++;
      req.resume();
      const status = failRead ? failingStatus : 503;
      res.writeHead(status, { 'content-type': 'application/xml' });
      const code = status === 404 ? 'NoSuchKey' : 'SlowDown';
      return void res.end(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>Test fault</Message></Error>`);
    }
    passed++;
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(`${req.method} ${url.pathname}`);
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId && /^[\w-]+$/.test(uploadId) && !url.searchParams.has('partNumber') && (req.method === 'GET' || req.method === 'DELETE'))
      return void multipartExtras(path.join(dir, bucket, '._S3rver_uploads', uploadId), req.method, url, uploadId, res);
    const partNumber = url.searchParams.get('partNumber');
    if (req.headers['x-amz-copy-source']) copies++;
    if (partCopy && req.method === 'PUT' && uploadId && /^[\w-]+$/.test(uploadId) && partNumber && req.headers['x-amz-copy-source']) {
      partCopies++;
      return void uploadPartCopy(dir, bucket, uploadId, partNumber, req, res).catch(() => res.headersSent || res.writeHead(500).end());
    }
    if (req.method === 'GET' && !req.headers.range) whole.push(url.pathname);
    if (req.method === 'GET' && req.headers.range) ranges.push([url.pathname, req.headers.range]);
    const out = http.request({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (req.method === 'GET') answer.on('data', (c: Buffer) => served.set(url.pathname, (served.get(url.pathname) ?? 0) + c.length));
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    // A reader that hangs up mid-body (ffprobe once it has the header) ends the request to s3rver
    // too: left paused, it would hold s3rver's socket and its close forever.
    res.on('close', () => !res.writableFinished && out.destroy());
    req.pipe(out);
  });
  proxy.on('connection', (socket) => {
    if (down) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  return {
    endpoint,
    directEndpoint: `http://127.0.0.1:${s3Port}`,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: (over = {}) => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      cacheBytes: 64 * 1024,
      ...over,
    }),
    servePartCopy: (on) => void (partCopy = on),
    get partCopies() {
      return partCopies;
    },
    failNext: (n) => void (failing = n),
    failReads: (keyPart, status = 503) => {
      failingReads = keyPart;
      failingStatus = status;
    },
    goDown: () => {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => void (down = false),
    get failed() {
      return failed;
    },
    get copies() {
      return copies;
    },
    get passed() {
      return passed;
    },
    bytesServed: (keyPart) => [...served].reduce((n, [p, b]) => (p.includes(keyPart) ? n + b : n), 0),
    wholeReads: (keyPart) => whole.filter((p) => p.includes(keyPart)).length,
    requests: (method, keyPart) => asked.filter((a) => a.startsWith(`${method} `) && a.includes(keyPart)).length,
    rangesRead: (keyPart) => ranges.filter(([p]) => p.includes(keyPart)).map(([, r]) => r),
    pendingUploads: async () => (await fs.readdir(path.join(dir, bucket, '._S3rver_uploads')).catch(() => [])).length,
    keys: async () => {
      // s3rver keeps each object as <bucket>/<key>._S3rver_object
      const root = path.join(dir, bucket);
      const found: string[] = [];
      const walk = async (d: string) => {
        for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) await walk(p);
          else if (e.name.endsWith('._S3rver_object')) found.push(path.relative(root, p).replace(/\._S3rver_object$/, ''));
        }
      };
      await walk(root);
      return found.sort();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
