import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { isProxyExtension, masterNameOf } from '../file-sets/file-kinds.js';
import { deliverableFiles } from '../file-sets/file-set-rows.js';
import type { User } from '../users/user.entity.js';
import { defaultReceives } from './connection-settings.js';
import {
  DELIVERY_HEAD_SQL,
  loginRefusedPause,
  readDeliveryViews,
  type ConnectionRow,
  type ConnectionView,
  type DeliveryHead,
  type DeliveryView,
} from './delivery-views.js';
import { notifyProgress } from './delivery-progress.js';
import { placeOf } from './remote-files.js';
import { readDeliveryRecord } from './delivery-record.js';
import type { DeliveryConnections } from './delivery-connections.js';
import { DELIVERY_QUEUE, type DeliverFileJob, type DeliveryServiceDeps } from './delivery-context.js';

type OwnedProject = Awaited<ReturnType<DeliveryServiceDeps['projects']['getOwned']>>;

/** The most files one "send again" may name (a delivery has at most this many anyway in practice). */
export const MAX_RESEND_ITEMS = 5000;

/** The agency rules' problem for a set without a processed result (exports/agency-rules.ts). */
const UNPROCESSED = 'No processed result yet';

/** The first of each list, then the second of each, and so on. */
const interleave = <T>(lists: T[][]): T[] => {
  const out: T[] = [];
  for (let i = 0; out.length < lists.reduce((n, l) => n + l.length, 0); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
};

/**
 * The first files of each connection are due at once; each later one a little after the last. The
 * first files' jobs log in and then claim the connection's next queued files over the same session
 * (delivery-worker.ts), so a later job usually finds its file sent and ends at once, instead of
 * every job of a long delivery being fetched, finding the sessions busy and stepping back, again
 * and again (that churn cost the API about a fifth of its CPU while 400 small files went). A later
 * job still sends its file when no holder is left (a process stopped): the stagger is bounded.
 */
const STAGGER_LEAD = 4;
const STAGGER_STEP_MS = 100;
const STAGGER_MAX_MS = 30_000;
export const staggerMs = (nth: number): number => Math.min(STAGGER_MAX_MS, Math.max(0, nth - STAGGER_LEAD + 1) * STAGGER_STEP_MS);

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

  /**
   * `again` (send again, deliveries.resend): only these connection + media file pairs, sent even
   * when the same content is already there, in a delivery naming the one it repeats. `forOwner`: an
   * administrator (the admin-only route) starts it for the owner of the connections it names.
   */
  async deliver(
    user: User,
    rawProjectId: unknown,
    input: Record<string, unknown>,
    again?: { pairs: Array<{ connection_id: string; media_file_id: string }>; resendOf: string },
    forOwner = false,
  ): Promise<DeliveryView> {
    const ids = input.connectionIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) throw badInput('connectionIds must list 1 to 20 connection ids');
    const { project, owner } = forOwner
      ? await this.ownersProject(rawProjectId, ids)
      : { project: await this.deps.projects.getOwned(user, rawProjectId), owner: user };
    if (project.status === 'processing') throw conflict(`Project "${project.name}" is still processing; deliver it once processing has finished`);
    const connections: ConnectionRow[] = [];
    for (const id of new Set(ids)) connections.push(await this.connections.connectionRow(owner, id));
    // A connection that cannot log in is refused before anything is written (issue 28 findings 5 and 7).
    for (const c of connections) {
      if (c.paused_at) throw conflict(`Connection "${c.name}" is paused: ${c.paused_reason ?? loginRefusedPause(c.host)}`);
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
    const files = await deliverableFiles(this.deps.pool, project.id, setFilter, again ? again.pairs.map((p) => p.media_file_id) : null);
    if (setFilter && new Set(files.map((f) => f.file_set_id)).size < new Set(setFilter).size) throw notFound('File set not found in this project');
    if (files.length === 0) throw badInput('This project has no files to deliver');

    // The agency check first: what the agency would refuse is held back unless the user overrides. An
    // "Other server" is checked by the agency rules its user picked; without any, a set that failed or
    // was never processed is still held back.
    const held = new Map<string, Map<string, string>>();
    const checks = new Map<string, Awaited<ReturnType<DeliveryServiceDeps['exports']['check']>>>();
    for (const c of connections) {
      const format = c.agency === 'custom' ? (c.check_rules ?? 'adobe') : c.agency;
      const check = checks.get(format) ?? (await this.deps.exports.check(owner, project.id, format as 'adobe' | 'shutterstock' | 'pond5'));
      checks.set(format, check);
      const rules = c.agency !== 'custom' || c.check_rules !== null;
      held.set(
        c.id,
        new Map(
          check.rows
            .filter((r) => (rules ? r.problems.length > 0 : r.problems.includes(UNPROCESSED)))
            .map((r) => [
              r.fileSetId,
              rules ? `${check.agency} would refuse it: ${r.problems.join('; ')}` : 'The set failed or was not processed: nothing to check it by',
            ]),
        ),
      );
    }
    const setsWithClip = new Set(files.filter((f) => f.kind === 'video').map((f) => f.file_set_id));

    const deliveryId = randomUUID();
    const client = await this.deps.pool.connect();
    // Per connection, in order; queued interleaved so every connection moves at once, not one agency after another.
    const queuedBy = new Map(connections.map((c) => [c.id, [] as string[]]));
    try {
      await client.query('begin');
      // user_id: the owner, whose connections it uses; started_by: who asked (an administrator acting for them).
      await client.query('insert into deliveries (id, project_id, user_id, started_by, override, resend_of, created_at) values ($1,$2,$3,$4,$5,$6,now())', [
        deliveryId,
        project.id,
        owner.id,
        user.id,
        override,
        again?.resendOf ?? null,
      ]);
      const wanted = again ? new Set(again.pairs.map((p) => `${p.connection_id} ${p.media_file_id}`)) : null;
      for (const c of connections) {
        const receives = new Set(c.receives ?? defaultReceives(c.agency));
        const place = placeOf(c);
        const chosen: Array<{ f: (typeof files)[number]; heldWhy: string | undefined }> = [];
        for (const f of files) {
          if (wanted && !wanted.has(`${c.id} ${f.id}`)) continue;
          const what = f.kind === 'video' ? 'clips' : f.kind === 'subtitle' ? 'metadata' : setsWithClip.has(f.file_set_id) ? 'stills' : 'photos';
          if (!receives.has(what)) continue;
          // A photo's DNG travels with it only to the user's own server (the agencies' uploads take JPEG).
          if (f.kind === 'raw' && c.agency !== 'custom') continue;
          // A proxy stands in for processing and CSVs only: the agency needs the master's bytes (issue 18).
          const proxyWhy = isProxyExtension(f.extension)
            ? `Only the .LRF proxy of ${f.base_name} is uploaded: add the master (${masterNameOf(f.base_name)}) to the set to deliver it`
            : undefined;
          chosen.push({ f, heldWhy: proxyWhy ?? (override ? undefined : held.get(c.id)?.get(f.file_set_id)) });
        }
        if (chosen.length === 0) continue;
        // Re-delivering sends only what changed: the same content already put at this place and name is
        // skipped. One look-up and one insert per connection (not two round trips per file): the
        // delivery's clock starts with this transaction.
        const asked = again ? [] : chosen.filter((x) => !x.heldWhy).map((x) => x.f.filename);
        const { rows: priorRows } = asked.length
          ? await client.query<{ remote_name: string; sha256: string }>(
              `select remote_name, sha256 from delivery_remote_files where connection_id = $1 and place = $2 and remote_name = any($3::text[]) and sha256 is not null`,
              [c.id, place, asked],
            )
          : { rows: [] };
        const prior = new Set(priorRows.map((r) => `${r.remote_name}\0${r.sha256}`));
        const rows = chosen.map(({ f, heldWhy }) => {
          const same = !heldWhy && !again && prior.has(`${f.filename}\0${f.sha256}`);
          const status = heldWhy ? 'held' : same ? 'skipped' : 'queued';
          return { id: randomUUID(), f, status, message: heldWhy ?? (same ? 'Already delivered, unchanged' : null) };
        });
        await client.query(
          `insert into delivery_items (id, delivery_id, connection_id, media_file_id, file_set_id, filename, storage_key, remote_path, size_bytes, sha256, status, message, remote_place, force, updated_at)
           select u.id, $1, $2, u.media_file_id, u.file_set_id, u.filename, u.storage_key, u.filename, u.size_bytes, u.sha256, u.status, u.message, $3, $4, now()
           from unnest($5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::text[], $10::bigint[], $11::text[], $12::text[], $13::text[])
             as u(id, media_file_id, file_set_id, filename, storage_key, size_bytes, sha256, status, message)`,
          [
            deliveryId,
            c.id,
            place,
            again !== undefined,
            rows.map((r) => r.id),
            rows.map((r) => r.f.id),
            rows.map((r) => r.f.file_set_id),
            rows.map((r) => r.f.filename),
            rows.map((r) => r.f.storage_key),
            rows.map((r) => String(Number(r.f.size_bytes))),
            rows.map((r) => r.f.sha256),
            rows.map((r) => r.status),
            rows.map((r) => r.message),
          ],
        );
        for (const r of rows) if (r.status === 'queued') queuedBy.get(c.id)!.push(r.id);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await this.enqueue(interleave([...queuedBy.entries()].map(([connectionId, ids]) => ids.map((itemId) => ({ itemId, connectionId })))));
    return this.delivery(owner, deliveryId);
  }

  /**
   * For an administrator acting for an owner (issue 33 item 5): the owner is whoever owns every
   * connection named, and the project must be theirs (404 otherwise, as for the owner).
   */
  private async ownersProject(rawProjectId: unknown, connectionIds: unknown[]): Promise<{ project: OwnedProject; owner: User }> {
    const ids = [...new Set(connectionIds.map((id) => parseId(id, 'connection')))];
    const { rows } = await this.deps.pool.query<{ user_id: string; n: number }>(
      'select min(user_id::text) as user_id, count(distinct user_id)::int as n from delivery_connections where id = any($1::uuid[]) having count(*) = $2',
      [ids, ids.length],
    );
    if (rows[0]?.n !== 1) throw notFound('Connection not found');
    const project = await this.deps.projects.getOwned({ id: rows[0].user_id }, rawProjectId);
    return { project, owner: project.owner };
  }

  private async enqueue(items: DeliverFileJob[]): Promise<void> {
    const { attempts, backoffMs } = this.deps.config.worker;
    const perConnection = new Map<string | undefined, number>();
    const nthOf = (connectionId: string | undefined) => {
      const nth = perConnection.get(connectionId) ?? 0;
      perConnection.set(connectionId, nth + 1);
      return nth;
    };
    // jobId = item id: a job added twice is one job, so no file is sent twice by two workers.
    await this.queue.addBulk(
      items.map((data) => ({
        name: 'deliver-file',
        data,
        opts: {
          jobId: data.itemId,
          delay: staggerMs(nthOf(data.connectionId)),
          attempts: Math.max(attempts, 3),
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: 1000,
          removeOnFail: 1000,
        },
      })),
    );
  }

  /**
   * Send again (issue 33 item 5): the chosen files of a delivery (all of them without `itemIds`)
   * go again to the same connections, as they are now, even where the same content is there.
   */
  async resend(user: User, rawDeliveryId: unknown, input: Record<string, unknown>): Promise<DeliveryView> {
    const id = parseId(rawDeliveryId, 'delivery');
    const { rows: heads } = await this.deps.pool.query<{ project_id: string; override: boolean }>(
      'select project_id, override from deliveries where id = $1 and user_id = $2',
      [id, user.id],
    );
    if (!heads[0]) throw notFound('Delivery not found');
    let itemIds: string[] | null = null;
    if (input.itemIds !== undefined && input.itemIds !== null) {
      if (!Array.isArray(input.itemIds) || input.itemIds.length === 0 || input.itemIds.length > MAX_RESEND_ITEMS)
        throw badInput(`itemIds must list 1 to ${MAX_RESEND_ITEMS} item ids (or be left out for every file)`);
      itemIds = [...new Set(input.itemIds.map((i) => parseId(i, 'delivery item')))];
    }
    const { rows: pairs } = await this.deps.pool.query<{ connection_id: string; media_file_id: string }>(
      'select connection_id, media_file_id from delivery_items where delivery_id = $1 and ($2::uuid[] is null or id = any($2::uuid[]))',
      [id, itemIds],
    );
    if (itemIds && pairs.length < itemIds.length) throw notFound('Delivery item not found in this delivery (its connection may have been deleted)');
    if (pairs.length === 0) throw badInput('This delivery has no file left to send again (its connections were deleted)');
    return this.deliver(
      user,
      heads[0].project_id,
      { connectionIds: [...new Set(pairs.map((p) => p.connection_id))], override: heads[0].override, confirmFailedTest: input.confirmFailedTest },
      { pairs, resendOf: id },
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
        `update delivery_items set status = 'queued', message = null, claimed_by = null, updated_at = now() where connection_id = $1 and status = 'paused' returning id, delivery_id`,
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
      // A staggered job not yet due would leave the resumed file waiting for its turn: due now.
      if (job && state === 'delayed') await job.promote().catch(() => undefined);
      if (!job || state === 'completed' || state === 'failed' || state === 'unknown') fresh.push(id);
    }
    await this.enqueue(fresh.map((itemId) => ({ itemId, connectionId: row.id })));
    return { connection: await this.connections.getConnection(user, row.id), resumed: itemIds.length };
  }

  async delivery(user: User, rawId: unknown): Promise<DeliveryView> {
    const id = parseId(rawId, 'delivery');
    const { rows } = await this.deps.pool.query<DeliveryHead>(`${DELIVERY_HEAD_SQL} where d.id = $1 and d.user_id = $2`, [id, user.id]);
    if (!rows[0]) throw notFound('Delivery not found');
    return (await this.views([rows[0]]))[0]!;
  }

  /** What was delivered where for one of the user's projects (CSV/JSON download). */
  async record(user: User, rawProjectId: unknown) {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    return { project, ...(await readDeliveryRecord(this.deps.pool, project.id)) };
  }

  /** A project's delivery history, newest first. */
  async history(user: User, rawProjectId: unknown, limit = 20): Promise<DeliveryView[]> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    const { rows } = await this.deps.pool.query<DeliveryHead>(`${DELIVERY_HEAD_SQL} where d.project_id = $1 order by d.created_at desc, d.id limit $2`, [
      project.id,
      limit,
    ]);
    return this.views(rows);
  }

  private views(deliveries: DeliveryHead[]): Promise<DeliveryView[]> {
    return readDeliveryViews(this.deps.pool, deliveries);
  }
}
