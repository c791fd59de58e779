import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { badInput, conflict, notFound } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
import { isProxyExtension, masterNameOf } from '../file-sets/file-kinds.js';
import type { User } from '../users/user.entity.js';
import { agencyHost } from './agency-hosts.js';
import { readDeliveryViews, type ConnectionRow, type DeliveryHead, type DeliveryView } from './delivery-views.js';
import type { DeliveryConnections } from './delivery-connections.js';
import { DELIVERY_QUEUE, type DeliverFileJob, type DeliveryServiceDeps } from './delivery.service.js';

/** Deliveries and their files: the agency check, one item (and one queue job) per file per connection, the history. */
export class Deliveries {
  private queueInstance: Queue | undefined;

  constructor(
    private readonly deps: DeliveryServiceDeps,
    private readonly connections: Pick<DeliveryConnections, 'connectionRow'>,
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
        where fs.project_id = $1 and m.kind in ('video', 'image') and ($2::uuid[] is null or fs.id = any($2::uuid[]))
        order by fs.position, fs.base_name, m.kind desc`,
      [project.id, setFilter],
    );
    if (setFilter && new Set(files.map((f) => f.file_set_id)).size < new Set(setFilter).size) throw notFound('File set not found in this project');
    if (files.length === 0) throw badInput('This project has no files to deliver');

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
          if (f.kind === 'image' && !takes.stills) continue;
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
    const { attempts, backoffMs } = this.deps.config.worker;
    // jobId = item id: a job added twice is one job, so no file is sent twice by two workers.
    await this.queue.addBulk(
      queued.map((itemId) => ({
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
    return this.delivery(user, deliveryId);
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
