import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import tls from 'node:tls';
import { Transform, type Readable } from 'node:stream';
import type { FTPError } from 'basic-ftp';
import type { SFTPWrapper } from 'ssh2';
import { DeliveryHostError, type DeliveryProtocol } from './agency-hosts.js';

// basic-ftp and ssh2 (~30 MB resident together) load with the first session of their protocol: a
// process that delivers nothing (the API with RUN_WORKER=false) does not carry them.
let basicFtp: typeof import('basic-ftp') | undefined;
const loadBasicFtp = async () => (basicFtp ??= await import('basic-ftp'));
const loadSsh2 = async () => (await import('ssh2')).default;
/** Only basic-ftp throws an FTPError, so one can exist only once it is loaded. */
const isFtpError = (err: unknown): err is FTPError => basicFtp !== undefined && err instanceof basicFtp.FTPError;

/** Everything needed to log in; `address` is the checked, resolved address (agency-hosts.ts). */
export interface RemoteTarget {
  protocol: DeliveryProtocol;
  host: string;
  address: string;
  port: number;
  username: string;
  secret: string;
  secretKind: 'password' | 'key';
  remoteFolder: string;
  /** The pinned SFTP host key fingerprint; null on first use. */
  hostKey: string | null;
  /** Create the remote folder when it is missing (else a clear error). */
  createFolder?: boolean;
}

export interface RemoteOptions {
  /** Extra trusted certificate authorities for FTPS (DELIVERY_CA_FILE), PEM. */
  extraCa?: string;
  timeoutMs?: number;
}

/** One logged-in session in the connection's remote folder. */
export interface RemoteSession {
  /** The host key seen (SFTP), so a first use can pin it. */
  readonly hostKey: string | null;
  list(): Promise<string[]>;
  /** Size of a file in the remote folder; null when it is not there. */
  size(name: string): Promise<number | null>;
  /**
   * Sends `source` (the local file's bytes from `offset`) to `name`, written at `offset`. Resolves to
   * the size the server reports for `name` afterwards when it tells that without another round trip
   * (SFTP), else null (the caller asks `size`). `onWritten` is called once the server has taken
   * every byte, before any closing round trip. With `go`, nothing is written before it resolves:
   * SFTP opens `name` at once (the open's round trip overlaps whatever the caller is still asking),
   * and `false` closes it unwritten (the caller removes it); FTP waits for `go` before it begins.
   * Resolves to null when `go` said no.
   */
  upload(source: Readable, name: string, offset: number, onWritten?: () => void, go?: Promise<boolean>): Promise<number | null>;
  /**
   * Moves `from` onto `to` in the remote folder, replacing `to` (the agency never sees a half file).
   * Resolves to the size of `to` afterwards when the server tells it without another round trip, else null.
   */
  rename(from: string, to: string): Promise<number | null>;
  /** Removes a file; absent is fine. */
  remove(name: string): Promise<void>;
  /** The server's SHA-256 of a file where it offers one (FTP HASH), hex; null when it does not. */
  sha256(name: string): Promise<string | null>;
  /** Whether the session still works after a failure (a reusable one goes back to the pool). */
  readonly alive: boolean;
  close(): void;
}

/** SHA256:<base64> without padding, as OpenSSH prints it. */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|EPROTO/;

