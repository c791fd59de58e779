import type pg from 'pg';
import { USER_NAMES_SQL } from '../users/user-rows.js';

/**
 * What was delivered where (issue 33 item 5), for the contributor's records: one row per file per
 * connection per delivery of a project, newest delivery first, as CSV or JSON. `started_by` names
 * who started the delivery: the owner, or an administrator acting for them.
 */
export const RECORD_COLUMNS = [
  'requested_at',
  'delivery_id',
  'resend_of',
  'started_by',
  'connection',
  'agency',
  'place',
  'remote_name',
  'size_bytes',
  'sha256',
  'status',
  'remote_size',
  'remote_checksum',
  'finished_at',
  'message',
] as const;
export type RecordRow = Record<(typeof RECORD_COLUMNS)[number], string | number | null>;

/** The most rows one download holds (the newest); a project past it is cut, and says so in `truncated`. */
export const MAX_RECORD_ROWS = 50_000;

export async function readDeliveryRecord(pool: Pick<pg.Pool, 'query'>, projectId: string): Promise<{ rows: RecordRow[]; truncated: boolean }> {
  const { rows } = await pool.query<RecordRow>(
    `select to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as requested_at, d.id as delivery_id, d.resend_of, u.username as started_by, c.name as connection, c.agency,
            i.remote_place as place, i.remote_path as remote_name, i.size_bytes::float8 as size_bytes, i.sha256, i.status,
            i.remote_size::float8 as remote_size, i.remote_checksum,
            to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished_at, i.message
       from deliveries d join delivery_items i on i.delivery_id = d.id join delivery_connections c on c.id = i.connection_id
            left join ${USER_NAMES_SQL} u on u.id = d.started_by
      where d.project_id = $1 order by d.created_at desc, d.id, c.name, i.remote_path limit $2`,
    [projectId, MAX_RECORD_ROWS + 1],
  );
  return { rows: rows.slice(0, MAX_RECORD_ROWS), truncated: rows.length > MAX_RECORD_ROWS };
}

const cell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const recordCsv = (rows: RecordRow[]) =>
  [RECORD_COLUMNS.join(','), ...rows.map((r) => RECORD_COLUMNS.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
