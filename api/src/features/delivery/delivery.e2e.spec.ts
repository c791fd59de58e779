import { jest } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { openSignedInSocket } from '../../../test/support/signed-in-socket.js';
import { seedProject } from '../exports/test-support/seed-results.js';
import { loopbackCertificate, startFtpsServer, type FtpsTestServer } from './test-support/ftps-test-server.js';
import { startSftpServer, type SftpTestServer } from './test-support/sftp-test-server.js';
import { deliveryStreamStats } from './delivery-subscription.js';

/**
 * Delivery end to end: the API (with its worker) against a real FTPS server (ftp-srv, explicit
 * TLS, a self-signed certificate trusted through DELIVERY_CA_FILE) and a real SFTP server (ssh2),
 * both on 127.0.0.1 (allowed by DELIVERY_EXTRA_HOSTS); the bytes that arrive are hashed.
 */
jest.setTimeout(120_000);

const FTP_USER = { username: 'contrib', password: 'ftp-pass-1' };
let tmp: string;
let server: StartedTestServer;
let ftps: FtpsTestServer;
let untrustedFtps: FtpsTestServer;
let expiredFtps: FtpsTestServer;
let sftp: SftpTestServer & { hostKey: string };
/** Plain FTP on "another host" (127.0.0.2), with its own password. */
let plainFtp: FtpsTestServer;
const PLAIN_PASS = 'plain-pass-2';
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

const ADMIN = { username: 'deliveryadmin', password: 'delivery-admin-1' };

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function sourceFile(name: string, bytes: number): Promise<{ path: string; sha: string; filename: string }> {
  const data = randomBytes(bytes);
  const p = path.join(tmp, `${randomBytes(4).toString('hex')}-${name}`);
  await fs.writeFile(p, data);
  return { path: p, sha: sha(data), filename: name };
}

/** A project of `sets` file sets, each a random "video" of `videoBytes` and a small JPG. */
async function project(prefix: string, sets: number, videoBytes: number, status: 'completed' | 'processing' = 'completed', processed = true) {
  const files: Array<{ filename: string; sha: string; path: string }> = [];
  const seedSets = [];
  for (let i = 1; i <= sets; i++) {
    const v = await sourceFile(`${prefix}_${String(i).padStart(4, '0')}.MP4`, videoBytes);
    const j = await sourceFile(`${prefix}_${String(i).padStart(4, '0')}.JPG`, 20_000);
    files.push(v, j);
    seedSets.push({
      baseName: `${prefix}_${String(i).padStart(4, '0')}`,
      files: [
        { filename: v.filename, sourcePath: v.path },
        { filename: j.filename, sourcePath: j.path },
      ],
      ...(processed ? { result: { title: `Aerial view ${i}`, keywords: ['aerial', 'drone', 'landscape'] } } : {}),
    });
  }
  const { projectId, fileSetIds } = await seedProject(server.services, { ownerId: owner.id, name: `Shoot ${prefix}`, status, sets: seedSets });
  return { projectId, fileSetIds, files };
}

async function connection(body: Record<string, unknown>, token = owner.token) {
  const r = await server.request('POST', '/api/delivery/connections', { token, body });
  expect(r.status).toBe(201);
  return r.body.connection as { id: string; hostKey: string | null };
}

const ftpsConnection = (s: FtpsTestServer = ftps, extra: Record<string, unknown> = {}) =>
  connection({ agency: 'custom', protocol: 'ftps', host: '127.0.0.1', port: s.port, ...FTP_USER, remoteFolder: '/', ...extra });
const sftpConnection = (extra: Record<string, unknown> = {}) =>
  connection({ agency: 'custom', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, ...FTP_USER, remoteFolder: '/', ...extra });

async function deliver(projectId: string, connectionIds: string[], extra: Record<string, unknown> = {}) {
  const r = await server.request('POST', `/api/delivery/projects/${projectId}/deliveries`, { token: owner.token, body: { connectionIds, ...extra } });
  expect(r.status).toBe(202);
  return r.body.delivery as { id: string };
}

