import type pg from 'pg';
import { csvRoutePath } from '../exports/exports.service.js';
import { agencyHost, type DeliveryAgency, type DeliveryProtocol } from './agency-hosts.js';
import { defaultReceives } from './connection-settings.js';
import { USER_NAMES_SQL } from '../users/user-rows.js';

/**
 * How connections and deliveries read: the rows as stored and the views every API answers
 * (REST, GraphQL, the deliveryProgress stream).
 */

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
  /** False when where or how the secret is sent changed and it was not entered again. */
  passwordSet: boolean;
  /** Why the password (or key) must be entered again; null while one is stored. */
  secretMissingReason: string | null;
  /** The last test: true, false (Deliver then asks to confirm), null when not tested since the last change. */
  lastTestOk: boolean | null;
  lastTestMessage: string | null;
  /** Set by the first login refusal of a delivery: nothing is tried until it is fixed and resumed. */
  pausedReason: string | null;
  remoteFolder: string;
  hostKey: string | null;
  /** Replace a file on the server that Shotlog did not send (else it is reported as a conflict). */
  allowOverwrite: boolean;
  /** Create the remote folder when it is missing. */
  createFolder: boolean;
  /** Logged-in sessions (and so files at once) this connection uses. */
  maxSessions: number;
  /** What it receives: clips, stills, photos, metadata (the agency's default unless chosen). */
  receives: string[];
  /** Whether `receives` is the agency's default. */
  receivesDefault: boolean;
  /** For "Other server": whose agency rules check what is sent; null for none. */
  checkRules: string | null;
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
  secret_sealed: string | null;
  secret_missing_reason: string | null;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  last_test_at: Date | null;
  paused_at: Date | null;
  paused_reason: string | null;
  remote_folder: string;
  host_key: string | null;
  allow_overwrite: boolean;
  create_folder: boolean;
  max_sessions: number;
  receives: string[] | null;
  check_rules: string | null;
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
  /** Where it went: protocol://host:port/folder. */
  remotePlace: string;
  /** The size the server reported once it was in place. */
  remoteSize: number | null;
  /** The server's SHA-256 where it offered one. */
  remoteChecksum: string | null;
}

export interface DeliveryView {
  id: string;
  projectId: string;
  override: boolean;
  /** The delivery this one sends again. */
  resendOf: string | null;
  createdAt: Date;
  /** Who started it: the owner's user name, or the administrator's who acted for them; null once that account was deleted. */
  startedBy: string | null;
  /** Whether the project's owner started it (false: an administrator acting for them). */
  startedByOwner: boolean;
  /** Per connection: counts, the agency check's held rows, and the agency's CSV beside its upload page. */
  connections: Array<{
    connectionId: string;
    name: string;
    agency: DeliveryAgency;
    counts: Record<(typeof STATUSES)[number], number>;
    csvDownloadPath: string | null;
    csvUploadPage: string | null;
  }>;
  items: ItemView[];
  done: boolean;
}

/** What every file of a connection paused by a refused login says. */
export const loginRefusedPause = (host: string) => `Login refused by ${host}: nothing was sent; fix the connection and resume`;

const STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'held', 'paused', 'conflict'] as const;

export const presentConnection = (r: ConnectionRow): ConnectionView => ({
  id: r.id,
  name: r.name,
  agency: r.agency,
  protocol: r.protocol,
  host: r.host,
  port: r.port,
  username: r.username,
  secretKind: r.secret_kind,
  passwordSet: r.secret_sealed !== null,
  secretMissingReason: r.secret_sealed === null ? (r.secret_missing_reason ?? 'The password must be entered again') : null,
  lastTestOk: r.last_test_ok,
  lastTestMessage: r.last_test_message,
  pausedReason: r.paused_at ? (r.paused_reason ?? loginRefusedPause(r.host)) : null,
  remoteFolder: r.remote_folder,
  hostKey: r.host_key,
  allowOverwrite: r.allow_overwrite,
  createFolder: r.create_folder,
  maxSessions: r.max_sessions,
  receives: r.receives ?? defaultReceives(r.agency),
  receivesDefault: r.receives === null,
  checkRules: r.check_rules,
  csvUploadPage: r.agency === 'custom' ? null : (agencyHost(r.agency)?.csvUploadPage ?? null),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface DeliveryHead {
  id: string;
  project_id: string;
  override: boolean;
  resend_of: string | null;
  created_at: Date;
  /** The project's owner, whose connections it used. */
  user_id: string;
  started_by: string | null;
  started_by_name: string | null;
}

/** The heads of deliveries (`d`) with the name of who started each; the caller adds where and order. */
export const DELIVERY_HEAD_SQL = `select d.id, d.project_id, d.override, d.resend_of, d.created_at, d.user_id, d.started_by, u.username as started_by_name
   from deliveries d left join ${USER_NAMES_SQL} u on u.id = d.started_by`;

/** The deliveries with their items and per-connection counts, read in one query. */
export async function readDeliveryViews(pool: pg.Pool, deliveries: DeliveryHead[]): Promise<DeliveryView[]> {
  if (deliveries.length === 0) return [];
  const { rows: items } = await pool.query<{
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
    remote_place: string;
    remote_size: string | null;
    remote_checksum: string | null;
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
      resendOf: d.resend_of,
      createdAt: d.created_at,
      startedBy: d.started_by_name,
      startedByOwner: d.started_by === d.user_id,
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
        remotePlace: i.remote_place,
        remoteSize: i.remote_size === null ? null : Number(i.remote_size),
        remoteChecksum: i.remote_checksum,
      })),
      done: mine.every((i) => i.status !== 'queued' && i.status !== 'sending'),
    };
  });
}
