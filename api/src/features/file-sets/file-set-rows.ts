/**
 * What other features may read of the file-set tables (`file_sets`, `media_files`; one owner per
 * table: README "Tables"). Set-based SQL elsewhere (the review grid, the exports, processing's job
 * list) joins `FILE_SET_ROWS_SQL` and takes a set's files through the scalar subqueries below, so
 * the statements stay one query each while only this file names the tables. A relation in FROM is
 * pulled up by the planner: the plans are the ones a direct join would get.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { projectIdsOwnedBySql } from '../projects/project-rows.js';

type Query = Pick<pg.PoolClient, 'query'>;

/** `(id, project_id, position, base_name)` of every file set; (project_id, position, base_name) orders a project. */
export const FILE_SET_ROWS_SQL = `(select id, project_id, position, base_name from file_sets)`;

/** `(select id from file_sets where project_id = <param>)`: the project's set ids. */
export const setIdsOfProjectSql = (param: string): string => `(select id from file_sets where project_id = ${param})`;

const firstVideo = (setId: string, column: string) =>
  `(select ${column} from media_files m where m.file_set_id = ${setId} and m.kind = 'video' order by m.created_at, m.filename limit 1)`;

/** A photo set (no video) is named by its JPG: agencies take photos in the same CSVs. */
const orPhotoName = (setId: string, videoName: string) =>
  `coalesce(${videoName}, (select m.filename from media_files m where m.file_set_id = ${setId} and m.kind = 'image' order by m.created_at, m.filename limit 1))`;

/** The set's (first) video's uploaded name, else (a photo set) its JPG's, or null. */
export const videoFilenameSql = (setId: string): string => orPhotoName(setId, firstVideo(setId, 'm.filename'));

/**
 * The name an agency receives: a proxy (.LRF) is named after its master (file-kinds.ts
 * masterNameOf); a photo set by its JPG.
 */
export const videoExportNameSql = (setId: string, baseName: string): string =>
  orPhotoName(setId, firstVideo(setId, `case when m.extension = 'lrf' then ${baseName} || '.MP4' else m.filename end`));

/** The stored video's size in bytes; null for a proxy (its size is not its master's) or without a video. */
export const videoExportBytesSql = (setId: string): string => firstVideo(setId, `case when m.extension = 'lrf' then null else m.size_bytes end`);

/** The id of the set's first JPG (its preview), or null. */
export const firstJpgIdSql = (setId: string): string =>
  `(select m.id from media_files m where m.file_set_id = ${setId} and m.extension in ('jpg', 'jpeg') order by m.created_at limit 1)`;

/** When the set's latest file was recorded (a file replaced after a job finished makes it stale). */
export const lastFileAddedAtSql = (setId: string): string => `(select max(m.created_at) from media_files m where m.file_set_id = ${setId})`;

/** The images of these sets (the exports' JPGs), by set, in file-name order. */
export async function imagesOfSets(q: Query, setIds: readonly string[]): Promise<Map<string, Array<{ filename: string; storageKey: string }>>> {
  const byId = new Map<string, Array<{ filename: string; storageKey: string }>>();
  if (!setIds.length) return byId;
  const { rows } = await q.query<{ file_set_id: string; filename: string; storage_key: string }>(
    `select file_set_id, filename, storage_key from media_files where file_set_id = any($1::uuid[]) and kind = 'image' order by filename`,
    [setIds],
  );
  for (const r of rows) {
    const list = byId.get(r.file_set_id) ?? [];
    list.push({ filename: r.filename, storageKey: r.storage_key });
    byId.set(r.file_set_id, list);
  }
  return byId;
}

export interface DeliverableFile {
  id: string;
  file_set_id: string;
  filename: string;
  kind: string;
  extension: string;
  base_name: string;
  storage_key: string;
  size_bytes: string;
  sha256: string;
}

/**
 * The project's videos, images and subtitles (of these sets, or all; of these files, or all), in the
 * project's order, videos first in a set.
 */
export async function deliverableFiles(
  q: Query,
  projectId: string,
  setIds: readonly string[] | null,
  mediaIds: readonly string[] | null = null,
): Promise<DeliverableFile[]> {
  const { rows } = await q.query<DeliverableFile>(
    `select m.id, m.file_set_id, m.filename, m.kind, m.extension, fs.base_name, m.storage_key, m.size_bytes, m.sha256
       from media_files m join file_sets fs on fs.id = m.file_set_id
      where fs.project_id = $1 and m.kind in ('video', 'image', 'subtitle', 'raw') and ($2::uuid[] is null or fs.id = any($2::uuid[]))
        and ($3::uuid[] is null or m.id = any($3::uuid[]))
      order by fs.position, fs.base_name, m.kind desc`,
    [projectId, setIds, mediaIds],
  );
  return rows;
}

/** Bytes of every file in the account's projects, trash included (the storage quota). */
export async function storedBytesOf(em: EntityManager, ownerId: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(
    `select coalesce(sum(m.size_bytes), 0) as n from media_files m join file_sets fs on fs.id = m.file_set_id
     where fs.project_id in ${projectIdsOwnedBySql('?')}`,
    [ownerId],
  );
  return Number(row?.n ?? 0);
}
