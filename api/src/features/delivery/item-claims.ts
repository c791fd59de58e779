import type pg from 'pg';
import { PROGRESS_CHANNEL } from './delivery-progress.js';
import { RECORD_SENT_SQL } from './remote-files.js';

/**
 * Which job's session sends a delivery's file (issue 33 item 6). A job claims its own file, and a
 * job holding a logged-in session then claims the next queued files of the same connection, a few
 * at once, and sends them over that session; `claimed_by` names the holder. A file's own job leaves
 * a file another holder claimed alone; a holder that died (BullMQ runs its job again) takes back
 * what it had claimed. Every change is announced to the deliveryProgress streams in its statement.
 */

type Db = Pick<pg.Pool, 'query'>;

export interface ItemRow {
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
  attempts: number;
}

const RETURNING = 'id, delivery_id, connection_id, filename, storage_key, remote_path, size_bytes, sha256, force, status, attempts';
const CLAIM = `status = 'sending', claimed_by = $1, attempts = attempts + 1, message = null, bytes_per_second = 0, updated_at = now()`;
const ANNOUNCE = `select c.*, pg_notify('${PROGRESS_CHANNEL}', c.delivery_id::text) from c`;

/**
 * The job's own file (queued, or left sending by this job's sender that died) and any file this
 * job's session had claimed before it died; the own file first. A sent file is never taken again.
 */
export async function claimOwn(db: Db, jobItemId: string): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `with c as (update delivery_items set ${CLAIM}
       where (id = $1 and claimed_by is null or claimed_by = $1) and status in ('queued', 'sending') returning ${RETURNING}) ${ANNOUNCE}`,
    [jobItemId],
  );
  return rows.sort((a, b) => Number(b.id === jobItemId) - Number(a.id === jobItemId));
}

/** Up to `limit` queued files of the connection no holder has, oldest first, for `holder`'s session. */
export async function claimNext(db: Db, holder: string, connectionId: string, skip: readonly string[], limit: number): Promise<ItemRow[]> {
  const { rows } = await db.query<ItemRow>(
    `with c as (update delivery_items set ${CLAIM}
       where id in (select id from delivery_items where connection_id = $2 and status = 'queued' and claimed_by is null and id <> all($3::uuid[])
                    order by updated_at, id limit $4 for update skip locked)
         and status = 'queued' and claimed_by is null
       returning ${RETURNING}) ${ANNOUNCE}`,
    [holder, connectionId, skip, limit],
  );
  return rows;
}

/** Gives claimed files back to the queue untried (any job or holder may take them). */
export async function unclaim(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `with c as (update delivery_items set status = 'queued', claimed_by = null, attempts = attempts - 1, updated_at = now()
       where id = any($1::uuid[]) and status = 'sending' returning delivery_id)
     select pg_notify('${PROGRESS_CHANNEL}', d) from (select distinct delivery_id::text as d from c) x`,
    [ids],
  );
}

/** Whether the file is still this holder's to send (not deleted with its connection, not paused). */
export async function stillClaimed(db: Db, id: string, holder: string): Promise<boolean> {
  const { rowCount } = await db.query(`select 1 from delivery_items where id = $1 and status = 'sending' and claimed_by = $2`, [id, holder]);
  return rowCount === 1;
}

/** What Shotlog put in place: connection, place, name, SHA-256, size, the server's checksum (remote-files.ts). */
export type SentRecord = [connectionId: string, place: string, name: string, sha256: string, size: number, checksum: string | null];

/**
 * Changes a file and announces its delivery; with `sent`, records what was put in place in the same
 * statement (one round trip). Resolves to the number of files changed (0: it is gone).
 */
export async function setItem(db: Db, id: string, fields: Record<string, unknown>, sent?: SentRecord): Promise<number> {
  const keys = Object.keys(fields);
  const base = sent ? sent.length : 0;
  const { rowCount } = await db.query(
    `${sent ? `with r as (${RECORD_SENT_SQL}), ` : 'with '}u as (update delivery_items set ${keys.map((k, i) => `${k} = $${base + i + 2}`).join(', ')}, updated_at = now()
       where id = $${base + 1} returning delivery_id)
     select pg_notify('${PROGRESS_CHANNEL}', delivery_id::text) from u`,
    [...(sent ?? []), id, ...keys.map((k) => fields[k])],
  );
  return rowCount ?? 0;
}

/** A holder whose job BullMQ gave up on: its own file and those it had claimed fail with the reason. */
export async function failClaimed(db: Db, holder: string, message: string): Promise<void> {
  await db.query(
    `with c as (update delivery_items set status = 'failed', message = $2, updated_at = now()
       where (id = $1 and claimed_by is null or claimed_by = $1) and status in ('queued', 'sending') returning delivery_id)
     select pg_notify('${PROGRESS_CHANNEL}', d) from (select distinct delivery_id::text as d from c) x`,
    [holder, message],
  );
}
