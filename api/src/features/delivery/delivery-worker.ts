/**
 * The BullMQ worker of the delivery queue: one job per file per connection (jobId = the item's
 * id). Per job: claim the item in SQL (a job handed out twice sends once) -> log in -> skip a file
 * already there with the same size, else resume a shorter one from its size (FTP APPE, SFTP write
 * at offset) -> check the size that arrived -> mark it sent. Failures of the remote (cut, timeout)
 * are retried with exponential backoff; permission, TLS, a changed host key or a file gone from
 * storage fail the item at once, alone. Logins to one connection go one at a time, and the first
 * refusal pauses the connection and every file waiting for it (no other login is tried).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.js';
import type { FileStorage } from '../files/file-storage.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { JobsInFlight, stopWorker } from '../../platform/queue/worker-shutdown.js';
import { logConnectionError } from '../../platform/logging/shutdown-state.js';
import { DeliveryHostError } from './agency-hosts.js';
import { byteCounter, openRemote, type RemoteSession } from './remote-client.js';
import { DELIVERY_QUEUE, type ConnectionRow, type DeliverFileJob, type DeliveryService } from './delivery.service.js';
import { LOGIN_REFUSED_PAUSE } from './delivery-views.js';
import { PROGRESS_CHANNEL, notifyProgress } from './delivery-progress.js';

export interface DeliveryWorkerDeps {
  config: Pick<Config, 'worker' | 'delivery'>;
  logger: Logger;
  pool: pg.Pool;
  queue: QueueBackend;
  storage: Pick<FileStorage, 'read' | 'sizeOf'>;
  delivery: Pick<DeliveryService, 'targetOf' | 'pinHostKey' | 'caPem' | 'pauseConnection'>;
}

/** Failures that another attempt cannot fix. */
const PERMANENT = new Set(['login', 'permission', 'tls', 'hostkey', 'dns', 'secret']);

/** The connection is paused (a refused login, no secret): the file waits, nothing is tried. */
class ConnectionPaused extends Error {}
const PROGRESS_EVERY_MS = 500;

interface ItemRow {
  id: string;
  delivery_id: string;
  connection_id: string;
  filename: string;
  storage_key: string;
  remote_path: string;
  size_bytes: string;
  status: string;
}

export class DeliveryWorker {
  private worker: Worker | undefined;
  private inFlight: JobsInFlight | undefined;
  /** Open remote sessions, cut on a forced close. */
  private readonly sessions = new Set<RemoteSession>();
  /** Per connection, the login in progress: logins to one connection go one at a time (issue 28 finding 7). */
  private readonly logins = new Map<string, Promise<unknown>>();

  constructor(private readonly d: DeliveryWorkerDeps) {}

  start(): this {
    const { concurrency, lockMs } = this.d.config.worker;
    this.worker = this.d.queue.worker(DELIVERY_QUEUE, (job) => this.handle(job as Job<DeliverFileJob>), {
      concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      maxStalledCount: 2,
    });
    this.inFlight = new JobsInFlight(this.worker);
    this.worker.on('error', (err) => logConnectionError(this.d.logger, { err }, 'delivery worker error'));
    this.worker.on('failed', (job, err) => void this.onFailed(job as Job<DeliverFileJob> | undefined, err));
    return this;
  }

  /**
   * Takes no new job; a running transfer gets `graceMs`, then its session is cut (BullMQ hands the
   * job on). Never waits on a queue store that is down (queue/worker-shutdown.ts).
   */
  async close(graceMs = 10_000): Promise<void> {
    if (!this.worker || !this.inFlight) return;
    await stopWorker(this.worker, this.inFlight, {
      graceMs,
      logger: this.d.logger,
      name: 'delivery worker',
      onLate: () => {
        for (const s of this.sessions) s.close();
      },
    });
  }

  /** Changes an item and announces its delivery's change to the deliveryProgress streams. */
  private set(id: string, fields: Record<string, unknown>): Promise<unknown> {
    const keys = Object.keys(fields);
    return this.d.pool.query(
      `with u as (update delivery_items set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1 returning delivery_id)
       select pg_notify('${PROGRESS_CHANNEL}', delivery_id::text) from u`,
      [id, ...keys.map((k) => fields[k])],
    );
  }

