import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import { generate } from 'selfsigned';

const require = createRequire(import.meta.url);
// ftp-srv is CommonJS without types.
const FtpSrv = require('ftp-srv') as any;
const { FileSystem } = require('ftp-srv') as any;

const silentLog: any = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silentLog };

/** A self-signed certificate for 127.0.0.1 and localhost; the test trusts `cert` (DELIVERY_CA_FILE). */
export async function loopbackCertificate(opts: { notBeforeDate?: Date; notAfterDate?: Date } = {}) {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    ...opts,
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as never);
  return { key: pems.private, cert: pems.cert };
}

export interface FtpsTestServer {
  port: number;
  root: string;
  /** Every upload started (STOR and APPE), by file name, with its start mode. */
  uploads: Array<{ name: string; append: boolean }>;
  /** The next upload passing this many bytes (in total for that file) cuts the connection, once. */
  dropOnceAfter(bytes: number): void;
  /** Every write is refused (a full disk, a read-only account). */
  refuseWrites: boolean;
  /** Added to the size SIZE reports for Shotlog's temporary files (a server that counts wrong). */
  sizeSkew: number;
  /** Holds every write until the returned function is called (a transfer in flight, for the test to act meanwhile). */
  holdWrites(): () => void;
  /** Every rename done (RNFR/RNTO: a temporary name onto the final one). */
  renames: Array<{ from: string; to: string }>;
  /** Every login attempt (USER + PASS) the server received, accepted or not. */
  logins: Array<{ username: string; password: string }>;
  /**
   * The HASH command (draft-bryan-ftpext-hash), which ftp-srv lacks: 'none' (not in FEAT, refused),
   * 'honest' (FEAT lists HASH SHA-256, HASH answers the file's SHA-256) or 'wrong' (it answers the
   * SHA-256 of other bytes). Read at login.
   */
  hash: 'none' | 'honest' | 'wrong';
  /** Every file HASH was asked for. */
  hashed: string[];
  close(): Promise<void>;
}

/**
 * A real FTP server with explicit TLS (AUTH TLS) on 127.0.0.1 (ftp-srv), writing to a temp folder.
 * `tls: null` gives plain FTP.
 */
