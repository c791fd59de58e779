import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import type { User } from '../users/user.entity.js';
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
import { CHECK_RULES, DEFAULT_SESSIONS, MAX_SESSIONS, RECEIVES } from './connection-settings.js';
import { presentConnection, type ConnectionRow, type ConnectionView } from './delivery-views.js';
import type { DeliveryServiceDeps } from './delivery-context.js';

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

/** Agency connections and their sealed secrets: create, change, delete, test, and what a worker logs in with. */
export class DeliveryConnections {
  readonly secrets: SecretBox;
  private extraCa: Promise<string | undefined> | undefined;

  constructor(private readonly deps: Pick<DeliveryServiceDeps, 'config' | 'pool'>) {
    this.secrets = new SecretBox({ secretsKey: deps.config.delivery.secretsKey, dataDir: deps.config.dataDir });
  }

  /** DELIVERY_CA_FILE, read once. */
  caPem(): Promise<string | undefined> {
    const file = this.deps.config.delivery.caFile;
    return (this.extraCa ??= file ? fs.readFile(file, 'utf8') : Promise.resolve(undefined));
  }

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
    if (!remoteFolder.startsWith('/') || remoteFolder.split('/').includes('..')) throw badInput('remoteFolder must be an absolute path without ".."');
    const flag = (v: unknown, what: string, fallback: boolean) => {
      if (v === undefined || v === null) return fallback;
      if (typeof v !== 'boolean') throw badInput(`${what} must be true or false`);
      return v;
    };
    const allowOverwrite = flag(input.allowOverwrite, 'allowOverwrite', existing?.allow_overwrite ?? false);
    const createFolder = flag(input.createFolder, 'createFolder', existing?.create_folder ?? true);
    const maxSessions = Number(input.maxSessions ?? existing?.max_sessions ?? DEFAULT_SESSIONS);
    if (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > MAX_SESSIONS) throw badInput(`maxSessions must be 1 to ${MAX_SESSIONS}`);
    let receives = existing && existing.agency === agency ? existing.receives : null;
    if (input.receives !== undefined) {
      if (input.receives === null) receives = null;
      else if (!Array.isArray(input.receives) || input.receives.some((r) => !(RECEIVES as readonly unknown[]).includes(r)))
        throw badInput(`receives must list some of: ${RECEIVES.join(', ')}`);
      else if (input.receives.length === 0) throw badInput('receives must list at least one kind of file (or be null for the agency default)');
      else receives = [...new Set(input.receives as string[])];
    }
    let checkRules = agency === 'custom' ? (existing?.check_rules ?? null) : null;
    if (input.checkRules !== undefined && agency === 'custom') {
      if (input.checkRules !== null && !CHECK_RULES.includes(input.checkRules as never))
        throw badInput(`checkRules must be one of: ${CHECK_RULES.join(', ')} (or null)`);
      checkRules = (input.checkRules as string | null) ?? null;
    }
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
    // A secret is sent only where and how it was entered for (issue 28 finding 5): a change of the
    // agency, protocol (TLS to plain FTP included), host, port or user name drops the stored one
    // unless the same request gives it again; the connection then cannot log in until it has one.
    const moved = existing
      ? (
          [
            ['agency', existing.agency !== agency],
            ['protocol', existing.protocol !== protocol],
            ['host', existing.host !== host],
            ['port', existing.port !== port],
            ['user name', existing.username !== username],
          ] as const
        )
          .filter(([, changed]) => changed)
          .map(([what]) => what)
      : [];
    const what = existing?.secret_kind === 'key' ? 'SSH key' : 'password';
    const dropped =
      !secret && moved.length > 0 && existing?.secret_sealed
        ? `The ${what} must be entered again: the connection's ${moved.join(', ')} changed, so the stored one was not kept`
        : null;
    const sealed = secret?.sealed ?? (dropped ? null : (existing?.secret_sealed ?? null));
    const missingReason = sealed ? null : (dropped ?? existing?.secret_missing_reason ?? `The ${what} must be entered again`);
    // A new host (or port) is another server: its key is pinned afresh; so is an explicit `clearHostKey`.
    const keepKey = existing && existing.host === host && existing.port === port && input.clearHostKey !== true;
    return {
      agency,
      protocol,
      host,
      port,
      username,
      name,
      remoteFolder,
      secretKind: secret?.kind ?? existing?.secret_kind ?? 'password',
      sealed,
      missingReason,
      dropped,
      /** Whether an earlier test (and a pause's cause) still describes this connection. */
      changed: moved.length > 0 || secret !== null || input.clearHostKey === true,
      hostKey: keepKey ? existing.host_key : null,
      allowOverwrite,
      createFolder,
      maxSessions,
      receives,
      checkRules,
    };
  }

  /** The columns a create and an update both write, from the checked fields (one list serves both). */
  private storedColumns(f: Awaited<ReturnType<DeliveryConnections['fields']>>) {
    return {
      name: f.name,
      agency: f.agency,
      protocol: f.protocol,
      host: f.host,
      port: f.port,
      username: f.username,
      secret_kind: f.secretKind,
      secret_sealed: f.sealed,
      secret_missing_reason: f.missingReason,
      remote_folder: f.remoteFolder,
      host_key: f.hostKey,
      allow_overwrite: f.allowOverwrite,
      create_folder: f.createFolder,
      max_sessions: f.maxSessions,
      receives: f.receives,
      check_rules: f.checkRules,
    };
  }

  async createConnection(user: User, input: Record<string, unknown>): Promise<ConnectionView> {
    const cols = this.storedColumns(await this.fields(input));
    const names = Object.keys(cols);
    const { rows } = await this.deps.pool.query<ConnectionRow>(
      `insert into delivery_connections (id, user_id, ${names.join(', ')}, created_at, updated_at)
       values ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}, now(), now()) returning *`,
      [randomUUID(), user.id, ...Object.values(cols)],
    );
    return presentConnection(rows[0]!);
  }

  /** Changes a connection; `dropped` says why the stored secret was not kept (it must be entered again). */
  async updateConnection(user: User, rawId: unknown, input: Record<string, unknown>): Promise<ConnectionView & { dropped: string | null }> {
    const existing = await this.connectionRow(user, rawId);
    const f = await this.fields(input, existing);
    const cols = this.storedColumns(f);
    const names = Object.keys(cols);
    // A change that makes the last test stale ($3) forgets it (Deliver asks again only after a new failure).
    const { rows } = await this.deps.pool.query<ConnectionRow>(
      `update delivery_connections set ${names.map((n, i) => `${n} = $${i + 4}`).join(', ')},
              last_test_ok = case when $3 then null else last_test_ok end,
              last_test_message = case when $3 then null else last_test_message end,
              last_test_at = case when $3 then null else last_test_at end,
              updated_at = now()
       where id = $1 and user_id = $2 returning *`,
      [existing.id, user.id, f.changed, ...Object.values(cols)],
    );
    return { ...presentConnection(rows[0]!), dropped: f.dropped };
  }

  async deleteConnection(user: User, rawId: unknown): Promise<ConnectionView> {
    const existing = await this.connectionRow(user, rawId);
    await this.deps.pool.query('delete from delivery_connections where id = $1', [existing.id]);
    return presentConnection(existing);
  }

  /** What the workers and the test need to log in: the secret opened, the host resolved and checked. */
  async targetOf(row: ConnectionRow): Promise<RemoteTarget> {
    if (row.secret_sealed === null) throw new DeliveryHostError('secret', row.secret_missing_reason ?? 'The password must be entered again');
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

  /** The last test's outcome, kept for Deliver (which asks to confirm after a failed one). */
  private async recordTest(connectionId: string, ok: boolean, message: string): Promise<void> {
    await this.deps.pool.query('update delivery_connections set last_test_ok = $2, last_test_message = $3, last_test_at = now() where id = $1', [
      connectionId,
      ok,
      message.slice(0, 1000),
    ]);
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
        const message = `Logged in to ${row.host} and listed ${row.remote_folder}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
        await this.recordTest(row.id, true, message);
        return { ok: true, kind: null, message, entries: entries.slice(0, 100), connection: await this.getConnection(user, row.id) };
      } finally {
        session.close();
      }
    } catch (err) {
      const e = err instanceof DeliveryHostError ? err : null;
      if (!e && (err as { code?: string }).code !== 'BAD_USER_INPUT') throw err;
      // A host refused by the safety rules is a failed test too, said the same way.
      await this.recordTest(row.id, false, (err as Error).message);
      return { ok: false, kind: e?.kind ?? 'host', message: (err as Error).message, entries: [], connection: await this.getConnection(user, row.id) };
    }
  }

  /**
   * The first login refusal (issue 28 finding 7): the connection is paused and every file waiting
   * for it says so; no login is tried again until the connection is fixed and resumed. Returns the
   * deliveries whose files changed.
   */
  async pauseConnection(connectionId: string, reason: string, testMessage: string): Promise<string[]> {
    const client = await this.deps.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `update delivery_connections set paused_at = coalesce(paused_at, now()), paused_reason = coalesce(paused_reason, $2),
                last_test_ok = false, last_test_message = $3, last_test_at = now() where id = $1`,
        [connectionId, reason, testMessage.slice(0, 1000)],
      );
      const { rows } = await client.query<{ delivery_id: string }>(
        `update delivery_items set status = 'paused', message = $2, bytes_per_second = 0, updated_at = now()
          where connection_id = $1 and status in ('queued', 'sending') returning delivery_id`,
        [connectionId, reason],
      );
      await client.query('commit');
      return [...new Set(rows.map((r) => r.delivery_id))];
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