async function settled(deliveryId: string, s: StartedTestServer = server) {
  const until = Date.now() + 60_000;
  for (;;) {
    const r = await s.request('GET', `/api/delivery/deliveries/${deliveryId}`, { token: owner.token });
    expect(r.status).toBe(200);
    if (r.body.delivery.done) return r.body.delivery as { items: Array<Record<string, any>>; connections: Array<Record<string, any>> };
    if (Date.now() > until)
      throw new Error(`delivery did not settle: ${JSON.stringify(r.body.delivery.items.map((i: any) => [i.filename, i.status, i.message]))}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const arrived = async (root: string, name: string) => sha(await fs.readFile(path.join(root, name)));

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-e2e-'));
  const trusted = await loopbackCertificate();
  const untrusted = await loopbackCertificate();
  const expired = await loopbackCertificate({ notBeforeDate: new Date(Date.now() - 3 * 86400_000), notAfterDate: new Date(Date.now() - 86400_000) });
  // The test trusts its own CA file: the valid certificate and the expired one (which must still fail).
  const caFile = path.join(tmp, 'ca.pem');
  await fs.writeFile(caFile, trusted.cert + '\n' + expired.cert);
  ftps = await startFtpsServer({ ...FTP_USER, tls: trusted });
  untrustedFtps = await startFtpsServer({ ...FTP_USER, tls: untrusted });
  expiredFtps = await startFtpsServer({ ...FTP_USER, tls: expired });
  sftp = await startSftpServer(FTP_USER);
  plainFtp = await startFtpsServer({ username: FTP_USER.username, password: PLAIN_PASS, tls: null, host: '127.0.0.2' });
  server = await startTestServer({
    env: {
      DELIVERY_EXTRA_HOSTS: '127.0.0.1,127.0.0.2',
      DELIVERY_CA_FILE: caFile,
      SECRETS_KEY: 'delivery-e2e-key',
      JOB_BACKOFF_MS: '100',
      JOB_ATTEMPTS: '4',
      DELIVERY_STALL_SECONDS: '15',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  owner = await signUp(server);
  other = await signUp(server);
});

afterAll(async () => {
  await server?.close();
  for (const s of [ftps, untrustedFtps, expiredFtps, sftp, plainFtp]) await s?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('connections', () => {
  it('stores the password encrypted and never returns it (REST, GraphQL, database)', async () => {
    const c = await ftpsConnection();
    const list = await server.request('GET', '/api/delivery/connections', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.connections.find((x: { id: string }) => x.id === c.id)).toMatchObject({ passwordSet: true, protocol: 'ftps', host: '127.0.0.1' });
    expect(JSON.stringify(list.body)).not.toContain(FTP_USER.password);
    const g = await server.graphql('{ deliveryConnections { id passwordSet secretKind } }', {}, owner.token);
    expect(g.errors).toBeUndefined();
    expect(JSON.stringify(g.data)).not.toContain(FTP_USER.password);
    const row = await server.services.pool.query('select secret_sealed from delivery_connections where id = $1', [c.id]);
    expect(row.rows[0].secret_sealed).toMatch(/^v1\./);
    expect(row.rows[0].secret_sealed).not.toContain(FTP_USER.password);
  });

  it("answers 404 for another user's connection on every route", async () => {
    const c = await ftpsConnection();
    for (const [method, p] of [
      ['GET', `/api/delivery/connections/${c.id}`],
      ['PATCH', `/api/delivery/connections/${c.id}`],
      ['DELETE', `/api/delivery/connections/${c.id}`],
      ['POST', `/api/delivery/connections/${c.id}/test`],
    ] as const) {
      const r = await server.request(method, p, { token: other.token, body: method === 'PATCH' ? { name: 'x' } : undefined });
      expect([method, p, r.status, r.body.error?.message ?? r.body.message]).toEqual([method, p, 404, 'Connection not found']);
    }
    const g = await server.graphql('mutation($id: ID!) { testDeliveryConnection(id: $id) { ok } }', { id: c.id }, other.token);
    expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses hosts outside the table and private addresses, with a message', async () => {
    for (const [host, msg] of [
      ['example.com', /not an agency upload host/],
      ['10.0.0.1', /not an agency upload host/],
      ['../etc', /host must be a host name/],
    ] as const) {
      const r = await server.request('POST', '/api/delivery/connections', {
        token: owner.token,
        body: { agency: 'custom', protocol: 'ftp', host, username: 'u', password: 'p' },
      });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(msg);
    }
    const noSecret = await server.request('POST', '/api/delivery/connections', { token: owner.token, body: { agency: 'pond5', username: 'u' } });
    expect(noSecret.status).toBe(400);
    const keyOverFtp = await server.request('POST', '/api/delivery/connections', {
      token: owner.token,
      body: { agency: 'pond5', username: 'u', privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nx\n-----END OPENSSH PRIVATE KEY-----' },
    });
    expect(keyOverFtp.status).toBe(400);
    // An agency's own host is taken from the table.
    const pond5 = await connection({ agency: 'pond5', username: 'u', password: 'p' });
    expect(pond5).toMatchObject({ protocol: 'ftp', host: 'ftp.pond5.com', port: 21, csvUploadPage: expect.stringMatching(/^https:\/\/www\.pond5\.com/) });
  });
});

describe('a stored password goes only where it was entered for (issue 28 finding 5)', () => {
  it('switching an FTPS connection to plain FTP on another host drops the password: that server never receives it', async () => {
    const c = await ftpsConnection();
    const moved = await server.request('PATCH', `/api/delivery/connections/${c.id}`, {
      token: owner.token,
      body: { protocol: 'ftp', host: '127.0.0.2', port: plainFtp.port },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatch(/^Connection saved\. The password must be entered again: the connection's protocol, host, port changed/);
    expect(moved.body.connection).toMatchObject({
      protocol: 'ftp',
      host: '127.0.0.2',
      passwordSet: false,
      secretMissingReason: expect.stringMatching(/entered again/),
    });
    const row = await server.services.pool.query('select secret_sealed from delivery_connections where id = $1', [c.id]);
    expect(row.rows[0].secret_sealed).toBeNull();

    // Without a secret nothing logs in: the test says why, Deliver is refused.
    const t = await server.request('POST', `/api/delivery/connections/${c.id}/test`, { token: owner.token });
    expect(t.body).toMatchObject({ ok: false, kind: 'secret', message: expect.stringMatching(/password must be entered again/) });
    const p = await project('M', 1, 1_000);
    const d = await server.request('POST', `/api/delivery/projects/${p.projectId}/deliveries`, {
      token: owner.token,
      body: { connectionIds: [c.id], confirmFailedTest: true },
    });
    expect([d.status, JSON.stringify(d.body)]).toEqual([409, expect.stringMatching(/has no password/)]);
    expect(plainFtp.logins).toEqual([]);

    // Entered again, it logs in with the new one; the old one never reached this server.
    const again = await server.request('PATCH', `/api/delivery/connections/${c.id}`, { token: owner.token, body: { password: PLAIN_PASS } });
    expect(again.body).toMatchObject({ message: 'Connection saved', connection: { passwordSet: true, secretMissingReason: null } });
    const ok = await server.request('POST', `/api/delivery/connections/${c.id}/test`, { token: owner.token });
    expect(ok.body).toMatchObject({ ok: true, connection: { lastTestOk: true } });
    expect(plainFtp.logins.map((l) => l.password)).toEqual([PLAIN_PASS]);
    expect(plainFtp.logins.map((l) => l.password)).not.toContain(FTP_USER.password);
  });

  it('each change of agency, protocol, host, port or user name drops it unless given again; a name or folder change keeps it', async () => {
    const patch = async (id: string, body: Record<string, unknown>) => {
      const r = await server.request('PATCH', `/api/delivery/connections/${id}`, { token: owner.token, body });
      expect(r.status).toBe(200);
      return r.body.connection as { passwordSet: boolean };
    };
    for (const [what, body] of [
      ['agency', { agency: 'pond5', host: '127.0.0.1', port: ftps.port, protocol: 'ftps' }],
      ['protocol', { protocol: 'ftp' }],
      ['host', { host: '127.0.0.2' }],
      ['port', { port: ftps.port + 1 }],
      ['user name', { username: 'someone-else' }],
    ] as const) {
      const c = await ftpsConnection();
      expect([what, (await patch(c.id, body)).passwordSet]).toEqual([what, false]);
      const c2 = await ftpsConnection();
      expect([what, (await patch(c2.id, { ...body, password: 'given-again' })).passwordSet]).toEqual([what, true]);
    }
    const c = await ftpsConnection();
    expect(await patch(c.id, { name: 'Renamed', remoteFolder: '/clips' })).toMatchObject({ passwordSet: true });
    // GraphQL says the same.
    const g = await server.graphql(
      'mutation($id: ID!, $i: DeliveryConnectionInput!) { updateDeliveryConnection(id: $id, input: $i) { passwordSet secretMissingReason } }',
      { id: c.id, i: { host: '127.0.0.2' } },
      owner.token,
    );
    expect(g.data?.updateDeliveryConnection).toMatchObject({ passwordSet: false, secretMissingReason: expect.stringMatching(/host changed/) });
  });
});

describe('test connection', () => {
  const test = async (id: string) => {
    const r = await server.request('POST', `/api/delivery/connections/${id}/test`, { token: owner.token });
    expect(r.status).toBe(200);
    return r.body as { ok: boolean; kind: string | null; message: string; entries: string[]; connection: { hostKey: string | null } };
  };

  it('logs in over FTPS (certificate verified) and lists the folder', async () => {
    await fs.writeFile(path.join(ftps.root, 'already-there.txt'), 'x');
    const t = await test((await ftpsConnection()).id);
    expect(t).toMatchObject({ ok: true, kind: null });
    expect(t.entries).toContain('already-there.txt');
    expect(t.message).toMatch(/Logged in to 127.0.0.1 and listed \//);
  });

  it('says why it fails: bad login, refused, untrusted and expired certificates, missing folder', async () => {
    expect(await test((await ftpsConnection(ftps, { password: 'wrong' })).id)).toMatchObject({
      ok: false,
      kind: 'login',
      message: expect.stringMatching(/Login refused/),
    });
    expect(await test((await sftpConnection({ password: 'wrong' })).id)).toMatchObject({ ok: false, kind: 'login' });
    const closedPort = await connection({ agency: 'custom', protocol: 'ftps', host: '127.0.0.1', port: 1, ...FTP_USER });
    expect(await test(closedPort.id)).toMatchObject({ ok: false, kind: 'refused', message: expect.stringMatching(/Connection refused by 127.0.0.1:1/) });
    expect(await test((await ftpsConnection(untrustedFtps)).id)).toMatchObject({ ok: false, kind: 'tls', message: expect.stringMatching(/TLS/) });
    expect(await test((await ftpsConnection(expiredFtps)).id)).toMatchObject({ ok: false, kind: 'tls', message: expect.stringMatching(/EXPIRED/i) });
    expect(await test((await ftpsConnection(ftps, { remoteFolder: '/nope' })).id)).toMatchObject({ ok: false });
    expect(await test((await sftpConnection({ remoteFolder: '/nope' })).id)).toMatchObject({
      ok: false,
      kind: 'permission',
      message: expect.stringMatching(/does not exist/),
    });
  });

  it('pins the SFTP host key on first use and refuses a changed one', async () => {
    const c = await sftpConnection();
    const first = await test(c.id);
    expect(first.ok).toBe(true);
    expect(first.connection.hostKey).toMatch(/^SHA256:/);
    expect((await test(c.id)).ok).toBe(true);
    // The same address and port, another key: a different server answers.
    const port = sftp.port;
    await sftp.close();
    sftp = await startSftpServer({ ...FTP_USER, port });
    expect(await test(c.id)).toMatchObject({ ok: false, kind: 'hostkey', message: expect.stringMatching(/host key of 127.0.0.1 changed/) });
    const cleared = await server.request('PATCH', `/api/delivery/connections/${c.id}`, { token: owner.token, body: { clearHostKey: true } });
    expect(cleared.body.connection.hostKey).toBeNull();
    expect((await test(c.id)).ok).toBe(true);
  });
});

describe('deliver', () => {
  it('sends every file over FTPS and SFTP; the bytes that arrive hash to the upload; again sends nothing unchanged', async () => {
    const p = await project('A', 2, 600_000);
    const f = await ftpsConnection();
    const s = await sftpConnection();
    const d = await deliver(p.projectId, [f.id, s.id]);
    const done = await settled(d.id);
    expect(done.items.map((i) => i.status)).toEqual(Array(8).fill('sent'));
    for (const file of p.files) {
      expect(await arrived(ftps.root, file.filename)).toBe(file.sha);
      expect(await arrived(sftp.root, file.filename)).toBe(file.sha);
    }
    expect(done.connections.map((c) => c.counts.sent)).toEqual([4, 4]);

    const uploadsBefore = ftps.uploads.length + sftp.uploads.length;
    const again = await settled((await deliver(p.projectId, [f.id, s.id])).id);
    expect(again.items.map((i) => [i.status, i.message])).toEqual(Array(8).fill(['skipped', 'Already delivered, unchanged']));
    expect(ftps.uploads.length + sftp.uploads.length).toBe(uploadsBefore);

    const history = await server.request('GET', `/api/delivery/projects/${p.projectId}/deliveries`, { token: owner.token });
    expect(history.body.deliveries.map((x: { id: string }) => x.id)).toEqual([expect.any(String), d.id]);
  });

  it.each(['ftps', 'sftp'] as const)(
    'a file on the %s server that Shotlog did not send is a conflict; replaced only once the connection allows overwriting',
    async (kind) => {
      const srv = kind === 'ftps' ? ftps : sftp;
      const p = await project(`B${kind}`, 1, 50_000);
      const f = kind === 'ftps' ? await ftpsConnection() : await sftpConnection();
      const video = p.files[0]!;
      // Same name, same size, other bytes: a size match is not identity.
      await fs.writeFile(path.join(srv.root, video.filename), randomBytes(50_000));
      const done = await settled((await deliver(p.projectId, [f.id])).id);
      expect(done.items.find((i) => i.filename === video.filename)).toMatchObject({
        status: 'conflict',
        message: expect.stringMatching(/already on the server \(50000 bytes\) and Shotlog did not send it: allow overwriting/),
      });
      expect(done.connections[0]!.counts).toMatchObject({ conflict: 1, sent: 1 });
      expect(await arrived(srv.root, video.filename)).not.toBe(video.sha);
      // Nothing was left under a temporary name either.
      expect((await fs.readdir(srv.root)).filter((n) => n.includes('.shotlog-part'))).toEqual([]);

      const allowed = await server.request('PATCH', `/api/delivery/connections/${f.id}`, { token: owner.token, body: { allowOverwrite: true } });
      expect(allowed.body.connection).toMatchObject({ allowOverwrite: true, passwordSet: true });
      const again = await settled((await deliver(p.projectId, [f.id])).id);
      expect(again.items.find((i) => i.filename === video.filename)).toMatchObject({
        status: 'sent',
        message: expect.stringMatching(/Replaced a file Shotlog had not sent/),
      });
      expect(await arrived(srv.root, video.filename)).toBe(video.sha);
    },
  );

  it.each(['ftps', 'sftp'] as const)(
    'replace-then-redeliver over %s: 20 changed files (10 larger, 10 the same size) arrive whole, put in place by rename',
    async (kind) => {
      const srv = kind === 'ftps' ? ftps : sftp;
      const p = await project(`C${kind}`, 20, 3_000);
      const c = kind === 'ftps' ? await ftpsConnection() : await sftpConnection();
      const first = await settled((await deliver(p.projectId, [c.id])).id);
      expect(first.items.every((i) => i.status === 'sent')).toBe(true);
      const videos = p.files.filter((f) => f.filename.endsWith('.MP4'));
      const changed: Array<{ filename: string; sha: string }> = [];
      for (const [n, v] of videos.entries()) {
        const bytes = randomBytes(n < 10 ? 5_000 : 3_000);
        const { rows } = await server.services.pool.query(`select id, storage_key from media_files where filename = $1`, [v.filename]);
        await fs.writeFile(path.join(server.dataDir, 'files', rows[0].storage_key), bytes);
        await server.services.pool.query('update media_files set sha256 = $2, size_bytes = $3 where id = $1', [rows[0].id, sha(bytes), bytes.length]);
        changed.push({ filename: v.filename, sha: sha(bytes) });
      }
      const renamesBefore = srv.renames.length;
      const again = await settled((await deliver(p.projectId, [c.id])).id);
      const byName = new Map(again.items.map((i) => [i.filename, i]));
      for (const v of changed) {
        expect(byName.get(v.filename)).toMatchObject({ status: 'sent', message: 'Replaced the earlier version Shotlog had sent' });
        expect(await arrived(srv.root, v.filename)).toBe(v.sha);
      }
      // The unchanged stills are skipped; every changed clip went in under a temporary name and was renamed.
      expect(again.items.filter((i) => i.filename.endsWith('.JPG')).map((i) => i.status)).toEqual(Array(20).fill('skipped'));
      expect(
        srv.renames
          .slice(renamesBefore)
          .map((r) => r.to)
          .sort(),
      ).toEqual(changed.map((v) => v.filename).sort());
      expect(srv.renames.slice(renamesBefore).every((r) => /^\..*\.shotlog-part$/.test(r.from))).toBe(true);
      expect((await fs.readdir(srv.root)).filter((n) => n.endsWith('.shotlog-part'))).toEqual([]);
    },
  );

  it('after a change of remote folder files go to the new place (created when missing), not skipped; createFolder false says so', async () => {
    const p = await project('F', 1, 5_000);
    const c = await sftpConnection();
    expect((await settled((await deliver(p.projectId, [c.id])).id)).items.map((i) => i.status)).toEqual(['sent', 'sent']);
    await server.request('PATCH', `/api/delivery/connections/${c.id}`, { token: owner.token, body: { remoteFolder: '/new/place' } });
    const moved = await settled((await deliver(p.projectId, [c.id])).id);
    expect(moved.items.map((i) => i.status)).toEqual(['sent', 'sent']);
    for (const f of p.files) expect(await arrived(path.join(sftp.root, 'new/place'), f.filename)).toBe(f.sha);

    const strict = await sftpConnection({ remoteFolder: '/absent', createFolder: false });
    const refused = await settled((await deliver(p.projectId, [strict.id])).id);
    expect(refused.items.map((i) => [i.status, i.message])).toEqual(
      Array(2).fill(['failed', 'The remote folder /absent does not exist on 127.0.0.1 (creating it is not allowed for this connection)']),
    );
  });

  it('consecutive files to one connection share its logged-in sessions (at most maxSessions logins)', async () => {
    const p = await project('P', 10, 2_000);
    const c = await ftpsConnection(ftps, { maxSessions: 2 });
    const before = ftps.logins.length;
    const done = await settled((await deliver(p.projectId, [c.id])).id);
    expect(done.items.map((i) => i.status)).toEqual(Array(20).fill('sent'));
    expect(ftps.logins.length - before).toBeGreaterThanOrEqual(1);
    expect(ftps.logins.length - before).toBeLessThanOrEqual(2);
  });

  it('send again: one file, then all of a delivery; what went where downloads as JSON and CSV', async () => {
    const p = await project('H', 2, 5_000);
    const c = await sftpConnection();
    const first = await settled((await deliver(p.projectId, [c.id])).id);
    const firstId = (first as unknown as { id: string }).id;
    const one = first.items.find((i) => i.filename === 'H_0001.MP4')!;
    const before = sftp.renames.length;
    const r = await server.request('POST', `/api/delivery/deliveries/${firstId}/resend`, { token: owner.token, body: { itemIds: [one.id] } });
    expect(r.status).toBe(202);
    const again = await settled(r.body.delivery.id);
    expect(again.items.map((i) => [i.filename, i.status, i.message])).toEqual([['H_0001.MP4', 'sent', 'Sent again']]);
    expect(sftp.renames.slice(before).map((x) => x.to)).toEqual(['H_0001.MP4']);
    const all = await server.request('POST', `/api/delivery/deliveries/${firstId}/resend`, { token: owner.token, body: {} });
    expect((await settled(all.body.delivery.id)).items.map((i) => i.status)).toEqual(Array(4).fill('sent'));
    expect((await server.request('POST', `/api/delivery/deliveries/${firstId}/resend`, { token: other.token, body: {} })).status).toBe(404);
    const bad = await server.request('POST', `/api/delivery/deliveries/${firstId}/resend`, { token: owner.token, body: { itemIds: [] } });
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/itemIds must list 1 to 5000/)]);

    const json = await server.request('GET', `/api/delivery/projects/${p.projectId}/delivery-record`, { token: owner.token });
    expect(json.status).toBe(200);
    expect(json.body.rows).toHaveLength(9);
    const video = p.files.find((f) => f.filename === 'H_0001.MP4')!;
    expect(json.body.rows.filter((x: Record<string, unknown>) => x.remote_name === 'H_0001.MP4')).toEqual(
      Array(3).fill(
        expect.objectContaining({ place: `sftp://127.0.0.1:${sftp.port}/`, status: 'sent', sha256: video.sha, size_bytes: 5000, remote_size: 5000 }),
      ),
    );
    expect(json.body.rows[0].resend_of).toBe(firstId);
    const csv = await server.request('GET', `/api/delivery/projects/${p.projectId}/delivery-record?format=csv`, { token: owner.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'requested_at,delivery_id,resend_of,started_by,connection,agency,place,remote_name,size_bytes,sha256,status,remote_size,remote_checksum,finished_at,message',
    );
    expect(lines).toHaveLength(10);
    expect((await server.request('GET', `/api/delivery/projects/${p.projectId}/delivery-record?format=xml`, { token: owner.token })).status).toBe(400);
    expect((await server.request('GET', `/api/delivery/projects/${p.projectId}/delivery-record`, { token: other.token })).status).toBe(404);
  });

  it('a server that reports another size after the upload: the file fails with both sizes and is not put in place', async () => {
    const p = await project('Z', 1, 8_000);
    const c = await ftpsConnection();
    ftps.sizeSkew = 7;
    try {
      const done = await settled((await deliver(p.projectId, [c.id])).id);
      expect(done.items.map((i) => [i.filename, i.status, i.message, i.attempts])).toEqual([
        ['Z_0001.JPG', 'failed', 'The server reports 20007 bytes for Z_0001.JPG after the upload, not 20000: it was not put in place', 1],
        ['Z_0001.MP4', 'failed', 'The server reports 8007 bytes for Z_0001.MP4 after the upload, not 8000: it was not put in place', 1],
      ]);
      const left = await fs.readdir(ftps.root);
      expect(left.filter((n) => n.includes('Z_0001'))).toEqual([]);
    } finally {
      ftps.sizeSkew = 0;
    }
  });

  it('an FTP server offering HASH: the SHA-256 it reports is checked and recorded; a different one fails the file, nothing under the final name', async () => {
    // Each case its own connection: HASH is asked once per logged-in session.
    ftps.hash = 'honest';
    try {
      const good = await project('Hashed', 1, 8_000);
      const done = await settled((await deliver(good.projectId, [(await ftpsConnection()).id])).id);
      expect(done.items.map((i) => i.status)).toEqual(['sent', 'sent']);
      expect(ftps.hashed.filter((n) => n.includes('Hashed_0001')).sort()).toEqual([
        expect.stringMatching(/^\.Hashed_0001\.JPG\.[0-9a-f]{16}\.shotlog-part$/),
        expect.stringMatching(/^\.Hashed_0001\.MP4\.[0-9a-f]{16}\.shotlog-part$/),
      ]);
      const record = await server.request('GET', `/api/delivery/projects/${good.projectId}/delivery-record`, { token: owner.token });
      expect(record.status).toBe(200);
      for (const f of good.files)
        expect(record.body.rows.find((r: any) => r.remote_name === f.filename)).toMatchObject({ status: 'sent', remote_checksum: f.sha });

      ftps.hash = 'wrong';
      const bad = await project('Wronghash', 1, 8_000);
      const failed = await settled((await deliver(bad.projectId, [(await ftpsConnection()).id])).id);
      for (const i of failed.items) {
        expect(i.status).toBe('failed');
        expect(i.message).toMatch(new RegExp(`^The server's SHA-256 of ${i.filename.replace('.', '\\.')} \\([0-9a-f]{12}…\\) differs from the file's`));
      }
      expect((await fs.readdir(ftps.root)).filter((n) => n.includes('Wronghash_0001'))).toEqual([]);
    } finally {
      ftps.hash = 'none';
    }
  });

  it('records who started each delivery: the owner, or an administrator acting for them, in the history (REST, GraphQL) and the record', async () => {
    const p = await project('Who', 1, 3_000);
    const c = await sftpConnection();
    const own = await settled((await deliver(p.projectId, [c.id])).id);
    expect(own.items.every((i) => i.status === 'sent')).toBe(true);
    const login = await server.request('POST', '/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    const admin = login.body.token as string;
    // Only the admin route acts for an owner: the owner's own route stays theirs (404), the admin route is the administrator's (403).
    expect((await server.request('POST', `/api/delivery/projects/${p.projectId}/deliveries`, { token: admin, body: { connectionIds: [c.id] } })).status).toBe(
      404,
    );
    const path_ = `/api/delivery/admin/projects/${p.projectId}/deliveries`;
    expect((await server.request('POST', path_, { token: owner.token, body: { connectionIds: [c.id] } })).status).toBe(403);
    // Another user's connection with this project: not found, as for the owner.
    const others = await server.request('POST', '/api/delivery/connections', {
      token: other.token,
      body: { agency: 'custom', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, ...FTP_USER, remoteFolder: '/' },
    });
    expect((await server.request('POST', path_, { token: admin, body: { connectionIds: [c.id, others.body.connection.id] } })).status).toBe(404);
    const acted = await server.request('POST', path_, { token: admin, body: { connectionIds: [c.id], override: true } });
    expect([acted.status, acted.body.error]).toEqual([202, undefined]);
    expect(acted.body.delivery).toMatchObject({ startedBy: ADMIN.username, startedByOwner: false });
    await settled(acted.body.delivery.id);

    const history = await server.request('GET', `/api/delivery/projects/${p.projectId}/deliveries`, { token: owner.token });
    expect(history.body.deliveries.map((d: any) => [d.startedBy, d.startedByOwner])).toEqual([
      [ADMIN.username, false],
      [owner.username, true],
    ]);
    const gql = await server.request('POST', '/graphql', {
      token: owner.token,
      body: { query: `query($p: ID!) { projectDeliveries(projectId: $p) { startedBy startedByOwner } }`, variables: { p: p.projectId } },
    });
    expect(gql.body.data.projectDeliveries).toEqual([
      { startedBy: ADMIN.username, startedByOwner: false },
      { startedBy: owner.username, startedByOwner: true },
    ]);
    const record = await server.request('GET', `/api/delivery/projects/${p.projectId}/delivery-record`, { token: owner.token });
    expect(record.body.rows.map((r: any) => r.started_by)).toEqual([ADMIN.username, ADMIN.username, owner.username, owner.username]);
  });

  it('a connection deleted while its file is moving: the job stops and nothing is left under the final name', async () => {
    const p = await project('X', 1, 2_000_000);
    const c = await ftpsConnection();
    const release = ftps.holdWrites();
    let released = false;
    try {
      const d = await deliver(p.projectId, [c.id]);
      const video = p.files[0]!;
      // Bounded wait for the upload to be in flight (its temporary file opened on the server).
      const until = Date.now() + 30_000;
      while (!ftps.uploads.some((u) => u.name.startsWith(`.${video.filename}.`))) {
        if (Date.now() > until) throw new Error('the upload never started');
        await new Promise((r) => setTimeout(r, 50));
      }
      const itemId = (await server.request('GET', `/api/delivery/deliveries/${d.id}`, { token: owner.token })).body.delivery.items.find(
        (i: { filename: string }) => i.filename === video.filename,
      ).id;
      expect((await server.request('DELETE', `/api/delivery/connections/${c.id}`, { token: owner.token })).status).toBe(200);
      release();
      released = true;
      // The job ends (BullMQ says so); the final name never appeared.
      const job = await server.services.queue.queue('delivery').getJob(itemId);
      const jobUntil = Date.now() + 60_000;
      while (job && !['completed', 'failed'].includes(await job.getState())) {
        if (Date.now() > jobUntil) throw new Error('the job never ended');
        await new Promise((r) => setTimeout(r, 100));
      }
      await expect(fs.stat(path.join(ftps.root, video.filename))).rejects.toThrow(/ENOENT/);
      expect(ftps.renames.filter((r) => r.to === video.filename)).toEqual([]);
    } finally {
      if (!released) release();
    }
  });

  it('what goes where: per connection what it receives; an "Other server" is checked by the agency rules its user picks', async () => {
    const done = await project('W', 1, 4_000);
    const stillsOnly = await ftpsConnection(ftps, { receives: ['stills'] });
    expect((await settled((await deliver(done.projectId, [stillsOnly.id])).id)).items.map((i) => [i.filename, i.status])).toEqual([['W_0001.JPG', 'sent']]);
    const pond5 = await connection({ agency: 'pond5', protocol: 'ftps', host: '127.0.0.1', port: ftps.port, ...FTP_USER });
    expect(pond5).toMatchObject({ receives: ['clips'], receivesDefault: true, maxSessions: 2, allowOverwrite: false, createFolder: true });

    const unprocessed = await project('U', 1, 4_000, 'completed', false);
    const plain = await sftpConnection();
    const held = await settled((await deliver(unprocessed.projectId, [plain.id])).id);
    expect(held.items.map((i) => [i.status, i.message])).toEqual(Array(2).fill(['held', 'The set failed or was not processed: nothing to check it by']));
    const ruled = await sftpConnection({ checkRules: 'shutterstock' });
    const byRules = await settled((await deliver(unprocessed.projectId, [ruled.id])).id);
    expect(byRules.items.map((i) => i.message)).toEqual(Array(2).fill(expect.stringMatching(/^Shutterstock would refuse it: /)));

    for (const [body, message] of [
      [{ receives: ['bogus'] }, /receives must list some of: clips, stills, photos, metadata/],
      [{ receives: [] }, /at least one kind of file/],
      [{ maxSessions: 9 }, /maxSessions must be 1 to 8/],
      [{ checkRules: 'getty' }, /checkRules must be one of: adobe, shutterstock, pond5/],
      [{ allowOverwrite: 'yes' }, /allowOverwrite must be true or false/],
      [{ remoteFolder: '/a/../b' }, /remoteFolder must be an absolute path without/],
    ] as const) {
      const r = await server.request('PATCH', `/api/delivery/connections/${plain.id}`, { token: owner.token, body });
      expect([r.status, r.body.error]).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it.each(['ftps', 'sftp'] as const)('resumes a file the %s server dropped mid-way (APPE / write at offset)', async (kind) => {
    const p = await project(`R${kind}`, 1, 3_000_000);
    const c = kind === 'ftps' ? await ftpsConnection() : await sftpConnection();
    const srv = kind === 'ftps' ? ftps : sftp;
    srv.dropOnceAfter(1_000_000);
    const done = await settled((await deliver(p.projectId, [c.id])).id);
    const video = p.files[0]!;
    const item = done.items.find((i) => i.filename === video.filename)!;
    expect(item).toMatchObject({ status: 'sent', message: expect.stringMatching(/^Resumed at byte [1-9]/) });
    expect(item.attempts).toBe(2);
    expect(await arrived(srv.root, video.filename)).toBe(video.sha);
  });

  it.each(['ftps', 'sftp'] as const)('fails each file with the reason when the %s server refuses writes', async (kind) => {
    const p = await project(`W${kind}`, 1, 10_000);
    const c = kind === 'ftps' ? await ftpsConnection() : await sftpConnection();
    const srv = kind === 'ftps' ? ftps : sftp;
    srv.refuseWrites = true;
    try {
      const done = await settled((await deliver(p.projectId, [c.id])).id);
      for (const i of done.items) expect(i).toMatchObject({ status: 'failed', message: expect.stringMatching(/No permission to write/), attempts: 1 });
    } finally {
      srv.refuseWrites = false;
    }
  });

  it('a refused login pauses the connection after one attempt: every file says so, and resuming after the fix sends them (issue 28 finding 7)', async () => {
    const p = await project('L', 6, 5_000);
    const agency = await startFtpsServer({ ...FTP_USER, tls: null });
    try {
      const c = await connection({ agency: 'custom', protocol: 'ftp', host: '127.0.0.1', port: agency.port, username: FTP_USER.username, password: 'wrong' });
      const delivery = await deliver(p.projectId, [c.id]);
      const paused = await settled(delivery.id);
      expect(agency.logins).toEqual([{ username: FTP_USER.username, password: 'wrong' }]);
      expect(paused.items.map((i) => [i.status, i.message])).toEqual(
        Array(12).fill(['paused', 'Login refused by 127.0.0.1: nothing was sent; fix the connection and resume']),
      );
      expect(paused.connections[0]!.counts).toMatchObject({ paused: 12, sent: 0, failed: 0 });
      const view = await server.request('GET', `/api/delivery/connections/${c.id}`, { token: owner.token });
      expect(view.body.connection).toMatchObject({ pausedReason: expect.stringMatching(/^Login refused by 127.0.0.1:/), lastTestOk: false });

      // Nothing is tried again: another delivery is refused, and resuming before a fix too.
      const again = await server.request('POST', `/api/delivery/projects/${p.projectId}/deliveries`, {
        token: owner.token,
        body: { connectionIds: [c.id], confirmFailedTest: true },
      });
      expect([again.status, JSON.stringify(again.body)]).toEqual([409, expect.stringMatching(/is paused: Login refused by 127.0.0.1:/)]);
      const early = await server.request('POST', `/api/delivery/connections/${c.id}/resume`, { token: owner.token });
      expect([early.status, JSON.stringify(early.body)]).toEqual([409, expect.stringMatching(/was not fixed since its login was refused/)]);
      expect(agency.logins).toHaveLength(1);

      const fixed = await server.request('PATCH', `/api/delivery/connections/${c.id}`, { token: owner.token, body: { password: FTP_USER.password } });
      expect(fixed.status).toBe(200);
      const resumed = await server.request('POST', `/api/delivery/connections/${c.id}/resume`, { token: owner.token });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ resumed: 12, connection: { pausedReason: null } });
      const sent = await settled(delivery.id);
      expect(sent.items.map((i) => i.status)).toEqual(Array(12).fill('sent'));
      expect(agency.logins.slice(1).every((l) => l.password === FTP_USER.password)).toBe(true);
    } finally {
      await agency.close();
    }
  });

  it('refuses to deliver to a connection whose last test failed unless the request confirms it (409, GraphQL CONFLICT)', async () => {
    const p = await project('T', 1, 5_000);
    const c = await ftpsConnection(ftps, { password: 'nope' });
    const t = await server.request('POST', `/api/delivery/connections/${c.id}/test`, { token: owner.token });
    expect(t.body).toMatchObject({ ok: false, kind: 'login', connection: { lastTestOk: false } });
    const r = await server.request('POST', `/api/delivery/projects/${p.projectId}/deliveries`, { token: owner.token, body: { connectionIds: [c.id] } });
    expect([r.status, JSON.stringify(r.body)]).toEqual([409, expect.stringMatching(/The last test of connection .* failed .*confirmFailedTest/)]);
    const g = await server.graphql(
      'mutation($i: DeliverProjectInput!) { deliverProject(input: $i) { id } }',
      { i: { projectId: p.projectId, connectionIds: [c.id] } },
      owner.token,
    );
    expect(g.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const before = ftps.logins.length;
    const confirmed = await settled((await deliver(p.projectId, [c.id], { confirmFailedTest: true })).id);
    expect(confirmed.items.map((i) => i.status)).toEqual(['paused', 'paused']);
    expect(ftps.logins.length - before).toBe(1);
  });

  it('fails only the file deleted from storage; the rest go on', async () => {
    const p = await project('D', 2, 10_000);
    const { rows } = await server.services.pool.query(`select storage_key from media_files where filename = $1`, [p.files[0]!.filename]);
    await fs.rm(path.join(server.dataDir, 'files', rows[0].storage_key));
    const done = await settled((await deliver(p.projectId, [(await ftpsConnection()).id])).id);
    expect(done.items.find((i) => i.filename === p.files[0]!.filename)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/no longer in storage/),
    });
    expect(done.items.filter((i) => i.status === 'sent')).toHaveLength(3);
  });

  it('refuses a project still processing (409 naming it), another user (404) and bad input (400)', async () => {
    const p = await project('Busy', 1, 1000, 'processing');
    const c = await ftpsConnection();
    const r = await server.request('POST', `/api/delivery/projects/${p.projectId}/deliveries`, { token: owner.token, body: { connectionIds: [c.id] } });
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.body)).toContain('Project \\"Shoot Busy\\" is still processing');
    const done = await project('Done', 1, 1000);
    const foreign = await server.request('POST', `/api/delivery/projects/${done.projectId}/deliveries`, {
      token: other.token,
      body: { connectionIds: [c.id] },
    });
    expect(foreign.status).toBe(404);
    const otherConn = await connection({ agency: 'custom', protocol: 'ftps', host: '127.0.0.1', port: ftps.port, ...FTP_USER }, other.token);
    const notMine = await server.request('POST', `/api/delivery/projects/${done.projectId}/deliveries`, {
      token: owner.token,
      body: { connectionIds: [otherConn.id] },
    });
    expect(notMine.status).toBe(404);
    const empty = await server.request('POST', `/api/delivery/projects/${done.projectId}/deliveries`, { token: owner.token, body: { connectionIds: [] } });
    expect(empty.status).toBe(400);
    const g = await server.graphql(
      'mutation($i: DeliverProjectInput!) { deliverProject(input: $i) { id } }',
      { i: { projectId: p.projectId, connectionIds: [c.id] } },
      owner.token,
    );
    expect(g.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it("holds back what the agency check refuses unless overridden, and offers the agency's CSV beside its upload page", async () => {
    // Unprocessed sets: Adobe Stock would refuse every row (no title, no keywords).
    const p = await project('Adobe', 1, 10_000, 'completed', false);
    const c = await connection({ agency: 'adobe', host: '127.0.0.1', port: sftp.port, ...FTP_USER, remoteFolder: '/' });
    const held = await settled((await deliver(p.projectId, [c.id])).id);
    // Adobe Stock receives clips and photos by default: the clip's still stays home.
    expect(held.items.map((i) => i.status)).toEqual(['held']);
    expect(held.items[0]!.message).toMatch(/Adobe Stock would refuse it: .*Title is required/);
    expect(held.connections[0]).toMatchObject({
      csvDownloadPath: `/api/projects/adobe-csv/${p.projectId}`,
      csvUploadPage: 'https://contributor.stock.adobe.com/en/uploads',
      counts: expect.objectContaining({ held: 1 }),
    });
    const csv = await server.request('GET', held.connections[0]!.csvDownloadPath, { token: owner.token });
    expect(csv.status).toBe(200);
    const sent = await settled((await deliver(p.projectId, [c.id], { override: true })).id);
    expect(sent.items.map((i) => i.status)).toEqual(['sent']);
  });

  it('streams live status over the deliveryProgress subscription until done', async () => {
    const p = await project('S', 2, 400_000);
    const c = await sftpConnection();
    const socket = await openSignedInSocket(server.url, owner.token, owner.username);
    const d = await deliver(p.projectId, [c.id]);
    const seen: Array<{ done: boolean; items: Array<{ status: string }> }> = [];
    await new Promise<void>((resolve, reject) =>
      socket.client.subscribe(
        {
          query: 'subscription($id: ID!) { deliveryProgress(deliveryId: $id) { done items { filename status bytesSent bytesPerSecond } } }',
          variables: { id: d.id },
        },
        {
          next: (r) => (r.errors ? reject(new Error(JSON.stringify(r.errors))) : seen.push((r.data as any).deliveryProgress)),
          error: reject,
          complete: resolve,
        },
      ),
    );
    await socket.client.dispose();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]!.done).toBe(false);
    expect(seen.at(-1)).toMatchObject({ done: true });
    expect(seen.at(-1)!.items.map((i) => i.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });
});

