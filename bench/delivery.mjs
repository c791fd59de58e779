// Delivery throughput (issue 19): one large file to a local FTPS server (ftp-srv, explicit TLS) and a
// local SFTP server (ssh2), sent the way the delivery worker sends it (api/dist/features/delivery/remote-client.js:
// 256 KiB reads through the byte counter) against a plain client uploading the same bytes directly
// (basic-ftp uploadFrom / ssh2-sftp-client put), in the same run. Prints the throughput ratio
// (ours / plain; aim >= 0.8) and this process's RSS growth while ours ran (aim < 100 MB).
// Then 200 small clips (--clips) of one project delivered to one FTPS and one SFTP connection at once
// by one API process (issue 33): files per second per protocol against a plain client alone (aim >=
// 1.0), files a server received more than once (aim 0), logins per connection (aim <= its pool), and
// a replace-then-redeliver of 20 clips (10 larger, 10 the same size) hashed on both servers.
// The small clips go in --rounds paired rounds (default 3: the plain clients, then ours sending the
// same files again), medians printed: two servers and two protocols on two cores swing a lot.
// `node bench/delivery.mjs --quick` (64 MiB large file, about a minute) or `--mb 2048 --clips 200`
// (--mb 0 skips the large file; needs the API built: npx tsc -b ledger api; Redis on 127.0.0.1:6379
// or TEST_REDIS_URL). BENCH_POOL sets the connections' session pool (default 2, the product's default).
// --rtt-ms N puts SFTP (the plain client and ours alike) behind a proxy adding N ms of round trip, as
// an agency's server far away does: on loopback the figure is bound by the CPU of this one process
// serving both protocols, at a distance by round trips per file.
import { createRequire } from 'node:module';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
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
const { openRemote, byteCounter } = await import(path.join(root, 'api/dist/features/delivery/remote-client.js'));

const QUICK = process.argv.includes('--quick');
const MB = numberArg('mb', QUICK ? 64 : 2048);
const CLIPS = numberArg('clips', QUICK ? 100 : 200);
/** Paired rounds of the small clips (plain then ours); the figures are medians. */
const ROUNDS = numberArg('rounds', QUICK ? 1 : 3);
/** Round-trip time added to SFTP (both the plain client and ours) by a delaying proxy; 0: loopback. */
const RTT_MS = numberArg('rtt-ms', 0);
const sha256 = (b) => createHash('sha256').update(b).digest('hex');
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
/** SFTP: file name -> how many times it was opened for writing. */
const sftpWrites = new Map();
/** Accepted logins per server. */
const logins = { ftps: 0, sftp: 0 };
ftpServer.on('login', ({ connection, username, password }, resolve, reject) => {
  if (username !== user.username || password !== user.password) return reject(new Error('no'));
  logins.ftps++;
  for (const verb of ['STOR', 'APPE'])
    connection.on(verb, (err, file) => !err && received.set(path.basename(file), (received.get(path.basename(file)) ?? 0) + 1));
  resolve({ root: ftpRoot });
});
await ftpServer.listen();

