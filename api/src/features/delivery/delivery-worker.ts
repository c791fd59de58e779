/**
 * The BullMQ worker of the delivery queue: one job per file per connection (jobId = the item's
 * id). Per job: claim the item in SQL (a job handed out twice sends once) -> take a logged-in
 * session of the connection's pool (remote-session-pool.ts: consecutive files share it, at most
 * the connection's `max_sessions` at once) -> send the file, watched for stalls (watched-send.ts),
 * by content (send-file.ts: skip what Shotlog already put there, resume only its own upload of the
 * same bytes, replace under a temporary name and rename, check the size and any checksum) ->
 * record it -> claim the connection's next queued files and send them over the same session
 * (item-claims.ts), until none is left. Failures of the remote (cut, timeout) are retried with
 * exponential backoff; permission, TLS, a changed host key, a wrong size or a file gone from
 * storage fail the item at once, alone. Logins to one connection go one at a time, and the first
 * refusal pauses the connection and every file waiting for it (no other login is tried).
 */
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
import { placeOf, readRemoteFiles } from './remote-files.js';
import { claimNext, claimOwn, failClaimed, setItem, unclaim, type ItemRow, type SentRecord } from './item-claims.js';
import { SendStopped } from './send-file.js';
import { sendWatched, type WatchedSendDeps } from './watched-send.js';
import { DELIVERY_QUEUE, type ConnectionRow, type DeliverFileJob, type DeliveryService } from './delivery.service.js';
import { loginRefusedPause } from './delivery-views.js';
import { notifyProgress } from './delivery-progress.js';
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
/** A file whose connection has every session busy is tried again after this (plus up to as much again). */
const BUSY_RETRY_MS = 250;
/** The same, when this process's sessions of the connection are all carrying files: their holders will likely send it first. */
const HELD_RETRY_MS = 1000;
/** Queued files of its connection a session's holder claims at once, after its own: the first claim is small (other holders share the queue), each later one twice the last, up to the most. */
const CLAIM_BATCH = 4;
const CLAIM_BATCH_MAX = 32;
/** How many times a job's step back may double its wait. */
const STEP_BACK_DOUBLINGS = 4;

export class DeliveryWorker {
  private worker: Worker | undefined;
  private inFlight: JobsInFlight | undefined;
  /** Logged-in sessions per connection, shared by consecutive files (issue 33 item 6). */
  readonly sessions = new RemoteSessionPool();
  /** Sessions carrying a file now, cut on a forced close. */
  private readonly busy = new Set<RemoteSession>();
  /** Per connection, the login in progress: logins to one connection go one at a time (issue 28 finding 7). */
  private readonly logins = new Map<string, Promise<unknown>>();
  /** Closing: holders claim no more files. */
  private closing = false;

  /** What one file's watched send needs (watched-send.ts). */
  private readonly watchedDeps: WatchedSendDeps;

  constructor(private readonly d: DeliveryWorkerDeps) {
    this.watchedDeps = {
      pool: d.pool,
      storage: d.storage,
      stallMs: d.config.delivery.stallMs,
      pinHostKey: (id, key) => d.delivery.pinHostKey(id, key),
    };
  }

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
    this.closing = true;
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

  /**
   * Records a file's outcome (sent, skipped, failed, paused: setItem) and, when it was its delivery's
   * last open file, announces the delivery's end. Telling others never turns the outcome into a failure.
   */
  private async recordOutcome(item: ItemRow, fields: Record<string, unknown> & { status: string }, sent?: SentRecord, settled?: Set<string>): Promise<void> {
    const changed = await setItem(this.d.pool, item.id, fields, sent);
    if (changed === 0 || fields.status === 'queued') return;
    // A holder streaming files asks once per batch (`settled`), not once per file.
    if (settled) settled.add(item.delivery_id);
    else await this.announceIfDone(item.delivery_id).catch((err: unknown) => this.d.logger.warn({ err }, 'delivery end not announced'));
  }

