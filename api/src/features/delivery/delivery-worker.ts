/**
 * The BullMQ worker of the delivery queue: one job per file per connection (jobId = the item's
 * id). Per job: claim the item in SQL (a job handed out twice sends once) -> take a logged-in
 * session of the connection's pool (remote-session-pool.ts: consecutive files share it, at most the
 * connection's `max_sessions` at once) -> send the file by content (send-file.ts: skip what Shotlog
 * already put there, resume only its own upload of the same bytes, replace under a temporary name
 * and rename, check the size and any checksum) -> record it. Failures of the remote (cut, timeout)
 * are retried with exponential backoff; permission, TLS, a changed host key, a wrong size or a file
 * gone from storage fail the item at once, alone. Logins to one connection go one at a time, and
 * the first refusal pauses the connection and every file waiting for it (no other login is tried).
 */
import { Readable } from 'node:stream';
import { DelayedError, UnrecoverableError, type Job, type Worker } from 'bullmq';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.js';
import type { FileStorage } from '../files/file-storage.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { JobsInFlight, stopWorker } from '../../platform/queue/worker-shutdown.js';
import { logConnectionError } from '../../platform/logging/shutdown-state.js';
import { DeliveryHostError } from './agency-hosts.js';
import { openRemote, type RemoteSession } from './remote-client.js';
import { RemoteSessionPool } from './remote-session-pool.js';
import { placeOf } from './remote-files.js';
import { SendStopped, sendFile } from './send-file.js';
import { DELIVERY_QUEUE, type ConnectionRow, type DeliverFileJob, type DeliveryService } from './delivery.service.js';
import { loginRefusedPause } from './delivery-views.js';
import { PROGRESS_CHANNEL, notifyProgress } from './delivery-progress.js';
import type { Emitter } from '../../platform/events/events.js';

export interface DeliveryWorkerDeps {
  config: Pick<Config, 'worker' | 'delivery'>;
  logger: Logger;
  pool: pg.Pool;
  queue: QueueBackend;
  storage: Pick<FileStorage, 'read' | 'sizeOf'>;
  delivery: Pick<DeliveryService, 'targetOf' | 'pinHostKey' | 'caPem' | 'pauseConnection'>;
  /** Tells others a delivery has no file left to send (notifications e-mail its owner). */
  events?: Emitter<'delivery.finished'>;
}

/** Failures that another attempt cannot fix. */
const PERMANENT = new Set(['login', 'permission', 'tls', 'hostkey', 'dns', 'secret', 'size']);

/** The connection is paused (a refused login, no secret): the file waits, nothing is tried. */
class ConnectionPaused extends Error {}
const PROGRESS_EVERY_MS = 500;
/** A file whose connection has every session busy is tried again after this (plus up to as much again). */
const BUSY_RETRY_MS = 100;

interface ItemRow {
  id: string;
  delivery_id: string;
  connection_id: string;
  filename: string;
  storage_key: string;
  remote_path: string;
  size_bytes: string;
  sha256: string;
  force: boolean;
  status: string;
}

export class DeliveryWorker {
  private worker: Worker | undefined;
  private inFlight: JobsInFlight | undefined;
  /** Logged-in sessions per connection, shared by consecutive files (issue 33 item 6). */
  readonly sessions = new RemoteSessionPool();
  /** Sessions carrying a file now, cut on a forced close. */
  private readonly busy = new Set<RemoteSession>();
  /** Per connection, the login in progress: logins to one connection go one at a time (issue 28 finding 7). */
  private readonly logins = new Map<string, Promise<unknown>>();

  constructor(private readonly d: DeliveryWorkerDeps) {}

