// Delivery throughput (issue 19): one large file to a local FTPS server (ftp-srv, explicit TLS) and a
// local SFTP server (ssh2), sent the way the delivery worker sends it (api/dist/features/delivery/remote-client.js:
// 256 KiB reads through the byte counter) against a plain client uploading the same bytes directly
// (basic-ftp uploadFrom / ssh2-sftp-client put), in the same run. Prints the throughput ratio
// (ours / plain; aim >= 0.8) and this process's RSS growth while ours ran (aim < 100 MB).
// Then 200 small clips (--clips) of one project delivered to the FTPS server by two API processes,
// each with its delivery worker, on one database and one Redis: files per second, and how many files
// the server received more than once (aim: none), against the same clips sent one after another by
// one plain basic-ftp client in the same run.
// `node bench/delivery.mjs --mb 2048 --clips 200` (2 GiB by default, --mb 0 skips it; needs the API
// built: npx tsc -b ledger api; Redis on 127.0.0.1:6379 or TEST_REDIS_URL).
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { benchAccount, freshDatabase, numberArg, root, startApi } from './lib.mjs';

const require = createRequire(import.meta.url);
const FtpSrv = require('ftp-srv');
const { Client: FtpClient } = require('basic-ftp');
const SftpClient = require('ssh2-sftp-client');
const { Server, utils } = require('ssh2');
const selfsigned = require('selfsigned');
const { openRemote, localFrom, byteCounter } = await import(path.join(root, 'api/dist/features/delivery/remote-client.js'));

const MB = numberArg('mb', 2048);
const CLIPS = numberArg('clips', 200);
const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-delivery-'));
const src = path.join(tmp, 'clip.mp4');
{
  const out = fs.createWriteStream(src);
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < MB; i++) if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  await new Promise((r) => out.end(r));
}
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent };
const user = { username: 'bench', password: 'bench-pass' };

// FTPS server
const cert = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
  keySize: 2048,
  algorithm: 'sha256',
  extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
});
const ftpRoot = path.join(tmp, 'ftp');
await fsp.mkdir(ftpRoot);
const ftpPort = 20000 + Math.floor(Math.random() * 10000);
const ftpServer = new FtpSrv({
  url: `ftp://127.0.0.1:${ftpPort}`,
  pasv_url: '127.0.0.1',
  pasv_min: 40000,
  pasv_max: 49000,
  tls: { key: cert.private, cert: cert.cert },
  log: silent,
});
/** File name -> how many uploads of it the server received (STOR and APPE). */
const received = new Map();
ftpServer.on('login', ({ connection, username, password }, resolve, reject) => {
  if (username !== user.username || password !== user.password) return reject(new Error('no'));
  for (const verb of ['STOR', 'APPE'])
    connection.on(verb, (err, file) => !err && received.set(path.basename(file), (received.get(path.basename(file)) ?? 0) + 1));
  resolve({ root: ftpRoot });
});
await ftpServer.listen();