  /**
   * Logs in to a connection, one login at a time per connection: each reads the connection afresh,
   * so after the first refusal (which pauses the connection) no other file tries again.
   */
  private login(connectionId: string): Promise<{ row: ConnectionRow; session: RemoteSession }> {
    const before = this.logins.get(connectionId) ?? Promise.resolve();
    const mine = before.then(async () => {
      const { rows } = await this.d.pool.query<ConnectionRow>('select * from delivery_connections where id = $1', [connectionId]);
      const row = rows[0];
      if (!row) throw new DeliveryHostError('other', 'The connection was deleted');
      if (row.paused_at) throw new ConnectionPaused(row.paused_reason ?? LOGIN_REFUSED_PAUSE);
      try {
        const target = await this.d.delivery.targetOf(row);
        return { row, session: await openRemote(target, { extraCa: await this.d.delivery.caPem() }) };
      } catch (err) {
        if (err instanceof DeliveryHostError && (err.kind === 'login' || err.kind === 'secret')) {
          const reason = err.kind === 'login' ? LOGIN_REFUSED_PAUSE : `${err.message}; nothing was sent; resume once it is entered`;
          const deliveries = await this.d.delivery.pauseConnection(connectionId, reason, err.message);
          await notifyProgress(this.d.pool, deliveries).catch(() => undefined);
          this.d.logger.warn({ connectionId, reason: err.message }, 'delivery connection paused: login refused');
          throw new ConnectionPaused(reason);
        }
        throw err;
      }
    });
    const settled = mine.catch(() => undefined);
    this.logins.set(connectionId, settled);
    void settled.then(() => this.logins.get(connectionId) === settled && this.logins.delete(connectionId));
    return mine;
  }

