import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { DeliveryHostError } from './agency-hosts.js';
import { byteCounter, type RemoteSession } from './remote-client.js';
import { clearPending, readRemoteFile, recordPending, tempNameOf, type RemoteFileRecord } from './remote-files.js';

/**
 * One file onto one server by content (issue 33 item 1). The remote file is Shotlog's when the
 * record of what it put at that place and name matches what is there; then the same content is
 * skipped and other content replaces it. A file Shotlog did not put there is replaced only when the
 * connection allows overwriting, else it is a conflict. The bytes go under a temporary name named
 * for the content (only the same content resumes it), are checked (size, and the server's SHA-256
 * where it offers one), and only then renamed onto the final name: the agency never sees a half
 * or wrong file. What was put in place is recorded by the caller (remote-files.ts recordSent), in
 * the same statement as the file's outcome.
 *
 * Round trips are what a small file costs: the record is read with the claim (`record`), a new or
 * changed file's temporary file is opened while the server says what is under the final name, the
 * pending record is written while the bytes go, the server reports the size with the upload and
 * the rename where it can (SFTP), and whether the file is still wanted is asked while it is closed.
 */

/** Files from this size on are resumed after a cut (their upload is recorded before it begins); smaller ones go whole again. */
export const RESUME_MIN_BYTES = 1024 * 1024;

export interface SendFileItem {
  connectionId: string;
  remoteName: string;
  size: number;
  sha256: string;
  /** The file's bytes from `offset` on (local disk or the bucket alike). */
  source(offset: number): Promise<Readable>;
  place: string;
  allowOverwrite: boolean;
  /** Send again: replace even the same content. */
  force?: boolean;
  /** The record of this place and name when the caller read it already (null: none); read here when undefined. */
  record?: RemoteFileRecord | null;
}

export type SendOutcome =
  | { status: 'skipped'; message: string }
  | { status: 'conflict'; message: string }
  | { status: 'sent'; message: string | null; offset: number; remoteSize: number; checksum: string | null };
// A 'sent' outcome is recorded by the caller: remote-files.ts recordSent, with the item's own change.

export interface SendFileHooks {
  /** Races every remote call (the stall watchdog, a deleted connection). */
  guard<T>(p: Promise<T>): Promise<T>;
  /** Bytes that left, as they leave. */
  onBytes(sent: number): void;
  /** Called before the rename; false stops (the connection was deleted): nothing goes under the final name. */
  stillWanted(): Promise<boolean>;
}

/** Thrown when the connection went away during the send; the temporary file was removed. */
export class SendStopped extends Error {}