// SFTP server: OPEN/WRITE/CLOSE/STAT/OPENDIR/READDIR/REALPATH into a folder.
const sftpRoot = path.join(tmp, 'sftp');
await fsp.mkdir(sftpRoot);
const { STATUS_CODE, flagsToString } = utils.sftp;
const sshServer = new Server({ hostKeys: [utils.generateKeyPairSync('ed25519').private] }, (client) => {
  client.on('error', () => undefined);
  client.on('authentication', (ctx) => (ctx.method === 'password' && ctx.password === user.password ? ctx.accept() : ctx.reject(['password'])));
  client.on('ready', () =>
    client.on('session', (accept) =>
      accept().on('sftp', (acc) => {
        const s = acc();
        const fds = new Map();
        let n = 0;
        const local = (p) => path.join(sftpRoot, path.posix.normalize('/' + p));
        const attrs = (st) => ({ mode: st.mode, uid: 0, gid: 0, size: st.size, atime: 0, mtime: 0 });
        s.on('OPEN', (id, f, flags) => {
          const h = Buffer.alloc(4);
          h.writeUInt32BE(++n);
          fds.set(n, fs.openSync(local(f), flagsToString(flags)));
          s.handle(id, h);
        });
        s.on('WRITE', (id, h, off, data) => fs.write(fds.get(h.readUInt32BE(0)), data, 0, data.length, off, () => s.status(id, STATUS_CODE.OK)));
        s.on('CLOSE', (id, h) => {
          const fd = fds.get(h.readUInt32BE(0));
          if (typeof fd === 'number') fs.closeSync(fd);
          s.status(id, STATUS_CODE.OK);
        });
        const stat = (id, p) => {
          try {
            s.attrs(id, attrs(fs.statSync(local(p))));
          } catch {
            s.status(id, STATUS_CODE.NO_SUCH_FILE);
          }
        };
        s.on('STAT', stat);
        s.on('LSTAT', stat);
        s.on('FSTAT', (id, h) => s.attrs(id, attrs(fs.fstatSync(fds.get(h.readUInt32BE(0))))));
        s.on('OPENDIR', (id, p) => {
          const h = Buffer.alloc(4);
          h.writeUInt32BE(++n);
          fds.set(n, { dir: local(p), done: false });
          s.handle(id, h);
        });
        s.on('READDIR', (id, h) => {
          const d = fds.get(h.readUInt32BE(0));
          if (d.done) return s.status(id, STATUS_CODE.EOF);
          d.done = true;
          s.name(
            id,
            fs.readdirSync(d.dir).map((f) => ({ filename: f, longname: f, attrs: attrs(fs.statSync(path.join(d.dir, f))) })),
          );
        });
        s.on('REALPATH', (id, p) => s.name(id, [{ filename: path.posix.normalize('/' + p), longname: '', attrs: {} }]));
      }),
    ),
  );
});
await new Promise((r) => sshServer.listen(0, '127.0.0.1', r));
const sftpPort = sshServer.address().port;

const target = (protocol, port) => ({
  protocol,
  host: '127.0.0.1',
  address: '127.0.0.1',
  port,
  ...user,
  secret: user.password,
  secretKind: 'password',
  remoteFolder: '/',
  hostKey: null,
});

async function ours(protocol, port, name) {
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const t0 = performance.now();
  const s = await openRemote(target(protocol, port), { extraCa: cert.cert });
  const counter = byteCounter(() => undefined);
  await Promise.all([pipeline(localFrom(src, 0), counter), s.upload(counter, name, 0)]);
  s.close();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, rssGrowthMb: (peak - rss0) / 1e6 };
}

async function plainFtps(name) {
  const t0 = performance.now();
  const c = new FtpClient(0);
  await c.access({ host: '127.0.0.1', port: ftpPort, user: user.username, password: user.password, secure: true, secureOptions: { ca: [cert.cert] } });
  await c.uploadFrom(fs.createReadStream(src), name);
  c.close();
  return performance.now() - t0;
}

async function plainSftp(name) {
  const t0 = performance.now();
  const c = new SftpClient();
  await c.connect({ host: '127.0.0.1', port: sftpPort, username: user.username, password: user.password });
  await c.put(fs.createReadStream(src), '/' + name);
  await c.end();
  return performance.now() - t0;
}

const rows = [];
for (const [label, plain, protocol, port] of MB > 0
  ? [
      ['FTPS', plainFtps, 'ftps', ftpPort],
      ['SFTP', plainSftp, 'sftp', sftpPort],
    ]
  : []) {
  const base = await plain(`plain-${protocol}.mp4`);
  const o = await ours(protocol, port, `ours-${protocol}.mp4`);
  rows.push({
    protocol: label,
    MB: MB,
    'plain MB/s': (MB / (base / 1000)).toFixed(1),
    'ours MB/s': (MB / (o.ms / 1000)).toFixed(1),
    'ratio ours/plain': (base / o.ms).toFixed(2),
    'RSS growth MB': o.rssGrowthMb.toFixed(0),
  });
}
if (rows.length) console.table(rows);