// SFTP server: OPEN/WRITE/CLOSE/STAT/OPENDIR/READDIR/REALPATH into a folder.
const sftpRoot = path.join(tmp, 'sftp');
await fsp.mkdir(sftpRoot);
const { STATUS_CODE, flagsToString } = utils.sftp;
// ssh2 refuses about one in 256 of the ed25519 keys it generates (mscdex/ssh2#1390): one it reads back.
const hostKey = (() => {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) return pair.private;
  }
})();
const sshServer = new Server({ hostKeys: [hostKey] }, (client) => {
  client.on('error', () => undefined);
  client.on('authentication', (ctx) =>
    ctx.method === 'password' && ctx.password === user.password ? (logins.sftp++, ctx.accept()) : ctx.reject(['password']),
  );
  client.on('ready', () => {
    // As OpenSSH does: answers leave at once (both clients face the same server).
    client.setNoDelay(true);
  });
  client.on('ready', () =>
    client.on('session', (accept) =>
      accept().on('sftp', (acc) => {
        const s = acc();
        const fds = new Map();
        let n = 0;
        const local = (p) => path.join(sftpRoot, path.posix.normalize('/' + p));
        const attrs = (st) => ({ mode: st.mode, uid: 0, gid: 0, size: st.size, atime: 0, mtime: 0 });
        s.on('OPEN', (id, f, flags) => {
          if (flagsToString(flags) !== 'r') sftpWrites.set(path.basename(f), (sftpWrites.get(path.basename(f)) ?? 0) + 1);
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
        s.on('RENAME', (id, from, to) => {
          try {
            fs.renameSync(local(from), local(to));
            s.status(id, STATUS_CODE.OK);
          } catch {
            s.status(id, STATUS_CODE.FAILURE);
          }
        });
        s.on('REMOVE', (id, p) => {
          try {
            fs.unlinkSync(local(p));
            s.status(id, STATUS_CODE.OK);
          } catch {
            s.status(id, STATUS_CODE.NO_SUCH_FILE);
          }
        });
        s.on('REALPATH', (id, p) => s.name(id, [{ filename: path.posix.normalize('/' + p), longname: '', attrs: {} }]));
      }),
    ),
  );
});
await new Promise((r) => sshServer.listen(0, '127.0.0.1', r));
/** Where SFTP clients connect: the server itself, or with --rtt-ms the delaying proxy in front of it. */
const sftpPort = RTT_MS > 0 ? await delayingProxy(sshServer.address().port, RTT_MS) : sshServer.address().port;

/**
 * A TCP proxy in front of `port` that holds every chunk `rttMs / 2` in each direction, in order: an
 * agency's server is tens of milliseconds away, not on loopback, and a small file's cost is then its
 * round trips. Returns the proxy's port.
 */
async function delayingProxy(port, rttMs) {
  const oneWay = rttMs / 2;
  const relay = (from, to) => {
    let last = 0;
    from.on('data', (chunk) => {
      const at = Math.max(performance.now() + oneWay, last);
      last = at;
      setTimeout(() => to.writable && to.write(chunk), at - performance.now());
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - performance.now())));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, last - performance.now()) + 1));
  };
  const proxy = net.createServer((client) => {
    client.setNoDelay(true);
    const server = net.connect(port, '127.0.0.1', () => server.setNoDelay(true));
    relay(client, server);
    relay(server, client);
  });
  await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
  proxy.unref();
  return proxy.address().port;
}

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
  await Promise.all([pipeline(fs.createReadStream(src, { highWaterMark: 256 * 1024 }), counter), s.upload(counter, name, 0)]);
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
  // The same TCP_NODELAY our client sets (without it each window update waits out a delayed ACK).
  c.client.setNoDelay(true);
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

