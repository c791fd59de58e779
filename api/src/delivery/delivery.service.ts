import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { QueueBackend } from '../queue/queue-backend.js';
import { registerQueueName } from '../queue/queue-registry.js';
import { badInput, conflict, notFound } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
import { isProxyExtension, masterNameOf } from '../file-sets/file-kinds.js';
import type { User } from '../users/user.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { ExportsService } from '../exports/exports.service.js';
import { csvRoutePath } from '../exports/exports.service.js';
import {
  AGENCY_HOSTS,
  DELIVERY_AGENCIES,
  DELIVERY_PROTOCOLS,
  DeliveryHostError,
  agencyHost,
  isNonPublicAddress,
  resolveDeliveryHost,
  type DeliveryAgency,
  type DeliveryProtocol,
} from './agency-hosts.js';
import { openRemote, type RemoteTarget } from './remote-client.js';
import { SecretBox } from './secret-box.js';
import net from 'node:net';

export const DELIVERY_QUEUE = 'delivery';
registerQueueName(DELIVERY_QUEUE);

export interface DeliverFileJob {
  itemId: string;
}

/** A connection as every API answers it: the secret is never in it, only that one is set. */
export interface ConnectionView {
  id: string;
  name: string;
  agency: DeliveryAgency;
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  username: string;
  secretKind: 'password' | 'key';
  passwordSet: true;
  remoteFolder: string;
  hostKey: string | null;
  csvUploadPage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConnectionRow {
  id: string;
  user_id: string;
  name: string;
  agency: DeliveryAgency;
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  username: string;
  secret_kind: 'password' | 'key';
  secret_sealed: string;
  remote_folder: string;
  host_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ItemView {
  id: string;
  connectionId: string;
  fileSetId: string;
  mediaFileId: string;
  filename: string;
  sizeBytes: number;
  status: string;
  bytesSent: number;
  bytesPerSecond: number;
  attempts: number;
  message: string | null;
  updatedAt: Date;
}

export interface DeliveryView {
  id: string;
  projectId: string;
  override: boolean;
  createdAt: Date;
  /** Per connection: counts, the agency check's held rows, and the agency's CSV beside its upload page. */
  connections: Array<{
    connectionId: string;
    name: string;
    agency: DeliveryAgency;
    counts: Record<'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'held', number>;
    csvDownloadPath: string | null;
    csvUploadPage: string | null;
  }>;
  items: ItemView[];
  done: boolean;
}

const STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'held'] as const;

const str = (v: unknown, what: string, max: number, required: boolean): string | undefined => {
  if (v === undefined || v === null || v === '') {
    if (required) throw badInput(`${what} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw badInput(`${what} must be a string`);
  if (v.length > max) throw badInput(`${what} is longer than ${max} characters`);
  if (/[\0\r\n]/.test(v) && what !== 'privateKey') throw badInput(`${what} must be one line`);
  return v;
};

export const presentConnection = (r: ConnectionRow): ConnectionView => ({
  id: r.id,
  name: r.name,
  agency: r.agency,
  protocol: r.protocol,
  host: r.host,
  port: r.port,
  username: r.username,
  secretKind: r.secret_kind,
  passwordSet: true,
  remoteFolder: r.remote_folder,
  hostKey: r.host_key,
  csvUploadPage: r.agency === 'custom' ? null : (agencyHost(r.agency)?.csvUploadPage ?? null),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface DeliveryServiceDeps {
  config: Pick<Config, 'delivery' | 'dataDir' | 'worker'>;
  logger: Logger;
  pool: pg.Pool;
  queue: QueueBackend;
  projects: Pick<ProjectsService, 'getOwned'>;
  exports: Pick<ExportsService, 'check'>;
}

/** Agency connections and deliveries (issue 19): REST and GraphQL both call this. */
export class DeliveryService {
  readonly secrets: SecretBox;
  private queueInstance: Queue | undefined;
  private extraCa: Promise<string | undefined> | undefined;

  constructor(private readonly deps: DeliveryServiceDeps) {
    this.secrets = new SecretBox({ secretsKey: deps.config.delivery.secretsKey, dataDir: deps.config.dataDir });
  }

  private get queue(): Queue {
    return (this.queueInstance ??= this.deps.queue.queue(DELIVERY_QUEUE));
  }

  /** DELIVERY_CA_FILE, read once. */
  caPem(): Promise<string | undefined> {
    const file = this.deps.config.delivery.caFile;
    return (this.extraCa ??= file ? fs.readFile(file, 'utf8') : Promise.resolve(undefined));
  }

  agencies() {
    return AGENCY_HOSTS.map((a) => ({ ...a }));
  }

  // ---- connections ----

  async listConnections(user: User): Promise<ConnectionView[]> {
    const { rows } = await this.deps.pool.query<ConnectionRow>('select * from delivery_connections where user_id = $1 order by created_at, id', [user.id]);
    return rows.map(presentConnection);
  }

  async connectionRow(user: User, rawId: unknown): Promise<ConnectionRow> {
    const id = parseId(rawId, 'connection');
    const { rows } = await this.deps.pool.query<ConnectionRow>('select * from delivery_connections where id = $1 and user_id = $2', [id, user.id]);
    if (!rows[0]) throw notFound('Connection not found');
    return rows[0];
  }

  async getConnection(user: User, rawId: unknown): Promise<ConnectionView> {
    return presentConnection(await this.connectionRow(user, rawId));
  }

  /** The host a connection may name: in the table or DELIVERY_EXTRA_HOSTS; an address must be public unless listed. */
  private checkHostName(host: string): string {
    const name = host.trim().toLowerCase();
    const extra = this.deps.config.delivery.extraHosts;
    if (!/^[a-z0-9.:[\]-]{1,255}$/.test(name)) throw badInput('host must be a host name or an IP address');
    if (!AGENCY_HOSTS.some((a) => a.host === name) && !extra.includes(name))
      throw badInput(
        `Host ${host} is not an agency upload host (${AGENCY_HOSTS.map((a) => a.host).join(', ')}); an administrator can allow it in DELIVERY_EXTRA_HOSTS`,
      );
    if (net.isIP(name) && isNonPublicAddress(name) && !extra.includes(name)) throw badInput(`Host ${host} is a private, loopback or link-local address`);
    return name;
  }

  private async fields(input: Record<string, unknown>, existing?: ConnectionRow) {
    const agency = (input.agency ?? existing?.agency) as DeliveryAgency;
    if (!DELIVERY_AGENCIES.includes(agency)) throw badInput(`agency must be one of: ${DELIVERY_AGENCIES.join(', ')}`);
    const table = agency === 'custom' ? undefined : agencyHost(agency);
    const protocol = (input.protocol ?? (existing && existing.agency === agency ? existing.protocol : table?.protocol)) as DeliveryProtocol;
    if (!DELIVERY_PROTOCOLS.includes(protocol)) throw badInput(`protocol must be one of: ${DELIVERY_PROTOCOLS.join(', ')}`);
    const host = this.checkHostName(
      str(input.host, 'host', 255, false) ?? (existing && existing.agency === agency ? existing.host : (table?.host ?? '')) ?? '',
    );
    const portRaw = input.port ?? (existing && existing.agency === agency ? existing.port : (table?.port ?? (protocol === 'sftp' ? 22 : 21)));
    const port = Number(portRaw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw badInput('port must be 1 to 65535');
    const username = str(input.username, 'username', 255, !existing) ?? existing!.username;
    const name = str(input.name, 'name', 100, false) ?? existing?.name ?? table?.name ?? host;
    const remoteFolder = str(input.remoteFolder, 'remoteFolder', 1024, false) ?? existing?.remote_folder ?? '/';
    const password = str(input.password, 'password', 1024, false);
    const privateKey = str(input.privateKey, 'privateKey', 16_384, false);
    if (password && privateKey) throw badInput('Give a password or a privateKey, not both');
    if (privateKey && protocol !== 'sftp') throw badInput('An SSH private key works with SFTP only');
    if (privateKey && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKey)) throw badInput('privateKey must be a PEM or OpenSSH private key');
    if (!existing && !password && !privateKey) throw badInput('password (or privateKey for SFTP) is required');
    const secret = password
      ? { kind: 'password' as const, sealed: await this.secrets.seal(password) }
      : privateKey
        ? { kind: 'key' as const, sealed: await this.secrets.seal(privateKey) }
        : null;
    if (!secret && existing?.secret_kind === 'key' && protocol !== 'sftp') throw badInput('An SSH private key works with SFTP only');
    // A new host (or port) is another server: its key is pinned afresh; so is an explicit `clearHostKey`.
    const keepKey = existing && existing.host === host && existing.port === port && input.clearHostKey !== true;
    return { agency, protocol, host, port, username, name, remoteFolder, secret, hostKey: keepKey ? existing.host_key : null };
  }

  async createConnection(user: User, input: Record<string, unknown>): Promise<ConnectionView> {
    const f = await this.fields(input);
    const { rows } = await this.deps.pool.query<ConnectionRow>(
      `insert into delivery_connections (id, user_id, name, agency, protocol, host, port, username, secret_kind, secret_sealed, remote_folder, host_key, created_at, updated_at)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,null,now(),now()) returning *`,
      [randomUUID(), user.id, f.name, f.agency, f.protocol, f.host, f.port, f.username, f.secret!.kind, f.secret!.sealed, f.remoteFolder],
    );
    return presentConnection(rows[0]!);
  }

  async updateConnection(user: User, rawId: unknown, input: Record<string, unknown>): Promise<ConnectionView> {
    const existing = await this.connectionRow(user, rawId);
    const f = await this.fields(input, existing);
    const { rows } = await this.deps.pool.query<ConnectionRow>(
      `update delivery_connections set name=$3, agency=$4, protocol=$5, host=$6, port=$7, username=$8, secret_kind=$9, secret_sealed=$10, remote_folder=$11, host_key=$12, updated_at=now()
       where id=$1 and user_id=$2 returning *`,
      [
        existing.id,
        user.id,
        f.name,
        f.agency,
        f.protocol,
        f.host,
        f.port,
        f.username,
        f.secret?.kind ?? existing.secret_kind,
        f.secret?.sealed ?? existing.secret_sealed,
        f.remoteFolder,
        f.hostKey,
      ],
    );
    return presentConnection(rows[0]!);
  }

  async deleteConnection(user: User, rawId: unknown): Promise<ConnectionView> {
    const existing = await this.connectionRow(user, rawId);
    await this.deps.pool.query('delete from delivery_connections where id = $1', [existing.id]);
    return presentConnection(existing);
  }

  /** What the workers and the test need to log in: the secret opened, the host resolved and checked. */
  async targetOf(row: ConnectionRow): Promise<RemoteTarget> {
    const address = await resolveDeliveryHost(row.host, this.deps.config.delivery.extraHosts);
    return {
      protocol: row.protocol,
      host: row.host,
      address,
      port: row.port,
      username: row.username,
      secret: await this.secrets.open(row.secret_sealed),
      secretKind: row.secret_kind,
      remoteFolder: row.remote_folder,
      hostKey: row.host_key,
    };
  }

  /** Pins an SFTP host key seen on first use (never replaces one). */
  async pinHostKey(connectionId: string, hostKey: string | null): Promise<void> {
    if (hostKey) await this.deps.pool.query('update delivery_connections set host_key = $2 where id = $1 and host_key is null', [connectionId, hostKey]);
  }

  /** Logs in and lists the remote folder; a failure is an answer (ok: false) with a sentence, not an error. */
  async testConnection(user: User, rawId: unknown) {
    const row = await this.connectionRow(user, rawId);
    try {
      const target = await this.targetOf(row);
      const session = await openRemote(target, { extraCa: await this.caPem(), timeoutMs: 15_000 });
      try {
        const entries = await session.list();
        await this.pinHostKey(row.id, session.hostKey);
        return {
          ok: true,
          kind: null,
          message: `Logged in to ${row.host} and listed ${row.remote_folder}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`,
          entries: entries.slice(0, 100),
          connection: await this.getConnection(user, row.id),
        };
      } finally {
        session.close();
      }
    } catch (err) {
      const e = err instanceof DeliveryHostError ? err : null;
      if (!e && (err as { code?: string }).code !== 'BAD_USER_INPUT') throw err;
      // A host refused by the safety rules is a failed test too, said the same way.
      return { ok: false, kind: e?.kind ?? 'host', message: (err as Error).message, entries: [], connection: presentConnection(row) };
    }
  }

  // ---- deliveries ----

  async deliver(user: User, rawProjectId: unknown, input: Record<string, unknown>): Promise<DeliveryView> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    if (project.status === 'processing') throw conflict(`Project "${project.name}" is still processing; deliver it once processing has finished`);
    const ids = input.connectionIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) throw badInput('connectionIds must list 1 to 20 connection ids');
    const connections: ConnectionRow[] = [];
    for (const id of new Set(ids)) connections.push(await this.connectionRow(user, id));
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

  private async views(deliveries: Array<{ id: string; project_id: string; override: boolean; created_at: Date }>): Promise<DeliveryView[]> {
    if (deliveries.length === 0) return [];
    const { rows: items } = await this.deps.pool.query<{
      id: string;
      delivery_id: string;
      connection_id: string;
      file_set_id: string;
      media_file_id: string;
      filename: string;
      size_bytes: string;
      status: string;
      bytes_sent: string;
      bytes_per_second: number;
      attempts: number;
      message: string | null;
      updated_at: Date;
      name: string;
      agency: DeliveryAgency;
    }>(
      `select i.*, c.name, c.agency from delivery_items i join delivery_connections c on c.id = i.connection_id
        where i.delivery_id = any($1::uuid[]) order by c.created_at, c.id, i.filename`,
      [deliveries.map((d) => d.id)],
    );
    return deliveries.map((d) => {
      const mine = items.filter((i) => i.delivery_id === d.id);
      const byConn = new Map<string, DeliveryView['connections'][number]>();
      for (const i of mine) {
        let c = byConn.get(i.connection_id);
        if (!c) {
          const table = i.agency === 'custom' ? undefined : agencyHost(i.agency);
          c = {
            connectionId: i.connection_id,
            name: i.name,
            agency: i.agency,
            counts: Object.fromEntries(STATUSES.map((s) => [s, 0])) as DeliveryView['connections'][number]['counts'],
            csvDownloadPath: table ? `${csvRoutePath(table.csvFormat)}/${d.project_id}` : null,
            csvUploadPage: table?.csvUploadPage ?? null,
          };
          byConn.set(i.connection_id, c);
        }
        c.counts[i.status as (typeof STATUSES)[number]]++;
      }
      return {
        id: d.id,
        projectId: d.project_id,
        override: d.override,
        createdAt: d.created_at,
        connections: [...byConn.values()],
        items: mine.map((i) => ({
          id: i.id,
          connectionId: i.connection_id,
          fileSetId: i.file_set_id,
          mediaFileId: i.media_file_id,
          filename: i.filename,
          sizeBytes: Number(i.size_bytes),
          status: i.status,
          bytesSent: Number(i.bytes_sent),
          bytesPerSecond: Math.round(i.bytes_per_second),
          attempts: i.attempts,
          message: i.message,
          updatedAt: i.updated_at,
        })),
        done: mine.every((i) => i.status !== 'queued' && i.status !== 'sending'),
      };
    });
  }
}