/** A sentence per kind of failure (DNS, refused, TLS, bad login, no permission), for the user. */
export function describeRemoteError(err: unknown, t: Pick<RemoteTarget, 'host' | 'port' | 'remoteFolder' | 'protocol'>): DeliveryHostError {
  if (err instanceof DeliveryHostError) return err;
  const e = err as { level?: string; code?: unknown; message?: string };
  const code = typeof e?.code === 'string' ? e.code : '';
  const sftpStatus = typeof e?.code === 'number' ? e.code : null;
  const msg = String(e?.message ?? err);
  const where = `${t.host}:${t.port}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new DeliveryHostError('dns', `DNS: ${t.host} could not be resolved`);
  if (code === 'ECONNREFUSED') return new DeliveryHostError('refused', `Connection refused by ${where}: is the server running on that port?`);
  if (code === 'ETIMEDOUT' || /timeout|timed out/i.test(msg)) return new DeliveryHostError('timeout', `No answer from ${where} in time`);
  if (TLS_CODES.test(code) || /certificate|self[- ]signed|TLS|SSL/i.test(msg))
    return new DeliveryHostError('tls', `TLS: the certificate of ${t.host} is not trusted (${code || msg})`);
  if (e?.level === 'client-authentication' || (isFtpError(err) && err.code === 530) || /authentication methods failed|Login incorrect/i.test(msg))
    return new DeliveryHostError('login', `Login refused by ${t.host}: check the username and password${t.protocol === 'sftp' ? ' or key' : ''}`);
  if (
    (isFtpError(err) && (err.code === 550 || err.code === 553 || err.code === 552 || err.code === 452)) ||
    sftpStatus === 3 ||
    /permission denied|not permitted|EACCES|EROFS|ENOSPC/i.test(msg)
  )
    return new DeliveryHostError('permission', `No permission to write in ${t.remoteFolder} on ${t.host} (${msg.replace(/\s+/g, ' ').slice(0, 160)})`);
  if (sftpStatus === 2 || /no such file/i.test(msg))
    return new DeliveryHostError('permission', `The remote folder ${t.remoteFolder} does not exist on ${t.host}`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || /closed|ended/i.test(msg))
    return new DeliveryHostError('other', `The connection to ${where} was cut (${code || msg})`);
  return new DeliveryHostError('other', `${where}: ${msg.slice(0, 200)}`);
}

export async function openRemote(t: RemoteTarget, opts: RemoteOptions = {}): Promise<RemoteSession> {
  const limit = (opts.timeoutMs ?? 30_000) + 5_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const opening = t.protocol === 'sftp' ? openSftp(t, opts) : openFtp(t, opts);
    // A login that never finishes (a server that accepts and then says nothing) must not hold a worker slot.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void opening.then(
          (s) => s.close(),
          () => undefined,
        );
        reject(new DeliveryHostError('timeout', `No answer from ${t.host}:${t.port} in time`));
      }, limit);
    });
    return await Promise.race([opening, timeout]);
  } catch (err) {
    throw describeRemoteError(err, t);
  } finally {
    clearTimeout(timer);
  }
}

const secureContexts = new Map<string, tls.SecureContext>();
/** The system's roots plus DELIVERY_CA_FILE, built once per CA text. */
function secureContextWith(extraCa: string): tls.SecureContext {
  let ctx = secureContexts.get(extraCa);
  if (!ctx) secureContexts.set(extraCa, (ctx = tls.createSecureContext({ ca: [...tls.rootCertificates, extraCa] })));
  return ctx;
}

async function openFtp(t: RemoteTarget, opts: RemoteOptions): Promise<RemoteSession> {
  const { Client: FtpClient } = await loadBasicFtp();
  const client = new FtpClient(opts.timeoutMs ?? 30_000);
  try {
    await client.access({
      host: t.address,
      port: t.port,
      user: t.username,
      password: t.secret,
      secure: t.protocol === 'ftps',
      // The certificate is checked against the name, while the socket goes to the checked address.
      // One secure context per CA set: building one from every root certificate costs milliseconds of
      // CPU, and basic-ftp opens a TLS data connection per file.
      secureOptions: { host: t.host, rejectUnauthorized: true, ...(opts.extraCa ? { secureContext: secureContextWith(opts.extraCa) } : {}) },
    });
    try {
      await client.cd(t.remoteFolder);
    } catch (err) {
      if (!(isFtpError(err) && err.code === 550)) throw err;
      if (!t.createFolder)
        throw new DeliveryHostError(
          'permission',
          `The remote folder ${t.remoteFolder} does not exist on ${t.host} (creating it is not allowed for this connection)`,
        );
      await client.ensureDir(t.remoteFolder);
    }
  } catch (err) {
    client.close();
    throw err;
  }
  let alive = true;
  client.ftp.socket.once('close', () => (alive = false));
  // HASH (draft-bryan-ftpext-hash) is asked once per session, and only when FEAT lists it.
  let hashOffered: Promise<boolean> | undefined;
  const wrap = async <T>(p: Promise<T>) => {
    try {
      return await p;
    } catch (err) {
      throw describeRemoteError(err, t);
    }
  };
  return {
    hostKey: null,
    list: () => wrap(client.list().then((l) => l.map((f) => f.name))),
    size: async (name) => {
      try {
        return await client.size(name);
      } catch (err) {
        if (isFtpError(err) && err.code === 550) return null;
        throw describeRemoteError(err, t);
      }
    },
    // APPE continues a partial file; STOR replaces one (a size we do not trust).
    upload: async (source, name, offset, onWritten, go) => {
      if (go && !(await go)) return null;
      return wrap((offset > 0 ? client.appendFrom(source, name) : client.uploadFrom(source, name)).then(() => (onWritten?.(), null)));
    },
    rename: async (from, to) => {
      try {
        await client.rename(from, to);
      } catch (err) {
        // A server that will not rename onto an existing name: the old file goes first, then the whole new one moves in.
        if (!isFtpError(err)) throw describeRemoteError(err, t);
        await wrap(client.remove(to, true));
        await wrap(client.rename(from, to));
      }
      return null;
    },
    remove: (name) => wrap(client.remove(name, true).then(() => undefined)),
    sha256: async (name) => {
      hashOffered ??= client
        .features()
        .then(async (f) => /SHA-256/i.test(f.get('HASH') ?? '') && (await client.sendIgnoringError('OPTS HASH SHA-256')).code === 200)
        .catch(() => false);
      if (!(await hashOffered)) return null;
      const r = await client.sendIgnoringError(`HASH ${name}`);
      return r.code === 213 ? (/\b([0-9a-f]{64})\b/i.exec(r.message)?.[1]?.toLowerCase() ?? null) : null;
    },
    get alive() {
      return alive && !client.closed;
    },
    close: () => client.close(),
  };
}

async function openSftp(t: RemoteTarget, opts: RemoteOptions): Promise<RemoteSession> {
  const { Client: SshClient } = await loadSsh2();
  const conn = new SshClient();
  let seenKey: string | null = null;
  let keyChanged = false;
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    conn.once('error', (err) => reject(keyChanged ? hostKeyChanged(t, seenKey) : err));
    conn.once('ready', () => {
      // Each SFTP request waits for its answer: without TCP_NODELAY every one waits out a delayed ACK (~40 ms).
      conn.setNoDelay(true);
      conn.sftp((err, s) => (err ? reject(err) : resolve(s)));
    });
    conn.connect({
      host: t.address,
      port: t.port,
      username: t.username,
      ...(t.secretKind === 'key' ? { privateKey: t.secret } : { password: t.secret }),
      readyTimeout: opts.timeoutMs ?? 30_000,
      hostVerifier: (key: Buffer) => {
        seenKey = fingerprintOf(key);
        keyChanged = !!t.hostKey && t.hostKey !== seenKey;
        return !keyChanged;
      },
    });
  }).catch((err) => {
    conn.end();
    throw err;
  });
  // Errors after login reach the operation that is running; the connection's own must not crash the process.
  conn.on('error', () => undefined);
  // A server that goes away leaves ssh2's pending writes unanswered: every operation races this.
  let closedReject: (err: Error) => void = () => undefined;
  const closed = new Promise<never>((_, reject) => (closedReject = reject));
  closed.catch(() => undefined);
  conn.once('close', () => closedReject(new DeliveryHostError('other', `The connection to ${t.host}:${t.port} was cut`)));
  const live = <T>(p: Promise<T>) => Promise.race([p, closed]);
  const dir = t.remoteFolder;
  const call = <T>(fn: (cb: (err: Error | null | undefined, v: T) => void) => void) =>
    new Promise<T>((resolve, reject) => fn((err, v) => (err ? reject(describeRemoteError(err, t)) : resolve(v))));
  /** For ssh2 calls answering with a status only. */
  const done = (fn: (cb: (err: Error | null | undefined) => void) => void) =>
    new Promise<void>((resolve, reject) => fn((err) => (err ? reject(describeRemoteError(err, t)) : resolve())));
  // Make sure the folder is there and readable before saying the login worked; create it when allowed.
  await call<unknown>((cb) => sftp.readdir(dir, cb))
    .catch(async (err) => {
      if (!/does not exist/.test((err as Error).message)) throw err;
      if (!t.createFolder)
        throw new DeliveryHostError('permission', `The remote folder ${dir} does not exist on ${t.host} (creating it is not allowed for this connection)`);
      const parts = path.normalize(dir).split('/').filter(Boolean);
      for (let i = 1; i <= parts.length; i++) {
        const p = '/' + parts.slice(0, i).join('/');
        await done((cb) => sftp.mkdir(p, cb)).catch(() => undefined);
      }
      await call<unknown>((cb) => sftp.readdir(dir, cb));
    })
    .catch((err) => {
      conn.end();
      throw err;
    });
  let alive = true;
  conn.once('close', () => (alive = false));
  const at = (name: string) => path.join(dir, name);
  return {
    hostKey: seenKey,
    list: () => live(call<Array<{ filename: string }>>((cb) => sftp.readdir(dir, cb))).then((l) => l.map((f) => f.filename)),
    size: (name) =>
      live(
        new Promise<number | null>((resolve, reject) =>
          sftp.stat(path.join(dir, name), (err, st) => {
            if (!err) return resolve(st.size);
            if ((err as { code?: number }).code === 2) return resolve(null);
            reject(describeRemoteError(err, t));
          }),
        ),
      ),
    upload: (source, name, offset, onWritten, go) =>
      live(writeAll(sftp, at(name), source, offset, onWritten, go)).catch((err: unknown) => {
        source.destroy();
        throw describeRemoteError(err, t);
      }),
    rename: async (from, to) => {
      // The size of `to` is asked right behind the move, without waiting for its answer (servers answer
      // a session's requests in order, as OpenSSH does); no answer means the caller asks again.
      const moveThenSize = async (move: () => Promise<void>) => {
        const moving = move();
        const size = live(call<{ size: number }>((cb) => sftp.stat(at(to), cb))).then(
          (st) => st.size,
          () => null,
        );
        await moving;
        return size;
      };
      // posix-rename@openssh.com replaces in one step (refused at once, locally, by a server without it);
      // a plain SFTP v3 rename refuses an existing target.
      const posix = await moveThenSize(() => live(done((cb) => sftp.ext_openssh_rename(at(from), at(to), cb)))).catch(() => undefined);
      if (posix !== undefined) return posix;
      const plain = () => live(done((cb) => sftp.rename(at(from), at(to), cb)));
      return moveThenSize(plain).catch(async () => {
        await live(done((cb) => sftp.unlink(at(to), cb))).catch(() => undefined);
        return moveThenSize(plain);
      });
    },
    remove: (name) =>
      live(done((cb) => sftp.unlink(at(name), cb))).then(
        () => undefined,
        (err) => {
          if (/does not exist/.test((err as Error).message)) return;
          throw err;
        },
      ),
    // check-file (draft-ietf-secsh-filexfer-09) is not reachable through ssh2's client: the size is what is checked.
    sha256: async () => null,
    get alive() {
      return alive;
    },
    close: () => conn.end(),
  };
}

/** Writes in flight at once on one SFTP handle (each answered on its own; the order of offsets does not matter). */
const SFTP_WRITES_IN_FLIGHT = 16;
/** Bytes per SFTP write: under the 32 KB every server takes (ssh2 splits a larger write and waits for each part). */
const SFTP_WRITE_BYTES = 31 * 1024;

/**
 * Writes `source` into `file` from `offset` with several writes in flight (ssh2's write stream waits
 * for each answer before the next, one round trip per 32 KB), then asks the handle's size and
 * closes it in one round trip. Resolves to that size (null when the server would not say).
 * `onWritten`: every write answered, before that last round trip. `go`: the file is opened at once,
 * written only once it resolves true (false: closed unwritten, null).
 */
async function writeAll(
  sftp: SFTPWrapper,
  file: string,
  source: Readable,
  offset: number,
  onWritten?: () => void,
  go?: Promise<boolean>,
): Promise<number | null> {
  const handle = await new Promise<Buffer>((resolve, reject) => sftp.open(file, offset > 0 ? 'r+' : 'w', (err, h) => (err ? reject(err) : resolve(h))));
  const inFlight = new Set<Promise<void>>();
  let failed: unknown = null;
  try {
    if (go && !(await go)) {
      await new Promise<void>((resolve) => sftp.close(handle, () => resolve()));
      return null;
    }
    let at = offset;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      // Pieces under any server's write limit: ssh2 would split a larger write and wait for each part.
      for (let from = 0; from < chunk.length; from += SFTP_WRITE_BYTES) {
        const piece = chunk.subarray(from, from + SFTP_WRITE_BYTES);
        const pos = at;
        at += piece.length;
        const w = new Promise<void>((resolve, reject) => sftp.write(handle, piece, 0, piece.length, pos, (err) => (err ? reject(err) : resolve())));
        inFlight.add(w);
        w.then(
          () => inFlight.delete(w),
          (err: unknown) => {
            inFlight.delete(w);
            failed ??= err;
          },
        );
        if (failed) throw failed;
        if (inFlight.size >= SFTP_WRITES_IN_FLIGHT) await Promise.race(inFlight).catch(() => undefined);
      }
    }
    await Promise.allSettled(inFlight);
    if (failed) throw failed;
    onWritten?.();
    const size = new Promise<number | null>((resolve) => sftp.fstat(handle, (err, st) => resolve(err ? null : st.size)));
    await new Promise<void>((resolve, reject) => sftp.close(handle, (err) => (err ? reject(err) : resolve())));
    return await size;
  } catch (err) {
    await Promise.allSettled(inFlight);
    sftp.close(handle, () => undefined);
    throw err;
  }
}

function hostKeyChanged(t: RemoteTarget, seen: string | null): DeliveryHostError {
  return new DeliveryHostError(
    'hostkey',
    `The SSH host key of ${t.host} changed (pinned ${t.hostKey}, offered ${seen}). This may be an attack; if the agency changed its key, edit the connection and clear the pinned key.`,
  );
}

/** Counts bytes passing through, for progress and bytes per second. */
export function byteCounter(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
}
