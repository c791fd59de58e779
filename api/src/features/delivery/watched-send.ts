import { Readable } from 'node:stream';
import type { Job } from 'bullmq';
import type pg from 'pg';
import type { FileStorage } from '../files/file-storage.js';
import { DeliveryHostError } from './agency-hosts.js';
import type { RemoteSession } from './remote-client.js';
import type { RemoteFileRecord } from './remote-files.js';
import { setItem, stillClaimed, type ItemRow, type SentRecord } from './item-claims.js';
import { SendStopped, sendFile } from './send-file.js';
import type { ConnectionRow, DeliverFileJob } from './delivery.service.js';

/**
 * One file over a logged-in session as the delivery worker sends it (delivery-worker.ts): the bytes
 * read from storage (disk or bucket) as the server takes them, sent by content (send-file.ts), and
 * watched on the way: a server that stops moving bytes is cut after DELIVERY_STALL_SECONDS (the
 * worker retries), progress is written every half second, and a file whose item is gone (its
 * connection deleted) stops before anything reaches the final name. Answers what to record; the
 * worker records it while the session goes on to the next file.
 */

export interface WatchedSendDeps {
  pool: pg.Pool;
  storage: Pick<FileStorage, 'read' | 'sizeOf'>;
  stallMs: number;
  pinHostKey(connectionId: string, hostKey: string): Promise<unknown>;
}

/** The file's outcome as delivery_items fields and, when sent, the record of what is now in place. */
export interface WatchedOutcome {
  fields: Record<string, unknown> & { status: string };
  sent?: SentRecord;
}

const PROGRESS_EVERY_MS = 500;

export async function sendWatched(
  d: WatchedSendDeps,
  job: Job<DeliverFileJob>,
  item: ItemRow,
  conn: ConnectionRow,
  place: string,
  session: RemoteSession,
  record: RemoteFileRecord | null,
): Promise<WatchedOutcome> {
  // On disk or in the bucket alike: the bytes from `offset` on, read as the server takes them.
  if ((await d.storage.sizeOf(item.storage_key).catch(() => null)) === null)
    throw new DeliveryHostError('permission', 'The file is no longer in storage (deleted during the delivery)');
  const size = Number(item.size_bytes);
  const local = async (offset: number): Promise<Readable> =>
    offset >= size ? Readable.from([]) : d.storage.read(item.storage_key, { start: offset, end: size - 1 });
  const holder = job.data.itemId;
  // A server that stops reading (or answering) without closing: cut it after DELIVERY_STALL_SECONDS, retry.
  const { stallMs } = d;
  const stallError = () => Object.assign(new DeliveryHostError('timeout', `No byte moved for ${stallMs / 1000} s; the connection was cut`), { stalled: true });
  let movedAt = Date.now();
  let stalled = false;
  let stopReject: (err: Error) => void = () => undefined;
  const stop = new Promise<never>((_, reject) => (stopReject = reject));
  stop.catch(() => undefined);
  const watchdog = setInterval(
    () => {
      if (Date.now() - movedAt < stallMs) return;
      stalled = true;
      stopReject(stallError());
      session.close();
    },
    Math.min(1000, stallMs),
  );
  let lastAt = Date.now();
  let lastBytes = 0;
  const started = Date.now();
  try {
    if (session.hostKey && !conn.host_key) {
      await d.pinHostKey(conn.id, session.hostKey);
      conn.host_key = session.hostKey;
    }
    const outcome = await sendFile(
      d.pool,
      session,
      {
        connectionId: conn.id,
        remoteName: item.remote_path,
        size,
        sha256: item.sha256,
        source: local,
        place,
        allowOverwrite: conn.allow_overwrite,
        force: item.force,
        record,
      },
      {
        guard: (p) => Promise.race([p, stop]),
        onBytes: (sent) => {
          movedAt = Date.now();
          if (movedAt - lastAt < PROGRESS_EVERY_MS) return;
          const rate = ((sent - lastBytes) * 1000) / (movedAt - lastAt);
          lastAt = movedAt;
          lastBytes = sent;
          void job.updateProgress({ bytesSent: sent }).catch(() => undefined);
          // An item gone (its connection deleted) stops the upload: nothing reaches the final name.
          void setItem(d.pool, item.id, { bytes_sent: sent, bytes_per_second: rate }).then(
            (n) => n === 0 && (stopReject(new SendStopped('The connection was deleted')), session.close()),
            () => undefined,
          );
        },
        stillWanted: () => stillClaimed(d.pool, item.id, holder),
      },
    );
    if (outcome.status !== 'sent')
      return {
        fields: { status: outcome.status, message: outcome.message, remote_place: place, ...(outcome.status === 'skipped' ? { bytes_sent: size } : {}) },
      };
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    // The file's outcome and the record of what is now in place, written in one statement.
    return {
      fields: {
        status: 'sent',
        bytes_sent: size,
        bytes_per_second: (size - outcome.offset) / seconds,
        message: outcome.message,
        remote_place: place,
        remote_size: outcome.remoteSize,
        remote_checksum: outcome.checksum,
      },
      sent: [conn.id, place, item.remote_path, item.sha256, size, outcome.checksum],
    };
  } catch (err) {
    if (stalled) throw stallError();
    throw err;
  } finally {
    clearInterval(watchdog);
  }
}
