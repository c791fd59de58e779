import type pg from 'pg';
import type { ConnectionRow } from './delivery-views.js';

/**
 * What Shotlog put on each server, by content (issue 33 item 1): the identity of a remote file is
 * where it is (protocol, host, port, folder), its name, and the SHA-256 and size of its bytes.
 */

/** Where a connection's files go: after a change of host, port, protocol or folder, files go to the new place. */
export const placeOf = (c: Pick<ConnectionRow, 'protocol' | 'host' | 'port' | 'remote_folder'>) => `${c.protocol}://${c.host}:${c.port}${c.remote_folder}`;

/**
 * The temporary name an upload of this content lies under until it is whole and checked: hidden,
 * named for the content, so only the same content resumes it.
 */
export const tempNameOf = (remoteName: string, sha256: string) => `.${remoteName}.${sha256.slice(0, 16)}.shotlog-part`;

export interface RemoteFileRecord {
  /** What Shotlog last renamed into place under this name; null when it never finished one. */
  sha256: string | null;
  size: number | null;
  /** The upload Shotlog began under `tempName`; null when none is pending. */
  pendingSha256: string | null;
  pendingSize: number | null;
  tempName: string | null;
}

type Db = Pick<pg.Pool, 'query'>;

interface RecordRow {
  remote_name: string;
  sha256: string | null;
  size_bytes: string | null;
  pending_sha256: string | null;
  pending_size: string | null;
  temp_name: string | null;
}
const toRecord = (r: RecordRow): RemoteFileRecord => ({
  sha256: r.sha256,
  size: r.size_bytes === null ? null : Number(r.size_bytes),
  pendingSha256: r.pending_sha256,
  pendingSize: r.pending_size === null ? null : Number(r.pending_size),
  tempName: r.temp_name,
});

/** The records of several names at one place, in one round trip (a name without one is absent). */
export async function readRemoteFiles(db: Db, connectionId: string, place: string, names: readonly string[]): Promise<Map<string, RemoteFileRecord>> {
  const { rows } = await db.query<RecordRow>(
    'select remote_name, sha256, size_bytes, pending_sha256, pending_size, temp_name from delivery_remote_files where connection_id = $1 and place = $2 and remote_name = any($3::text[])',
    [connectionId, place, names],
  );
  return new Map(rows.map((r) => [r.remote_name, toRecord(r)]));
}

export async function readRemoteFile(db: Db, connectionId: string, place: string, name: string): Promise<RemoteFileRecord | null> {
  return (await readRemoteFiles(db, connectionId, place, [name])).get(name) ?? null;
}

/** Records an upload begun under its temporary name (before the first byte leaves). */
export async function recordPending(db: Db, connectionId: string, place: string, name: string, sha256: string, size: number, tempName: string) {
  await db.query(
    `insert into delivery_remote_files (connection_id, place, remote_name, pending_sha256, pending_size, temp_name, updated_at) values ($1,$2,$3,$4,$5,$6,now())
     on conflict (connection_id, place, remote_name) do update set pending_sha256 = $4, pending_size = $5, temp_name = $6, updated_at = now()`,
    [connectionId, place, name, sha256, size, tempName],
  );
}

/** Forgets a pending upload (its temporary file was removed or proved broken). */
export async function clearPending(db: Db, connectionId: string, place: string, name: string) {
  await db.query(
    'update delivery_remote_files set pending_sha256 = null, pending_size = null, temp_name = null, updated_at = now() where connection_id = $1 and place = $2 and remote_name = $3',
    [connectionId, place, name],
  );
}

/**
 * Records the content now in place under a name, as the server confirmed it: $1 connection, $2
 * place, $3 name, $4 SHA-256, $5 size, $6 the server's checksum. A statement of its own, so the
 * worker runs it together with the file's outcome (one round trip).
 */
export const RECORD_SENT_SQL = `insert into delivery_remote_files (connection_id, place, remote_name, sha256, size_bytes, remote_checksum, updated_at) values ($1,$2,$3,$4,$5,$6,now())
     on conflict (connection_id, place, remote_name) do update set sha256 = $4, size_bytes = $5, remote_checksum = $6,
       pending_sha256 = null, pending_size = null, temp_name = null, updated_at = now()`;
