/**
 * The results' read model for other features (`file_set_results`; one owner per table: README
 * "Tables"). The review grid and the exports join `RESULT_ROWS_SQL` to the file sets' relation
 * (file-sets/file-set-rows.ts) so each of their statements stays one set-based query; review's bulk
 * actions and undo change results through the statements built here.
 */
import type pg from 'pg';

type Query = Pick<pg.PoolClient, 'query'>;

/**
 * `(id, file_set_id, current, original, analysis, edited_at)` of every result: `current` is what the
 * user sees (edits included), `original` what processing wrote, `edited_at` null until a user edits.
 */
export const RESULT_ROWS_SQL = `(select id, file_set_id, "current", original, analysis, edited_at from file_set_results)`;

/** Which of these sets have a result (processed already, whatever their jobs say). */
export async function setsWithResult(q: Query, fileSetIds: readonly string[]): Promise<Set<string>> {
  if (!fileSetIds.length) return new Set();
  const r = await q.query<{ file_set_id: string }>('select file_set_id from file_set_results where file_set_id = any($1::uuid[])', [fileSetIds]);
  return new Set(r.rows.map((row) => row.file_set_id));
}

/**
 * The common table expressions that replace the `current` result of the sets in the JSON array at
 * `changes` (`[{ id, after }]`), for a statement to follow them: `v(id, after)` the input,
 * `old(file_set_id, before, edited_at)` the results as they were (same snapshot), `upd(file_set_id)`
 * the results replaced. `reset` marks them unedited (back to the AI original); otherwise edited now.
 */
export const replaceResultsCtes = (changes: string, reset: boolean): string =>
  `v as (select (e->>'id')::uuid as id, e->'after' as after from jsonb_array_elements(${changes}::jsonb) e),
   old as (select r.file_set_id, r."current" as before, r.edited_at from file_set_results r join v on v.id = r.file_set_id),
   upd as (update file_set_results r set "current" = v.after, edited_at = ${reset ? 'null' : 'now()'}, updated_at = now()
           from v where r.file_set_id = v.id returning r.file_set_id)`;

/**
 * Puts results back as they were: `source` is a relation of `(file_set_id, before, after,
 * edited_at_before)` (review's history of one action). Only a result still as the action left it
 * (`after`) is restored; one edited since keeps its edit. Answers how many results were restored.
 */
export async function restoreResults(q: Query, source: string, values: unknown[]): Promise<number> {
  const r = await q.query(
    `update file_set_results r set "current" = c.before, edited_at = c.edited_at_before, updated_at = now()
     from ${source} c where r.file_set_id = c.file_set_id and r."current" = c.after`,
    values,
  );
  return r.rowCount ?? 0;
}