  start(): this {
    const { lockMs } = this.d.config.worker;
    // Files of several connections move at once; each connection's pool bounds its own share.
    this.worker = this.d.queue.worker(DELIVERY_QUEUE, (job, token) => this.handle(job as Job<DeliverFileJob>, token), {
      concurrency: this.d.config.delivery.concurrency,
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
        for (const s of this.busy) s.close();
      },
    });
    this.sessions.closeAll();
  }

  /** Changes an item and announces its delivery's change to the deliveryProgress streams. */
  private async set(id: string, fields: Record<string, unknown>): Promise<unknown> {
    const keys = Object.keys(fields);
    const r = await this.d.pool.query<{ delivery_id: string }>(
      `with u as (update delivery_items set ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1 returning delivery_id)
       select delivery_id, pg_notify('${PROGRESS_CHANNEL}', delivery_id::text) from u`,
      [id, ...keys.map((k) => fields[k])],
    );
    if (r.rows[0] && ['sent', 'skipped', 'failed', 'paused'].includes(fields.status as string))
      // The file's outcome is recorded: telling others must not turn it into a failure of the file.
      await this.announceIfDone(r.rows[0].delivery_id).catch((err: unknown) => this.d.logger.warn({ err }, 'delivery end not announced'));
    return r;
  }

  /** The delivery's last open file settled: 'delivery.finished' (two files ending at once may both say so; the e-mail is keyed per delivery). */
  private async announceIfDone(deliveryId: string): Promise<void> {
    if (!this.d.events) return;
    const { rows } = await this.d.pool.query<{ project_id: string; user_id: string; open: number; sent: number; failed: number }>(
      `select d.project_id, d.user_id, count(*) filter (where i.status in ('queued', 'sending'))::int as open,
         count(*) filter (where i.status in ('sent', 'skipped'))::int as sent, count(*) filter (where i.status in ('failed', 'paused'))::int as failed
       from deliveries d join delivery_items i on i.delivery_id = d.id where d.id = $1 group by d.project_id, d.user_id`,
      [deliveryId],
    );
    const d = rows[0];
    if (d && d.open === 0)
      await this.d.events.emit('delivery.finished', { deliveryId, projectId: d.project_id, userId: d.user_id, sent: d.sent, failed: d.failed });
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
      if (row.paused_at) throw new ConnectionPaused(row.paused_reason ?? loginRefusedPause(row.host));
      try {
        const target = await this.d.delivery.targetOf(row);
        return { row, session: await openRemote({ ...target, createFolder: row.create_folder }, { extraCa: await this.d.delivery.caPem() }) };
      } catch (err) {
        if (err instanceof DeliveryHostError && (err.kind === 'login' || err.kind === 'secret')) {
          const reason = err.kind === 'login' ? loginRefusedPause(row.host) : `${err.message}; nothing was sent; resume once it is entered`;
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

  /**
   * `token` (BullMQ's lock): when given, a file whose connection has every session busy goes back
   * to the queue for a moment instead of holding a worker slot, so a slow connection never holds
   * back the others (issue 33 item 4: connections deliver in parallel).
   */
  async handle(job: Job<DeliverFileJob>, token?: string): Promise<{ status: string }> {
    const { itemId } = job.data;
    // The claim: only a queued item (or one whose sender died mid-file) is taken; a sent one never again.
    const { rows } = await this.d.pool.query<ItemRow>(
      // Claimed and announced in one statement (one round trip per file less).
      `with c as (update delivery_items set status = 'sending', attempts = attempts + 1, message = null, bytes_per_second = 0, updated_at = now()
        where id = $1 and status in ('queued', 'sending') returning id, delivery_id, connection_id, filename, storage_key, remote_path, size_bytes, sha256, force, status)
       select c.*, pg_notify('${PROGRESS_CHANNEL}', c.delivery_id::text) from c`,
      [itemId],
    );
    const item = rows[0];
    if (!item) return { status: 'not-queued' };
    try {
      // On disk or in the bucket alike: the bytes from `offset` on, read as the server takes them.
      if ((await this.d.storage.sizeOf(item.storage_key).catch(() => null)) === null)
        throw new DeliveryHostError('permission', 'The file is no longer in storage (deleted during the delivery)');
      const size = Number(item.size_bytes);
      const local = async (offset: number): Promise<Readable> =>
        offset >= size ? Readable.from([]) : this.d.storage.read(item.storage_key, { start: offset, end: size - 1 });
      const conn = await this.connectionRow(item.connection_id);
      const place = placeOf(conn);
      const version = `${conn.updated_at.toISOString()} ${place}`;
      // A reused session the server has since closed gets one fresh login before the file counts as failed.
      for (let round = 0; ; round++) {
        const open = () => this.login(conn.id).then((l) => l.session);
        // The step back uses BullMQ's moveToDelayed, known to work on the Redis backend; elsewhere the file waits.
        const lease =
          token && this.d.queue.kind === 'redis'
            ? await this.sessions.acquire(conn.id, version, conn.max_sessions, open, { wait: false })
            : await this.sessions.acquire(conn.id, version, conn.max_sessions, open);
        if (!lease) {
          await this.d.pool.query(`update delivery_items set status = 'queued', attempts = attempts - 1 where id = $1 and status = 'sending'`, [item.id]);
          await job.moveToDelayed(Date.now() + BUSY_RETRY_MS + Math.floor(Math.random() * BUSY_RETRY_MS), token);
          throw new DelayedError();
        }
        this.busy.add(lease.session);
        let reusable = false;
        try {
          const outcome = await this.sendWith(job, item, conn, place, lease.session, local);
          reusable = true;
          return outcome;
        } catch (err) {
          const cut = err instanceof DeliveryHostError && (err.kind === 'other' || err.kind === 'timeout');
          if (lease.reused && round === 0 && cut && !(err as { stalled?: boolean }).stalled) continue;
          throw err;
        } finally {
          this.busy.delete(lease.session);
          this.sessions.release(conn.id, lease.session, reusable);
        }
      }
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      if (err instanceof ConnectionPaused) {
        await this.set(item.id, { status: 'paused', message: err.message });
        return { status: 'paused' };
      }
      if (err instanceof SendStopped) return { status: 'stopped' };
      const e = err instanceof DeliveryHostError ? err : new DeliveryHostError('other', (err as Error).message);
      const permanent = PERMANENT.has(e.kind) || (err as { code?: string }).code === 'BAD_USER_INPUT';
      const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.d.logger.warn({ itemId, attempt: job.attemptsMade + 1, kind: e.kind, last, reason: e.message }, 'delivery of a file failed');
      await this.set(item.id, last ? { status: 'failed', message: e.message } : { status: 'queued', message: `Retrying after: ${e.message}` });
      if (permanent) throw new UnrecoverableError(e.message);
      throw e;
    }
  }

  /** The connection as it is now: gone (the item stops) or paused (the item waits) end the file here. */
  private async connectionRow(connectionId: string): Promise<ConnectionRow> {
    const { rows } = await this.d.pool.query<ConnectionRow>('select * from delivery_connections where id = $1', [connectionId]);
    const row = rows[0];
    if (!row) throw new SendStopped('The connection was deleted');
    if (row.paused_at) throw new ConnectionPaused(row.paused_reason ?? loginRefusedPause(row.host));
    return row;
  }

  /** One file over a logged-in session, watched for stalls and for the connection being deleted. */
  private async sendWith(
    job: Job<DeliverFileJob>,
    item: ItemRow,
    conn: ConnectionRow,
    place: string,
    session: RemoteSession,
    local: (offset: number) => Promise<Readable>,
  ) {
    const size = Number(item.size_bytes);
    // A server that stops reading (or answering) without closing: cut it after DELIVERY_STALL_SECONDS, retry.
    const stallMs = this.d.config.delivery.stallMs;
    let movedAt = Date.now();
    let stalled = false;
    let stopReject: (err: Error) => void = () => undefined;
    const stop = new Promise<never>((_, reject) => (stopReject = reject));
    stop.catch(() => undefined);
    const watchdog = setInterval(
      () => {
        if (Date.now() - movedAt < stallMs) return;
        stalled = true;
        stopReject(Object.assign(new DeliveryHostError('timeout', `No byte moved for ${stallMs / 1000} s; the connection was cut`), { stalled: true }));
        session.close();
      },
      Math.min(1000, stallMs),
    );
    let lastAt = Date.now();
    let lastBytes = 0;
    const started = Date.now();
    let sentFrom: number | null = null;
    try {
      if (session.hostKey && !conn.host_key) await this.d.delivery.pinHostKey(conn.id, session.hostKey);
      const outcome = await sendFile(
        this.d.pool,
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
        },
        {
          guard: (p) => Promise.race([p, stop]),
          onBytes: (sent) => {
            sentFrom ??= sent;
            movedAt = Date.now();
            if (movedAt - lastAt < PROGRESS_EVERY_MS) return;
            const rate = ((sent - lastBytes) * 1000) / (movedAt - lastAt);
            lastAt = movedAt;
            lastBytes = sent;
            void job.updateProgress({ bytesSent: sent }).catch(() => undefined);
            // An item gone (its connection deleted) stops the upload: nothing reaches the final name.
            void this.set(item.id, { bytes_sent: sent, bytes_per_second: rate }).then(
              (r) => (r as { rowCount?: number }).rowCount === 0 && (stopReject(new SendStopped('The connection was deleted')), session.close()),
              () => undefined,
            );
          },
          stillWanted: async () => (await this.d.pool.query('select 1 from delivery_items where id = $1', [item.id])).rowCount === 1,
        },
      );
      if (outcome.status !== 'sent') {
        await this.set(item.id, {
          status: outcome.status,
          message: outcome.message,
          remote_place: place,
          ...(outcome.status === 'skipped' ? { bytes_sent: size } : {}),
        });
        return { status: outcome.status };
      }
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      await this.set(item.id, {
        status: 'sent',
        bytes_sent: size,
        bytes_per_second: (size - outcome.offset) / seconds,
        message: outcome.message,
        remote_place: place,
        remote_size: outcome.remoteSize,
        remote_checksum: outcome.checksum,
      });
      return { status: 'sent' };
    } catch (err) {
      if (stalled) throw Object.assign(new DeliveryHostError('timeout', `No byte moved for ${stallMs / 1000} s; the connection was cut`), { stalled: true });
      throw err;
    } finally {
      clearInterval(watchdog);
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