// Many small clips to one FTPS and one SFTP connection at once, through one API process and its
// delivery worker (per-connection session pools), against one plain client per protocol sending the
// same clips one after another on one login. Then 20 of the clips change (10 larger, 10 the same
// size) and the project is delivered again: the bytes on both servers must hash to the new content.
if (CLIPS > 0) {
  const clipsDir = path.join(tmp, 'clips');
  await fsp.mkdir(clipsDir);
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
  const names = Array.from({ length: CLIPS }, (_, i) => `DJI_${String(i + 1).padStart(4, '0')}.MP4`);
  for (const n of names) await fsp.writeFile(path.join(clipsDir, n), Buffer.concat([head, randomBytes(256 * 1024)]));

  // Baselines: one plain client per protocol, both at once (as ours runs), each sending the clips one
  // after another on one login; each timed to its own last file.
  await fsp.mkdir(path.join(ftpRoot, 'plain'));
  await fsp.mkdir(path.join(sftpRoot, 'plain'));
  const plainFtpsRun = async () => {
    const t = performance.now();
    const c = new FtpClient(0);
    await c.access({ host: '127.0.0.1', port: ftpPort, user: user.username, password: user.password, secure: true, secureOptions: { ca: [cert.cert] } });
    for (const n of names) await c.uploadFrom(path.join(clipsDir, n), `plain/${n}`);
    c.close();
    return (performance.now() - t) / 1000;
  };
  const plainSftpRun = async () => {
    const t = performance.now();
    const sc = new SftpClient();
    await sc.connect({ host: '127.0.0.1', port: sftpPort, username: user.username, password: user.password });
    // The same TCP_NODELAY our client sets: the baseline is not held back by delayed ACKs.
    sc.client.setNoDelay(true);
    for (const n of names) await sc.put(path.join(clipsDir, n), `/plain/${n}`);
    await sc.end();
    return (performance.now() - t) / 1000;
  };
  // Round 1's baseline; later rounds (--rounds) run it again right before each of ours (paired).
  const plainSeconds = { ftps: [], sftp: [] };
  const plainRound = async () => {
    const [f, s] = await Promise.all([plainFtpsRun(), plainSftpRun()]);
    plainSeconds.ftps.push(f);
    plainSeconds.sftp.push(s);
  };
  await plainRound();
  received.clear();
  sftpWrites.clear();
  logins.ftps = 0;
  logins.sftp = 0;

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
  const POOL = Number(process.env.BENCH_POOL ?? 2);
  let api;
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    api = await startApi({ ...env, PORT: '4721' });
    const url = api.url;
    const { auth, newProject } = await benchAccount(url);
    const projectId = await newProject('Delivery bench');
    for (let i = 0; i < names.length; i += 200) {
      const form = new FormData();
      for (const n of names.slice(i, i + 200)) form.append('files', new Blob([await fsp.readFile(path.join(clipsDir, n))]), n);
      const up = await fetch(`${url}/api/upload/${projectId}`, { method: 'POST', headers: auth, body: form });
      if (up.status !== 200) throw new Error(`upload: ${up.status} ${(await up.text()).slice(0, 200)}`);
    }
    // Verify answers once the stills taken from the new clips (an ffprobe each) have settled: the
    // figures below are of delivery, not of the intake still running beside it.
    const verified = await fetch(`${url}/api/projects/${projectId}/verify-filesets`, { headers: auth });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
    const json = { ...auth, 'content-type': 'application/json' };
    const connect = (protocol, port) =>
      fetch(`${url}/api/delivery/connections`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ agency: 'custom', protocol, host: '127.0.0.1', port, ...user, remoteFolder: '/', maxSessions: POOL }),
      })
        .then((r) => r.json())
        .then((r) => r.connection.id);
    const ids = { ftps: await connect('ftps', ftpPort), sftp: await connect('sftp', sftpPort) };
    /**
     * Delivers to both connections at once (or, with `resendOf`, sends that delivery's files again:
     * the same work, each replacing what is there); per connection, the seconds until its last file settled.
     */
    const deliverBoth = async (resendOf) => {
      // override: the clips were never processed (the bench measures sending, not the agency check).
      const postAt = performance.now();
      const started = await fetch(resendOf ? `${url}/api/delivery/deliveries/${resendOf}/resend` : `${url}/api/delivery/projects/${projectId}/deliveries`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(resendOf ? {} : { connectionIds: [ids.ftps, ids.sftp], override: true }),
      }).then((r) => r.json());
      console.log(`delivery of ${started.delivery.items.length} items queued in ${((performance.now() - postAt) / 1000).toFixed(2)} s`);
      let view;
      for (;;) {
        view = (await fetch(`${url}/api/delivery/deliveries/${started.delivery.id}`, { headers: auth }).then((r) => r.json())).delivery;
        if (view.done) break;
        // Once a second: a browser follows the subscription; the poll itself is not what is measured.
        await new Promise((r) => setTimeout(r, 1000));
      }
      // Per connection, from the delivery's creation to its last file's settling, by the server's clock
      // (the poll's own pace does not enter the figure).
      const doneAt = {};
      for (const [k, id] of Object.entries(ids))
        doneAt[k] = (Math.max(...view.items.filter((i) => i.connectionId === id).map((i) => Date.parse(i.updatedAt))) - Date.parse(view.createdAt)) / 1000;
      return { view, doneAt };
    };
    const first = await deliverBoth();
    const sentBy = (run, k) => run.view.items.filter((i) => i.connectionId === ids[k] && i.status === 'sent').length;
    const twice = [...received.values(), ...sftpWrites.values()].filter((n) => n > 1).length;
    const firstLogins = { ...logins };
    // Later rounds: the plain clients again, then ours sending the first delivery's files again.
    const oursRate = { ftps: [sentBy(first, 'ftps') / first.doneAt.ftps], sftp: [sentBy(first, 'sftp') / first.doneAt.sftp] };
    for (let r = 1; r < ROUNDS; r++) {
      await plainRound();
      const again = await deliverBoth(first.view.id);
      for (const k of ['ftps', 'sftp']) oursRate[k].push(sentBy(again, k) / again.doneAt[k]);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const rows = [];
    for (const [k, label] of [
      ['ftps', 'FTPS'],
      ['sftp', 'SFTP'],
    ]) {
      const ratios = oursRate[k].map((ours, r) => ours / (CLIPS / plainSeconds[k][r]));
      rows.push({
        protocol: label,
        clips: CLIPS,
        'ours files/s (median)': median(oursRate[k]).toFixed(1),
        'plain files/s (median)': median(plainSeconds[k].map((sec) => CLIPS / sec)).toFixed(1),
        'ratio per round': ratios.map((x) => x.toFixed(2)).join(' '),
        'median ratio (aim >= 1.0)': median(ratios).toFixed(2),
        'sent (round 1)': sentBy(first, k),
        [`logins (round 1, pool ${POOL})`]: firstLogins[k],
      });
    }
    console.log(
      `${ROUNDS} round(s), each the plain clients (both protocols at once) then ours (both at once)${RTT_MS > 0 ? `; SFTP through a proxy adding ${RTT_MS} ms of round trip` : ''}:`,
    );
    console.table(rows);
    console.log(`files the servers received more than once in round 1 (aim 0): ${twice}`);
    for (const i of first.view.items.filter((i) => i.status !== 'sent'))
      console.log(`not sent: ${i.filename ?? i.id} to ${i.connectionId === ids.ftps ? 'FTPS' : 'SFTP'}: ${i.status} (${i.message})`);

    // Replace then redeliver: 20 clips change, 10 larger and 10 of the same size.
    const changed = new Map();
    const { rows: media } = await pool.query(`select id, filename, storage_key from media_files where filename = any($1::text[])`, [names.slice(0, 20)]);
    for (const [i, m] of media.entries()) {
      const bytes = Buffer.concat([head, randomBytes(256 * 1024 + (i < 10 ? 4096 : 0))]);
      await fsp.writeFile(path.join(dataDir, 'files', m.storage_key), bytes);
      await pool.query('update media_files set sha256 = $2, size_bytes = $3 where id = $1', [m.id, sha256(bytes), bytes.length]);
      changed.set(m.filename, sha256(bytes));
    }
    const again = await deliverBoth();
    let equal = 0;
    for (const [name, want] of changed) {
      if (sha256(await fsp.readFile(path.join(ftpRoot, name))) === want) equal++;
      if (sha256(await fsp.readFile(path.join(sftpRoot, name))) === want) equal++;
    }
    const resent = again.view.items.filter((i) => i.status === 'sent').length;
    console.log(
      `replace-then-redeliver: ${equal} of ${changed.size * 2} changed files hash to the new content on the servers (aim all); ${resent} sent, ${again.view.items.filter((i) => i.status === 'skipped').length} unchanged skipped`,
    );
  } finally {
    await pool.end();
    await api?.stop();
    await db.drop();
  }
}
await ftpServer.close();
sshServer.close();
await fsp.rm(tmp, { recursive: true, force: true });
process.exit(0);