// Many small clips, two API processes with their workers.
if (CLIPS > 0) {
  const clipsDir = path.join(tmp, 'clips');
  await fsp.mkdir(clipsDir);
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
  const names = Array.from({ length: CLIPS }, (_, i) => `DJI_${String(i + 1).padStart(4, '0')}.MP4`);
  for (const n of names) await fsp.writeFile(path.join(clipsDir, n), Buffer.concat([head, randomBytes(256 * 1024)]));

  // Baseline: one plain client sends them one after another.
  await fsp.mkdir(path.join(ftpRoot, 'plain'));
  let t0 = performance.now();
  const c = new FtpClient(0);
  await c.access({ host: '127.0.0.1', port: ftpPort, user: user.username, password: user.password, secure: true, secureOptions: { ca: [cert.cert] } });
  for (const n of names) await c.uploadFrom(path.join(clipsDir, n), `plain/${n}`);
  c.close();
  const plainSeconds = (performance.now() - t0) / 1000;
  received.clear();

  const db = await freshDatabase();
  const dataDir = path.join(tmp, 'data');
  const caFile = path.join(tmp, 'ca.pem');
  await fsp.writeFile(caFile, cert.cert);
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}`,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    DELIVERY_EXTRA_HOSTS: '127.0.0.1',
    DELIVERY_CA_FILE: caFile,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  };
  const apis = [];
  try {
    apis.push(await startApi({ ...env, PORT: '4721' }));
    apis.push(await startApi({ ...env, PORT: '4722' }));
    const url = apis[0].url;
    const { auth, newProject } = await benchAccount(url);
    const projectId = await newProject('Delivery bench');
    const form = new FormData();
    for (const n of names) form.append('files', new Blob([await fsp.readFile(path.join(clipsDir, n))]), n);
    const up = await fetch(`${url}/api/upload/${projectId}`, { method: 'POST', headers: auth, body: form });
    if (up.status !== 200) throw new Error(`upload: ${up.status} ${(await up.text()).slice(0, 200)}`);
    const json = { ...auth, 'content-type': 'application/json' };
    const conn = await fetch(`${url}/api/delivery/connections`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ agency: 'custom', protocol: 'ftps', host: '127.0.0.1', port: ftpPort, ...user, remoteFolder: '/' }),
    }).then((r) => r.json());
    t0 = performance.now();
    const started = await fetch(`${url}/api/delivery/projects/${projectId}/deliveries`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ connectionIds: [conn.connection.id] }),
    }).then((r) => r.json());
    let view;
    for (;;) {
      view = (await fetch(`${url}/api/delivery/deliveries/${started.delivery.id}`, { headers: auth }).then((r) => r.json())).delivery;
      if (view.done) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const sent = view.items.filter((i) => i.status === 'sent').length;
    const twice = [...received.values()].filter((n) => n > 1).length;
    console.table([
      {
        figure: `${CLIPS} clips (256 KiB) by 2 API processes' workers`,
        value: `${seconds.toFixed(2)} s, ${(sent / seconds).toFixed(1)} files/s (${sent} sent)`,
      },
      { figure: 'the same clips by one plain basic-ftp client in a row', value: `${plainSeconds.toFixed(2)} s, ${(CLIPS / plainSeconds).toFixed(1)} files/s` },
      { figure: 'ratio (ours files/s / plain files/s)', value: (sent / seconds / (CLIPS / plainSeconds)).toFixed(2) },
      { figure: 'files the server received more than once (aim 0)', value: String(twice) },
    ]);
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await db.drop();
  }
}
await ftpServer.close();
sshServer.close();
await fsp.rm(tmp, { recursive: true, force: true });
process.exit(0);
