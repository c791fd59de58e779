/**
 * A real S3-compatible server on loopback for the tests (s3rver: the S3 REST API on disk, SigV4
 * checked against the S3RVER/S3RVER credentials), behind a small proxy the test controls: it passes
 * requests through, answers the next N with 503 (a bucket's bad moment), or cuts every connection
 * (the bucket unreachable). The proxy forwards the Host header untouched, so signatures still hold.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestBucket {
  /** The endpoint the API is given (the proxy). */
  endpoint: string;
  /** s3rver itself, without the proxy. */
  directEndpoint: string;
  bucket: string;
  /** What an API process needs to use this bucket (S3_*). */
  env: Record<string, string>;
  /** Answer the next `n` requests with 503 (each counted in `failed`). */
  failNext(n: number): void;
  /** Cut every connection and refuse new ones until `restore`. */
  goDown(): void;
  restore(): void;
  /** Requests the proxy answered with 503 so far, and passed on. */
  readonly failed: number;
  readonly passed: number;
  /** Body bytes the proxy passed back for GETs of paths containing `keyPart` (what a reader transferred). */
  bytesServed(keyPart: string): number;
  /** Keys of the objects in the bucket now (s3rver's folder). */
  keys(): Promise<string[]>;
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

export async function startTestBucket(bucket = 'shotlog-test'): Promise<TestBucket> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  const { port: s3Port } = await s3.run();
  let failing = 0;
  let down = false;
  let failed = 0;
  let passed = 0;
  const served = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((req, res) => {
    if (down) return void req.socket.destroy();
    if (failing > 0) {
      failing--;
      failed++;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      return void res.end('<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Test fault</Message></Error>');
    }
    passed++;
    const url = new URL(req.url ?? '/', 'http://x');
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId && /^[\w-]+$/.test(uploadId) && !url.searchParams.has('partNumber') && (req.method === 'GET' || req.method === 'DELETE'))
      return void multipartExtras(path.join(dir, bucket, '._S3rver_uploads', uploadId), req.method, url, uploadId, res);
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
    failNext: (n) => void (failing = n),
    goDown: () => {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => void (down = false),
    get failed() {
      return failed;
    },
    get passed() {
      return passed;
    },
    bytesServed: (keyPart) => [...served].reduce((n, [p, b]) => (p.includes(keyPart) ? n + b : n), 0),
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
