import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import type { AddressInfo } from 'node:net';

const { Server, utils } = ssh2;
const { STATUS_CODE, flagsToString } = utils.sftp;

export interface SftpTestServer {
  port: number;
  root: string;
  /** Every file opened for writing, by name, with its open flags. */
  uploads: Array<{ name: string; flags: string }>;
  /** Every rename done (a temporary name onto the final one). */
  renames: Array<{ from: string; to: string }>;
  /** Logins accepted. */
  logins: number;
  dropOnceAfter(bytes: number): void;
  refuseWrites: boolean;
  close(): Promise<void>;
}

/**
 * A fresh ed25519 host key that ssh2 can read back. About one key in 256 that ssh2's own generator
 * makes is one it then refuses ("Malformed OpenSSH private key": it strips a public key's leading
 * zero byte, mscdex/ssh2#1390, #1513), which failed a whole test file now and then.
 */
export function newHostKey(): string {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) return pair.private;
  }
}

/**
 * A real SSH server (ssh2's Server) with an SFTP subsystem on 127.0.0.1, writing into a temp folder:
 * OPEN/WRITE/CLOSE, STAT/LSTAT/FSTAT, OPENDIR/READDIR and REALPATH, which is what a client uploading
 * at an offset and listing a folder uses.
 */
export async function startSftpServer(opts: {
  username: string;
  password: string;
  hostKey?: string;
  port?: number;
}): Promise<SftpTestServer & { hostKey: string }> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'sftp-root-'));
  const hostKey = opts.hostKey ?? newHostKey();
  let dropAt: number | null = null;
  const clients = new Set<ssh2.Connection>();
  const state = {
    port: 0,
    root,
    hostKey,
    uploads: [] as Array<{ name: string; flags: string }>,
    renames: [] as Array<{ from: string; to: string }>,
    logins: 0,
    dropOnceAfter: (n: number) => (dropAt = n),
    refuseWrites: false,
    close: async () => {
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
  const local = (p: string) => {
    const rel = path.posix.normalize('/' + p);
    return path.join(root, rel);
  };
  const attrsOf = (st: fs.Stats) => ({
    mode: st.mode,
    uid: st.uid,
    gid: st.gid,
    size: st.size,
    atime: Math.floor(st.atimeMs / 1000),
    mtime: Math.floor(st.mtimeMs / 1000),
  });

  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    let dropped = false;
    client.on('close', () => clients.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === opts.username && ctx.password === opts.password) {
        state.logins++;
        ctx.accept();
      } else ctx.reject(['password']);
    });
    client.on('ready', () => {
      // As OpenSSH does: answers leave at once, not after a delayed ACK.
      (client as unknown as { setNoDelay(on: boolean): void }).setNoDelay(true);
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<number, { fd?: number; dir?: string; listed?: boolean }>();
          let next = 0;
          const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
          const newHandle = (h: { fd?: number; dir?: string }) => {
            const b = Buffer.alloc(4);
            b.writeUInt32BE(++next, 0);
            handles.set(next, h);
            return b;
          };
          const fail = (reqid: number, err: unknown) =>
            sftp.status(reqid, (err as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
          sftp.on('OPEN', (reqid, filename, flags) => {
            const mode = flagsToString(flags) ?? 'r';
            const writing = mode !== 'r';
            if (writing && state.refuseWrites) return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'Permission denied: the disk is full');
            try {
              const fd = fs.openSync(local(filename), mode);
              if (writing) state.uploads.push({ name: path.posix.basename(filename), flags: mode });
              sftp.handle(reqid, newHandle({ fd }));
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('WRITE', (reqid, handle, offset, data) => {
            // After a drop nothing more from this client reaches the disk (its queued writes included).
            if (dropped) return;
            const h = handleOf(handle);
            if (h?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
            if (dropAt !== null && offset + data.length > dropAt) {
              const keep = Math.max(0, dropAt - offset);
              fs.writeSync(h.fd, data, 0, keep, offset);
              dropAt = null;
              dropped = true;
              // The server goes away mid-file; what arrived stays on disk.
              (client as unknown as { _sock?: { destroy(): void } })._sock?.destroy();
              client.end();
              return;
            }
            fs.writeSync(h.fd, data, 0, data.length, offset);
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('CLOSE', (reqid, handle) => {
            const h = handleOf(handle);
            if (h?.fd !== undefined) fs.closeSync(h.fd);
            handles.delete(handle.readUInt32BE(0));
            sftp.status(reqid, STATUS_CODE.OK);
          });
          const stat = (reqid: number, p: string) => {
            try {
              sftp.attrs(reqid, attrsOf(fs.statSync(local(p))));
            } catch (err) {
              fail(reqid, err);
            }
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('FSTAT', (reqid, handle) => {
            const h = handleOf(handle);
            if (h?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
            sftp.attrs(reqid, attrsOf(fs.fstatSync(h.fd)));
          });
          sftp.on('OPENDIR', (reqid, p) => {
            try {
              if (!fs.statSync(local(p)).isDirectory()) return sftp.status(reqid, STATUS_CODE.FAILURE);
              sftp.handle(reqid, newHandle({ dir: local(p) }));
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('READDIR', (reqid, handle) => {
            const h = handleOf(handle);
            if (!h?.dir) return sftp.status(reqid, STATUS_CODE.FAILURE);
            if (h.listed) return sftp.status(reqid, STATUS_CODE.EOF);
            h.listed = true;
            const names = fs.readdirSync(h.dir).map((n) => {
              const st = fs.statSync(path.join(h.dir!, n));
              return { filename: n, longname: `-rw-r--r-- 1 u u ${st.size} Jan 1 00:00 ${n}`, attrs: attrsOf(st) };
            });
            sftp.name(reqid, names);
          });
          // SFTP v3 RENAME refuses an existing target (the client then removes it first), as OpenSSH does without posix-rename.
          sftp.on('RENAME', (reqid, from, to) => {
            if (fs.existsSync(local(to))) return sftp.status(reqid, STATUS_CODE.FAILURE, 'target exists');
            try {
              fs.renameSync(local(from), local(to));
              state.renames.push({ from: path.posix.basename(from), to: path.posix.basename(to) });
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('REMOVE', (reqid, p) => {
            try {
              fs.unlinkSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('MKDIR', (reqid, p) => {
            try {
              fs.mkdirSync(local(p));
              sftp.status(reqid, STATUS_CODE.OK);
            } catch (err) {
              fail(reqid, err);
            }
          });
          sftp.on('REALPATH', (reqid, p) => {
            const resolved = path.posix.normalize('/' + p);
            sftp.name(reqid, [{ filename: resolved, longname: resolved, attrs: {} as never }]);
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  return state;
}