describe('deliveryProgress streams end with their socket (issue 28 finding 8)', () => {
  it('10 subscriptions on a delivery that stays queued: after the socket closes no stream, watch or LISTEN is left to read for them', async () => {
    const p = await project('Q', 1, 1_000);
    const c = await ftpsConnection();
    // A delivery that stays queued: its rows are written here and no job is queued for them.
    const deliveryId = randomUUID();
    const pool = server.services.pool;
    await pool.query('insert into deliveries (id, project_id, user_id, override, created_at) values ($1, $2, $3, false, now())', [
      deliveryId,
      p.projectId,
      owner.id,
    ]);
    await pool.query(
      `insert into delivery_items (id, delivery_id, connection_id, media_file_id, file_set_id, filename, storage_key, remote_path, size_bytes, sha256, status, updated_at)
       select gen_random_uuid(), $1, $2, m.id, m.file_set_id, m.filename, m.storage_key, m.filename, m.size_bytes, m.sha256, 'queued', now()
         from media_files m join file_sets fs on fs.id = m.file_set_id where fs.project_id = $3 and m.kind in ('video', 'image')`,
      [deliveryId, c.id, p.projectId],
    );
    const feed = server.services.delivery.progress;
    const openBefore = deliveryStreamStats.open;
    const socket = await openSignedInSocket(server.url, owner.token, owner.username);
    const streams = Array.from({ length: 10 }, () => {
      const seen: Array<{ items: Array<{ bytesSent: number }> }> = [];
      let wake: () => void = () => undefined;
      socket.client.subscribe(
        { query: 'subscription($id: ID!) { deliveryProgress(deliveryId: $id) { done items { bytesSent } } }', variables: { id: deliveryId } },
        { next: (r) => (seen.push((r.data as any).deliveryProgress), wake()), error: () => undefined, complete: () => undefined },
      );
      const count = (n: number) => new Promise<void>((resolve) => (wake = () => seen.length >= n && resolve()) && wake());
      return { seen, count };
    });
    for (const s of streams) await s.count(1);
    expect(deliveryStreamStats.open - openBefore).toBe(10);
    expect(feed.watching).toBe(10);
    // A change announced on the channel wakes every stream: one read each, not a poll.
    const readsBefore = deliveryStreamStats.reads;
    await pool.query(
      `with u as (update delivery_items set bytes_sent = 1 where delivery_id = $1 returning delivery_id) select pg_notify('delivery_progress', $1::text) from u limit 1`,
      [deliveryId],
    );
    for (const s of streams) await s.count(2);
    expect(deliveryStreamStats.reads - readsBefore).toBe(10);

    socket.client.terminate();
    await socket.closed;
    const until = Date.now() + 10_000;
    while (deliveryStreamStats.open !== openBefore && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(deliveryStreamStats.open).toBe(openBefore);
    expect(feed.watching).toBe(0);
    expect(feed.listening).toBe(false);
    const readsAtClose = deliveryStreamStats.reads;
    await pool.query(`select pg_notify('delivery_progress', $1::text)`, [deliveryId]);
    await pool.query('select 1');
    expect(deliveryStreamStats.reads).toBe(readsAtClose);
  });
});

describe('two workers', () => {
  it('deliver one project without sending any file twice', async () => {
    // A second API process with its worker, on the same database, queue and storage.
    const second = await startTestServer({
      databaseUrl: server.databaseUrl,
      env: {
        DATA_DIR: server.dataDir,
        QUEUE_PREFIX: server.services.config.queuePrefix,
        DELIVERY_EXTRA_HOSTS: '127.0.0.1',
        SECRETS_KEY: 'delivery-e2e-key',
        DELIVERY_CA_FILE: path.join(tmp, 'ca.pem'),
        DELIVERY_STALL_SECONDS: '15',
      },
    });
    try {
      const p = await project('Two', 15, 5_000);
      const c = await ftpsConnection();
      const before = ftps.renames.length;
      const done = await settled((await deliver(p.projectId, [c.id])).id);
      expect(done.items.every((i) => i.status === 'sent')).toBe(true);
      const names = ftps.renames.slice(before).map((u) => u.to);
      expect(names.sort()).toEqual(p.files.map((f) => f.filename).sort());
      for (const f of p.files) expect(await arrived(ftps.root, f.filename)).toBe(f.sha);
    } finally {
      // The shared database and data folder belong to the first server.
      await second.stop();
    }
  });
});
