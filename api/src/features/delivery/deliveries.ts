import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { isProxyExtension, masterNameOf } from '../file-sets/file-kinds.js';
import type { User } from '../users/user.entity.js';
import { agencyHost } from './agency-hosts.js';
import { LOGIN_REFUSED_PAUSE, readDeliveryViews, type ConnectionRow, type ConnectionView, type DeliveryHead, type DeliveryView } from './delivery-views.js';
import { notifyProgress } from './delivery-progress.js';
import type { DeliveryConnections } from './delivery-connections.js';
import { DELIVERY_QUEUE, type DeliverFileJob, type DeliveryServiceDeps } from './delivery-context.js';

/** Deliveries and their files: the agency check, one item (and one queue job) per file per connection, the history. */
export class Deliveries {
  private queueInstance: Queue | undefined;

  constructor(
    private readonly deps: DeliveryServiceDeps,
    private readonly connections: Pick<DeliveryConnections, 'connectionRow' | 'getConnection'>,
  ) {}

  private get queue(): Queue {
    return (this.queueInstance ??= this.deps.queue.queue(DELIVERY_QUEUE));
  }

  async deliver(user: User, rawProjectId: unknown, input: Record<string, unknown>): Promise<DeliveryView> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    if (project.status === 'processing') throw conflict(`Project "${project.name}" is still processing; deliver it once processing has finished`);
    const ids = input.connectionIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) throw badInput('connectionIds must list 1 to 20 connection ids');
    const connections: ConnectionRow[] = [];
    for (const id of new Set(ids)) connections.push(await this.connections.connectionRow(user, id));
    // A connection that cannot log in is refused before anything is written (issue 28 findings 5 and 7).
    for (const c of connections) {
      if (c.paused_at) throw conflict(`Connection "${c.name}" is paused: ${c.paused_reason ?? LOGIN_REFUSED_PAUSE}`);
      if (c.secret_sealed === null)
        throw conflict(`Connection "${c.name}" has no password: ${c.secret_missing_reason ?? 'enter it again'}; nothing can be sent until it has one`);
      if (c.last_test_ok === false && input.confirmFailedTest !== true)
        throw conflict(
          `The last test of connection "${c.name}" failed (${c.last_test_message ?? 'no reason given'}): fix it and test again, or deliver with confirmFailedTest: true to try anyway`,
        );
    }
    let setFilter: string[] | null = null;
    if (input.fileSetIds !== undefined && input.fileSetIds !== null) {
      if (!Array.isArray(input.fileSetIds) || input.fileSetIds.length === 0)
        throw badInput('fileSetIds must list at least one file set id (or be left out for the whole project)');
      setFilter = input.fileSetIds.map((s) => parseId(s, 'file set'));
    }
    const override = input.override === true;
    const { rows: files } = await this.deps.pool.query<{
      id: string;
      file_set_id: string;
      filename: string;
      kind: string;
      extension: string;
      base_name: string;
      storage_key: string;
      size_bytes: string;
      sha256: string;
    }>(
      `select m.id, m.file_set_id, m.filename, m.kind, m.extension, fs.base_name, m.storage_key, m.size_bytes, m.sha256
         from media_files m join file_sets fs on fs.id = m.file_set_id
        where fs.project_id = $1 and m.kind in ('video', 'image', 'raw') and ($2::uuid[] is null or fs.id = any($2::uuid[]))
        order by fs.position, fs.base_name, m.kind desc`,
      [project.id, setFilter],
    );
    if (setFilter && new Set(files.map((f) => f.file_set_id)).size < new Set(setFilter).size) throw notFound('File set not found in this project');
    if (files.length === 0) throw badInput('This project has no files to deliver');
    const setsWithVideo = new Set(files.filter((f) => f.kind === 'video').map((f) => f.file_set_id));

    // The agency check first: what the agency would refuse is held back unless the user overrides.
    const held = new Map<string, Map<string, string>>();
    for (const c of connections) {
      const format = c.agency === 'adobe' || c.agency === 'shutterstock' ? c.agency : null;
      if (!format) continue;
      const check = await this.deps.exports.check(user, project.id, format);
      held.set(
        c.id,
        new Map(check.rows.filter((r) => r.problems.length).map((r) => [r.fileSetId, `${check.agency} would refuse it: ${r.problems.join('; ')}`])),
      );
    }

    const deliveryId = randomUUID();
    const client = await this.deps.pool.connect();
    const queued: string[] = [];
    try {
      await client.query('begin');
      await client.query('insert into deliveries (id, project_id, user_id, override, created_at) values ($1,$2,$3,$4,now())', [
        deliveryId,
        project.id,
        user.id,
        override,
      ]);
      for (const c of connections) {
        const takes = c.agency === 'custom' ? { videos: true, stills: true } : agencyHost(c.agency)!.takes;
        for (const f of files) {
          // A clip's still goes only where stills sell; a photo set's JPG is the product itself.
          if (f.kind === 'image' && !takes.stills && setsWithVideo.has(f.file_set_id)) continue;
          // A photo's DNG travels with it only to the user's own server (the agencies' uploads take JPEG).
          if (f.kind === 'raw' && c.agency !== 'custom') continue;
          // A proxy stands in for processing and CSVs only: the agency needs the master's bytes (issue 18).
          const proxyWhy = isProxyExtension(f.extension)
            ? `Only the .LRF proxy of ${f.base_name} is uploaded: add the master (${masterNameOf(f.base_name)}) to the set to deliver it`
            : undefined;
          const heldWhy = proxyWhy ?? (override ? undefined : held.get(c.id)?.get(f.file_set_id));
          // Re-delivering sends only what changed: the same bytes already sent to the same name are skipped.
          const prior = heldWhy
            ? null
            : await client.query(
                `select 1 from delivery_items where connection_id = $1 and remote_path = $2 and sha256 = $3 and status in ('sent', 'skipped') limit 1`,
                [c.id, f.filename, f.sha256],
              );
          const status = heldWhy ? 'held' : prior?.rowCount ? 'skipped' : 'queued';
          const message = heldWhy ?? (prior?.rowCount ? 'Already delivered, unchanged' : null);
          const itemId = randomUUID();
          await client.query(
            `insert into delivery_items (id, delivery_id, connection_id, media_file_id, file_set_id, filename, storage_key, remote_path, size_bytes, sha256, status, message, updated_at)
             values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,now())`,
            [itemId, deliveryId, c.id, f.id, f.file_set_id, f.filename, f.storage_key, f.filename, Number(f.size_bytes), f.sha256, status, message],
          );
          if (status === 'queued') queued.push(itemId);
        }
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await this.enqueue(queued);
    return this.delivery(user, deliveryId);
  }

  private async enqueue(itemIds: string[]): Promise<void> {
    const { attempts, backoffMs } = this.deps.config.worker;
    // jobId = item id: a job added twice is one job, so no file is sent twice by two workers.
    await this.queue.addBulk(
      itemIds.map((itemId) => ({
        name: 'deliver-file',
        data: { itemId } satisfies DeliverFileJob,
        opts: {
          jobId: itemId,
          attempts: Math.max(attempts, 3),
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: 1000,
          removeOnFail: 1000,
        },
      })),
    );
  }

  /**
   * Resumes a connection paused by a refused login, once it was fixed since (changed, a new secret,
   * or a test that logged in): its paused files are queued again. 409 while it was not fixed.
   */
  async resumeConnection(user: User, rawId: unknown): Promise<{ connection: ConnectionView; resumed: number }> {
    const row = await this.connections.connectionRow(user, rawId);
    if (row.paused_at) {
      if (row.secret_sealed === null) throw conflict(`Connection "${row.name}" has no password: enter it again, then resume`);
      const fixed = row.updated_at > row.paused_at || (row.last_test_ok === true && row.last_test_at !== null && row.last_test_at > row.paused_at);
      if (!fixed)
        throw conflict(`Connection "${row.name}" was not fixed since its login was refused: enter the password again (or change the connection), then resume`);
    }
    const client = await this.deps.pool.connect();
    let itemIds: string[];
    try {
      await client.query('begin');
      await client.query('update delivery_connections set paused_at = null, paused_reason = null where id = $1', [row.id]);
      const { rows } = await client.query<{ id: string; delivery_id: string }>(
        `update delivery_items set status = 'queued', message = null, updated_at = now() where connection_id = $1 and status = 'paused' returning id, delivery_id`,
        [row.id],
      );
      await notifyProgress(
        client,
        rows.map((r) => r.delivery_id),
      );
      await client.query('commit');
      itemIds = rows.map((r) => r.id);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    // A paused item's job has ended (it found the item paused); one still waiting picks the item up again.
    const fresh: string[] = [];
    for (const id of itemIds) {
      const job = await this.queue.getJob(id);
      const state = job ? await job.getState() : 'unknown';
      if (job && (state === 'completed' || state === 'failed')) await job.remove();
      if (!job || state === 'completed' || state === 'failed' || state === 'unknown') fresh.push(id);
    }
    await this.enqueue(fresh);
    return { connection: await this.connections.getConnection(user, row.id), resumed: itemIds.length };
  }

  async delivery(user: User, rawId: unknown): Promise<DeliveryView> {
    const id = parseId(rawId, 'delivery');
    const { rows } = await this.deps.pool.query<{ id: string; project_id: string; override: boolean; created_at: Date }>(
      'select id, project_id, override, created_at from deliveries where id = $1 and user_id = $2',
      [id, user.id],
    );
    if (!rows[0]) throw notFound('Delivery not found');
    return (await this.views([rows[0]]))[0]!;
  }

  /** A project's delivery history, newest first. */
  async history(user: User, rawProjectId: unknown, limit = 20): Promise<DeliveryView[]> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    const { rows } = await this.deps.pool.query<{ id: string; project_id: string; override: boolean; created_at: Date }>(
      'select id, project_id, override, created_at from deliveries where project_id = $1 order by created_at desc, id limit $2',
      [project.id, limit],
    );
    return this.views(rows);
  }

  private views(deliveries: DeliveryHead[]): Promise<DeliveryView[]> {
    return readDeliveryViews(this.deps.pool, deliveries);
  }
}