export async function sendFile(db: Pick<pg.Pool, 'query'>, session: RemoteSession, f: SendFileItem, h: SendFileHooks): Promise<SendOutcome> {
  const { guard } = h;
  const record = f.record !== undefined ? f.record : await readRemoteFile(db, f.connectionId, f.place, f.remoteName);
  const temp = tempNameOf(f.remoteName, f.sha256);
  const resumable = record?.pendingSha256 === f.sha256 && record.pendingSize === f.size && record.tempName === temp;
  const staleTemp = record?.tempName && record.tempName !== temp ? record.tempName : null;
  // Whether the file is still wanted is asked once the server has taken the last byte, while the file
  // is closed (SFTP: not one database round trip after that), and answered before the rename.
  let wanted: Promise<boolean> | null = null;
  const stillWanted = () => {
    if (!wanted) {
      wanted = h.stillWanted();
      wanted.catch(() => undefined);
    }
    return wanted;
  };
  let sent = 0;
  const counter = byteCounter((n) => h.onBytes((sent += n)));
  /**
   * The bytes from `offset` under the temporary name; with `go`, the server opens the file at once and
   * nothing is written before `go` says yes. Both sides settle before a cause is named: a refused write
   * also ends the local read, and that echo must not be taken for the cause when it settles first.
   */
  const startUpload = (offset: number, go?: Promise<boolean>) => {
    sent = offset;
    return guard(
      Promise.allSettled([
        // A source that cannot be read ends the upload too, or it would wait for bytes that never come.
        f.source(offset).then(
          (from) => pipeline(from, counter),
          (err: unknown) => {
            counter.destroy(err instanceof Error ? err : new Error(String(err)));
            throw err;
          },
        ),
        session.upload(counter, temp, offset, () => void stillWanted(), go),
      ]),
    ).catch((err: unknown) => {
      counter.destroy();
      throw err;
    });
  };

  // The usual case, a new or changed file going whole: the temporary file is opened while the server
  // says what is under the final name (one round trip, not two), and written only once that answer
  // allows it. A resume, a leftover temporary file or a likely skip ask first.
  const early = !resumable && !staleTemp && !(record?.sha256 === f.sha256 && !f.force);
  let allow: (ok: boolean) => void = () => undefined;
  const opened = early ? startUpload(0, new Promise<boolean>((resolve) => (allow = resolve))) : null;
  opened?.catch(() => undefined);
  /** Stops the early upload unwritten; its empty temporary file goes. */
  const dropEarly = async () => {
    if (!opened) return;
    allow(false);
    counter.destroy();
    await opened.catch(() => undefined);
    await guard(session.remove(temp)).catch(() => undefined);
  };
  let there: number | null;
  try {
    there = await guard(session.size(f.remoteName));
  } catch (err) {
    await dropEarly();
    throw err;
  }
  const ours = there !== null && record?.sha256 != null && record.size === there;
  if (ours && record.sha256 === f.sha256 && !f.force) {
    await dropEarly();
    return { status: 'skipped', message: 'Already on the server: the same content (SHA-256) was sent there before' };
  }
  if (there !== null && !ours && !f.allowOverwrite) {
    await dropEarly();
    return {
      status: 'conflict',
      message: `${f.remoteName} is already on the server (${there} bytes) and Shotlog did not send it: allow overwriting in the connection to replace it`,
    };
  }

  let offset = 0;
  if (resumable) {
    // Shotlog began this very upload: what is under the temporary name is a start of these bytes.
    const partial = await guard(session.size(temp));
    if (partial !== null && partial <= f.size) offset = partial;
  } else if (staleTemp) {
    await guard(session.remove(staleTemp)).catch(() => undefined);
  }
  // Written while the bytes go: a record that did not land only means the next attempt starts over,
  // and one that did names exactly these bytes under exactly this name. A small file is not worth
  // resuming: after a cut it goes whole again (its temporary name is overwritten), without the write.
  const pending =
    offset === 0 && f.size >= RESUME_MIN_BYTES ? recordPending(db, f.connectionId, f.place, f.remoteName, f.sha256, f.size, temp) : Promise.resolve();
  pending.catch(() => undefined);

  let reported: number | null = null;
  // An empty file goes too (an empty temporary file, renamed like any other).
  if (offset < f.size || offset === 0) {
    allow(true);
    const [reading, upload] = await (opened ?? startUpload(offset));
    const failure = upload.status === 'rejected' ? upload : reading.status === 'rejected' ? reading : null;
    if (failure) {
      counter.destroy();
      throw failure.reason;
    }
    reported = upload.status === 'fulfilled' ? upload.value : null;
  }
  await pending;

  const broken = async (message: string) => {
    await guard(session.remove(temp)).catch(() => undefined);
    await clearPending(db, f.connectionId, f.place, f.remoteName);
    return new DeliveryHostError('size', message);
  };
  const arrived = reported ?? (await guard(session.size(temp)));
  if (arrived !== f.size)
    throw await broken(`The server reports ${arrived ?? 0} bytes for ${f.remoteName} after the upload, not ${f.size}: it was not put in place`);
  const checksum = await guard(session.sha256(temp)).catch(() => null);
  if (checksum !== null && checksum !== f.sha256)
    throw await broken(
      `The server's SHA-256 of ${f.remoteName} (${checksum.slice(0, 12)}…) differs from the file's (${f.sha256.slice(0, 12)}…): it was not put in place`,
    );
  if (!(await stillWanted())) {
    await guard(session.remove(temp)).catch(() => undefined);
    throw new SendStopped('The connection was deleted during the delivery');
  }
  const renamed = await guard(session.rename(temp, f.remoteName));
  // A size asked behind the rename that disagrees is asked again, now that the rename has answered.
  const final = renamed === f.size ? renamed : await guard(session.size(f.remoteName));
  if (final !== f.size) throw new DeliveryHostError('size', `The server reports ${final ?? 0} bytes for ${f.remoteName} after the rename, not ${f.size}`);
  const message =
    offset > 0
      ? `Resumed at byte ${offset} (the same content Shotlog began sending)`
      : ours && f.force && record.sha256 === f.sha256
        ? 'Sent again'
        : ours
          ? 'Replaced the earlier version Shotlog had sent'
          : there !== null
            ? 'Replaced a file Shotlog had not sent (overwriting is allowed for this connection)'
            : null;
  return { status: 'sent', message, offset, remoteSize: final, checksum };
}