  async handle(job: Job<DeliverFileJob>): Promise<{ status: string }> {
    const { itemId } = job.data;
    // The claim: only a queued item (or one whose sender died mid-file) is taken; a sent one never again.
    const { rows } = await this.d.pool.query<ItemRow>(
      `update delivery_items set status = 'sending', attempts = attempts + 1, message = null, bytes_per_second = 0, updated_at = now()
        where id = $1 and status in ('queued', 'sending') returning id, delivery_id, connection_id, filename, storage_key, remote_path, size_bytes, status`,
      [itemId],
    );
    const item = rows[0];
    if (!item) return { status: 'not-queued' };
    await notifyProgress(this.d.pool, [item.delivery_id]).catch(() => undefined);
    const size = Number(item.size_bytes);
    try {
      // On disk or in the bucket alike: the bytes from `offset` on, read as the server takes them.
      if ((await this.d.storage.sizeOf(item.storage_key).catch(() => null)) === null)
        throw new DeliveryHostError('permission', 'The file is no longer in storage (deleted during the delivery)');
      const source = async (offset: number): Promise<Readable> =>
        offset >= size ? Readable.from([]) : this.d.storage.read(item.storage_key, { start: offset, end: size - 1 });
      const { row: conn, session } = await this.login(item.connection_id);
      this.sessions.add(session);
      // A server that stops reading (or answering) without closing: cut it after DELIVERY_STALL_SECONDS, retry.
      const stallMs = this.d.config.delivery.stallMs;
      let movedAt = Date.now();
      let stalled = false;
      let stallReject: (err: Error) => void = () => undefined;
      const stall = new Promise<never>((_, reject) => (stallReject = reject));
      stall.catch(() => undefined);
      const watchdog = setInterval(
        () => {
          if (Date.now() - movedAt < stallMs) return;
          stalled = true;
          stallReject(new DeliveryHostError('timeout', `No byte moved for ${stallMs / 1000} s; the connection was cut`));
          session.close();
        },
        Math.min(1000, stallMs),
      );
      const guard = <T>(p: Promise<T>) => Promise.race([p, stall]);
      try {
        await this.d.delivery.pinHostKey(conn.id, session.hostKey);
        const there = await guard(session.size(item.remote_path));
        if (there === size) {
          await this.set(item.id, { status: 'skipped', bytes_sent: size, message: 'Already on the server with the same size' });
          return { status: 'skipped' };
        }
        const offset = there !== null && there < size ? there : 0;
        let sent = offset;
        let lastAt = Date.now();
        let lastBytes = offset;
        const started = Date.now();
        const counter = byteCounter((n) => {
          sent += n;
          movedAt = Date.now();
          const now = Date.now();
          if (now - lastAt >= PROGRESS_EVERY_MS) {
            const rate = ((sent - lastBytes) * 1000) / (now - lastAt);
            lastAt = now;
            lastBytes = sent;
            void this.set(item.id, { bytes_sent: sent, bytes_per_second: rate }).catch(() => undefined);
            void job.updateProgress({ bytesSent: sent }).catch(() => undefined);
          }
        });
        // The counter is the upload's source: pulled only as fast as the server takes bytes, so it
        // measures what left (bytes/s, stall watchdog), not what was read ahead.
        // Both sides settle before a cause is named: a refused write also ends the local read (the
        // upload's pipeline destroys its source with the server's error), and that raw echo must not
        // be taken for the cause when it happens to settle first (on a loaded machine it does).
        const [reading, upload] = await guard(
          Promise.allSettled([source(offset).then((from) => pipeline(from, counter)), session.upload(counter, item.remote_path, offset)]),
        ).catch((err: unknown) => {
          counter.destroy();
          throw err;
        });
        const failure = upload.status === 'rejected' ? upload : reading.status === 'rejected' ? reading : null;
        if (failure) {
          counter.destroy();
          throw failure.reason;
        }
        movedAt = Date.now();
        const arrived = await guard(session.size(item.remote_path));
        if (arrived !== size) throw new DeliveryHostError('other', `The server holds ${arrived ?? 0} of ${size} bytes after the upload`);
        const seconds = Math.max((Date.now() - started) / 1000, 0.001);
        await this.set(item.id, {
          status: 'sent',
          bytes_sent: size,
          bytes_per_second: (size - offset) / seconds,
          message: offset > 0 ? `Resumed at byte ${offset}` : null,
        });
        return { status: 'sent' };
      } catch (err) {
        if (stalled) throw new DeliveryHostError('timeout', `No byte moved for ${stallMs / 1000} s; the connection was cut`);
        throw err;
      } finally {
        clearInterval(watchdog);
        this.sessions.delete(session);
        session.close();
      }
    } catch (err) {
      if (err instanceof ConnectionPaused) {
        await this.set(item.id, { status: 'paused', message: err.message });
        return { status: 'paused' };
      }
      const e = err instanceof DeliveryHostError ? err : new DeliveryHostError('other', (err as Error).message);
      const permanent = PERMANENT.has(e.kind) || (err as { code?: string }).code === 'BAD_USER_INPUT';
      const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.d.logger.warn({ itemId, attempt: job.attemptsMade + 1, kind: e.kind, last, reason: e.message }, 'delivery of a file failed');
      await this.set(item.id, last ? { status: 'failed', message: e.message } : { status: 'queued', message: `Retrying after: ${e.message}` });
      if (permanent) throw new UnrecoverableError(e.message);
      throw e;
    }
  }

  /** A job BullMQ failed without our handler settling it (stalled too often). */
  private async onFailed(job: Job<DeliverFileJob> | undefined, err: Error): Promise<void> {
    if (!job?.data?.itemId || !job.finishedOn) return;
    await this.d.pool
      .query(
        `with u as (update delivery_items set status = 'failed', message = $2, updated_at = now() where id = $1 and status in ('queued', 'sending') returning delivery_id)
         select pg_notify('${PROGRESS_CHANNEL}', delivery_id::text) from u`,
        [job.data.itemId, err.message || 'Delivery failed'],
      )
      .catch(() => undefined);
  }
}