export async function startFtpsServer(opts: {
  username: string;
  password: string;
  tls: { key: string; cert: string } | null;
  /** A loopback address to listen on (default 127.0.0.1; 127.0.0.2 is "another host"). */
  host?: string;
}): Promise<FtpsTestServer> {
  const host = opts.host ?? '127.0.0.1';
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'ftps-root-'));
  const probe = await new Promise<number>((resolve) => {
    const s = require('node:net').createServer();
    s.listen(0, host, () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  let dropAt: number | null = null;
  let hold: Promise<void> | null = null;
  const state: FtpsTestServer = {
    port: probe,
    root,
    uploads: [],
    renames: [],
    dropOnceAfter: (n) => (dropAt = n),
    refuseWrites: false,
    sizeSkew: 0,
    holdWrites: () => {
      let release: () => void = () => undefined;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
    logins: [],
    hash: 'none',
    hashed: [],
    close: async () => {
      await server.close().catch(() => undefined);
      await fsp.rm(root, { recursive: true, force: true });
    },
  };

  class TestFs extends FileSystem {
    async get(fileName: string) {
      const stat = await super.get(fileName);
      if (!state.sizeSkew || !String(fileName).endsWith('.shotlog-part')) return stat;
      return Object.create(stat, { size: { value: stat.size + state.sizeSkew } });
    }

    async rename(from: string, to: string) {
      const r = await super.rename(from, to);
      state.renames.push({ from: path.basename(from), to: path.basename(to) });
      return r;
    }

    write(fileName: string, { append = false, start }: { append?: boolean; start?: number } = {}) {
      if (state.refuseWrites) throw new Error('Permission denied: the disk is full');
      const { fsPath, clientPath } = this._resolvePath(fileName);
      state.uploads.push({ name: path.basename(fsPath), append });
      const fd = fs.openSync(fsPath, append ? 'a' : start ? 'r+' : 'w');
      let written = append ? fs.fstatSync(fd).size : (start ?? 0);
      const connection = this.connection;
      const stream = new Writable({
        write(chunk: Buffer, _enc, cb) {
          if (hold) {
            void hold.then(() => {
              try {
                writeChunk(chunk, cb);
              } catch (err) {
                cb(err as Error);
              }
            });
            return;
          }
          writeChunk(chunk, cb);
        },
        final(cb) {
          cb();
        },
        destroy(err, cb) {
          try {
            fs.closeSync(fd);
          } catch {
            /* closed */
          }
          cb(err);
        },
      });
      function writeChunk(chunk: Buffer, cb: (err?: Error | null) => void) {
        if (dropAt !== null && written + chunk.length > dropAt) {
          const keep = Math.max(0, dropAt - written);
          fs.writeSync(fd, chunk, 0, keep, append ? null : written);
          written += keep;
          dropAt = null;
          // The server goes away mid-file: both sockets cut, what arrived stays on disk.
          connection.connector?.socket?.destroy();
          connection.commandSocket?.destroy();
          return cb(new Error('connection dropped by the test server'));
        }
        fs.writeSync(fd, chunk, 0, chunk.length, append ? null : written);
        written += chunk.length;
        cb();
      }
      stream.on('finish', () => stream.destroy());
      return { stream, clientPath };
    }
  }

  const server = new FtpSrv({
    url: `ftp://${host}:${probe}`,
    pasv_url: host,
    pasv_min: 40000,
    pasv_max: 49000,
    anonymous: false,
    tls: opts.tls ?? false,
    log: silentLog,
  });
  server.on('login', ({ connection, username, password }: any, resolve: any, reject: any) => {
    state.logins.push({ username, password });
    if (username !== opts.username || password !== opts.password) return reject(new Error('Login incorrect'));
    const files = new (TestFs as any)(connection, { root, cwd: '/' });
    if (state.hash !== 'none') offerHash(connection, files, state.hash === 'wrong', state.hashed);
    resolve({ fs: files });
  });
  server.on('client-error', () => undefined);
  await server.listen();
  return state;
}

/**
 * Adds HASH to one connection: FEAT lists it (SHA-256 selected), OPTS HASH SHA-256 selects it, and
 * HASH <file> answers 213 with the file's SHA-256 (`wrong`: of the file's bytes plus one), the other
 * commands go to ftp-srv as before. ftp-srv's command registry is shared by every server, so the
 * connection's handler is wrapped instead.
 */
function offerHash(connection: any, files: any, wrong: boolean, hashed: string[]) {
  const commands = connection.commands;
  const handle = commands.handle.bind(commands);
  const registry = require('ftp-srv/src/commands/registry') as Record<string, { flags?: { feat?: string } }>;
  commands.handle = (raw: unknown) => {
    const command = typeof raw === 'string' ? commands.parse(raw) : (raw as { directive: string; arg: string | null });
    if (command.directive === 'FEAT') {
      const feats = ['UTF8', 'HASH SHA-256*', ...Object.values(registry).flatMap((r) => (r.flags?.feat ? [r.flags.feat] : []))].sort();
      return connection.reply(211, 'Extensions supported', ...feats.map((f) => ({ message: ` ${f}`, raw: true })), 'End');
    }
    if (command.directive === 'OPTS' && /^HASH\b/i.test(command.arg ?? '')) {
      return /^HASH\s+SHA-256$/i.test(command.arg ?? '') ? connection.reply(200, 'SHA-256') : connection.reply(504, 'Unknown algorithm');
    }
    if (command.directive === 'HASH') {
      const name = command.arg ?? '';
      const { fsPath } = files._resolvePath(name);
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(fsPath);
      } catch {
        return connection.reply(550, 'File not found');
      }
      hashed.push(path.basename(fsPath));
      const digest = createHash('sha256')
        .update(wrong ? Buffer.concat([bytes, Buffer.from([1])]) : bytes)
        .digest('hex');
      return connection.reply(213, `SHA-256 0-${Math.max(0, bytes.length - 1)} ${digest} ${name}`);
    }
    return handle(raw);
  };
}
