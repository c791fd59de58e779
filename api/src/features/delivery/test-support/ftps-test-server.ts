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
    resolve({ fs: new (TestFs as any)(connection, { root, cwd: '/' }) });
  });
  server.on('client-error', () => undefined);
  await server.listen();
  return state;
}