  /** The outcomes a holder recorded while its session went on to the next file: all landed, then each delivery's end announced once. */
  private async flushOutcomes(pending: Array<Promise<void>>, settled: Set<string>): Promise<void> {
    const recorded = await Promise.allSettled(pending.splice(0));
    const deliveries = [...settled];
    settled.clear();
    await Promise.all(deliveries.map((id) => this.announceIfDone(id).catch((err: unknown) => this.d.logger.warn({ err }, 'delivery end not announced'))));
    const failed = recorded.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
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
   * One job: its own file, then, over the same logged-in session, the next queued files of that
   * connection, claimed a few at once (item-claims.ts), until none is left: a session goes from
   * file to file without waiting for the queue to hand it the next job.
   *
   * `token` (BullMQ's lock): when given, a file whose connection has every session busy goes back
   * to the queue for a moment instead of holding a worker slot, so a slow connection never holds
   * back the others (issue 33 item 4: connections deliver in parallel); meanwhile the sessions'
   * holders usually send it themselves.
   */
  async handle(job: Job<DeliverFileJob>, token?: string): Promise<{ status: string }> {
    const holder = job.data.itemId;
    // The step back uses BullMQ's moveToDelayed, known to work on the Redis backend; elsewhere the file waits.
    const stepBack = token && this.d.queue.kind === 'redis' ? token : undefined;
    // Busy here already: step back without asking the database.
    if (stepBack && job.data.connectionId && this.sessions.full(job.data.connectionId)) await this.stepBack(job, stepBack, [], HELD_RETRY_MS);
    let batch = await claimOwn(this.d.pool, holder);
    if (batch.length === 0) return { status: 'not-queued' };
    const tried: string[] = [];
    // Outcomes of sent and skipped files land while the session goes on to the next file; they are
    // all in before the next claim's answer is used and before the job ends.
    const pending: Array<Promise<void>> = [];
    const settled = new Set<string>();
    let claimSize = CLAIM_BATCH;
    let lease: { session: RemoteSession; reused: boolean; connectionId: string } | null = null;
    let ownStatus = 'not-queued';
    const release = (reusable: boolean) => {
      if (!lease) return;
      this.busy.delete(lease.session);
      this.sessions.release(lease.connectionId, lease.session, reusable && lease.session.alive);
      lease = null;
    };
    try {
      while (batch.length) {
        let conn: ConnectionRow;
        try {
          conn = await this.connectionRow(batch[0]!.connection_id);
        } catch (err) {
          for (const item of batch) await this.settle(job, item, err);
          return { status: err instanceof ConnectionPaused ? 'paused' : 'stopped' };
        }
        const place = placeOf(conn);
        const version = `${conn.updated_at.toISOString()} ${place}`;
        const records = await readRemoteFiles(
          this.d.pool,
          conn.id,
          place,
          batch.map((i) => i.remote_path),
        );
        for (let at = 0; at < batch.length; at++) {
          const item = batch[at]!;
          tried.push(item.id);
          // A reused session the server has since closed gets one fresh login before the file counts as failed.
          for (let round = 0; ; round++) {
            if (!lease) {
              const open = () => this.login(conn.id).then((l) => l.session);
              const got = stepBack
                ? await this.sessions.acquire(conn.id, version, conn.max_sessions, open, { wait: false }).catch((err: unknown) => ({ err }))
                : await this.sessions.acquire(conn.id, version, conn.max_sessions, open).catch((err: unknown) => ({ err }));
              if (got && 'err' in got) {
                const stop = await this.settle(job, item, got.err, item.id !== holder);
                await unclaim(
                  this.d.pool,
                  batch.slice(at + 1).map((i) => i.id),
                );
                if (stop.rethrow) throw stop.rethrow;
                return { status: item.id === holder ? stop.status : ownStatus };
              }
              if (!got) {
                // Every session busy: the untried files go back; the job's own file waits its turn in the queue.
                if (item.id === holder)
                  await this.stepBack(
                    job,
                    stepBack!,
                    batch.map((i) => i.id),
                  );
                await unclaim(
                  this.d.pool,
                  batch.slice(at).map((i) => i.id),
                );
                return { status: ownStatus };
              }
              lease = { ...got, connectionId: conn.id };
              this.busy.add(got.session);
            }
            try {
              const done = await sendWatched(this.watchedDeps, job, item, conn, place, lease.session, records.get(item.remote_path) ?? null);
              // Recorded while the session goes on (all in before the next claim's answer is used and the job ends).
              const recorded = this.recordOutcome(item, done.fields, done.sent, settled);
              recorded.catch(() => undefined);
              pending.push(recorded);
              if (item.id === holder) ownStatus = done.fields.status;
              break;
            } catch (err) {
              const cut = err instanceof DeliveryHostError && (err.kind === 'other' || err.kind === 'timeout');
              const again = lease.reused && round === 0 && cut && !(err as { stalled?: boolean }).stalled;
              release(!cut);
              if (again) continue;
              const stop = await this.settle(job, item, err, item.id !== holder);
              // The file's own failure ends the job (BullMQ retries or gives up); a claimed one's ends the round.
              if (item.id === holder || !stop.next) {
                await unclaim(
                  this.d.pool,
                  batch.slice(at + 1).map((i) => i.id),
                );
                if (stop.rethrow) throw stop.rethrow;
                return { status: item.id === holder ? stop.status : ownStatus };
              }
              break;
            }
          }
        }
        if (this.closing) break;
        // The next files are claimed while this batch's outcomes land (one wait, not two).
        [batch] = await Promise.all([claimNext(this.d.pool, holder, conn.id, tried, claimSize), this.flushOutcomes(pending, settled)]);
        claimSize = Math.min(claimSize * 2, CLAIM_BATCH_MAX);
      }
      return { status: ownStatus };
    } finally {
      release(true);
      await this.flushOutcomes(pending, settled);
    }
  }

  /** Back to the queue for a moment (`ms` and up to as much again); the claimed files go back untried. */
  private async stepBack(job: Job<DeliverFileJob>, token: string, claimed: string[], ms = BUSY_RETRY_MS): Promise<never> {
    await unclaim(this.d.pool, claimed);
    // Each step back of the same job waits twice the last (up to 16×): a long delivery's later files
    // are sent by the sessions' holders meanwhile, and their jobs stop cycling through the queue.
    const before = Math.max(0, (job.attemptsStarted ?? 1) - job.attemptsMade - 1);
    const wait = ms * 2 ** Math.min(before, STEP_BACK_DOUBLINGS);
    await job.moveToDelayed(Date.now() + wait + Math.floor(Math.random() * wait), token);
    // BullMQ reports neither completed nor failed for a job moved back: count it out here, or a
    // stop would wait its whole grace for a job that is no longer running.
    this.inFlight?.steppedBack();
    throw new DelayedError();
  }

  /**
   * A file that did not go: paused with its connection, stopped (its connection deleted), failed, or
   * queued to be tried again. The job's own file is retried by BullMQ with backoff (the error is
   * rethrown); a file the job had claimed stays this job's (claimed_by) and the job is retried for it.
   * `next`: whether the session may go on to another file.
   */
  private async settle(job: Job<DeliverFileJob>, item: ItemRow, err: unknown, claimed = false): Promise<{ status: string; next: boolean; rethrow?: Error }> {
    if (err instanceof ConnectionPaused) {
      await this.recordOutcome(item, { status: 'paused', message: err.message, claimed_by: null });
      return { status: 'paused', next: false };
    }
    if (err instanceof SendStopped) return { status: 'stopped', next: false };
    const e = err instanceof DeliveryHostError ? err : new DeliveryHostError('other', (err as Error).message);
    const permanent = PERMANENT.has(e.kind) || (err as { code?: string }).code === 'BAD_USER_INPUT';
    const allowed = job.opts.attempts ?? 1;
    const last = permanent || (claimed ? item.attempts >= allowed : false) || job.attemptsMade + 1 >= allowed;
    this.d.logger.warn({ itemId: item.id, attempt: item.attempts, kind: e.kind, last, reason: e.message }, 'delivery of a file failed');
    await this.recordOutcome(item, last ? { status: 'failed', message: e.message } : { status: 'queued', message: `Retrying after: ${e.message}` });
    if (permanent) return { status: 'failed', next: e.kind !== 'login', rethrow: claimed ? undefined : new UnrecoverableError(e.message) };
    if (last) return { status: 'failed', next: false, rethrow: claimed ? undefined : e };
    return { status: 'queued', next: false, rethrow: e };
  }

  /** The connection as it is now: gone (the item stops) or paused (the item waits) end the file here. */
  private async connectionRow(connectionId: string): Promise<ConnectionRow> {
    const { rows } = await this.d.pool.query<ConnectionRow>('select * from delivery_connections where id = $1', [connectionId]);
    const row = rows[0];
    if (!row) throw new SendStopped('The connection was deleted');
    if (row.paused_at) throw new ConnectionPaused(row.paused_reason ?? loginRefusedPause(row.host));
    return row;
  }

  /** A job BullMQ failed without our handler settling it (stalled too often): its file and those it had claimed fail. */
  private async onFailed(job: Job<DeliverFileJob> | undefined, err: Error): Promise<void> {
    if (!job?.data?.itemId || !job.finishedOn) return;
    await failClaimed(this.d.pool, job.data.itemId, err.message || 'Delivery failed').catch(() => undefined);
  }
}
