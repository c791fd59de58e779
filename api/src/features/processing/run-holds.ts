import type { Orm } from '../../platform/db/database.js';

/** An entity manager's SQL: inside `transactional` it runs in that transaction. */
type SqlConnection = Pick<Orm['em'], 'execute'>;

/**
 * What a project's runs hold, asked by file sets inside their own transaction (the project row
 * locked): processing's answer on its own tables, passed to FileSetsService by app/compose.ts as
 * the `RunHolds` it types.
 */
export const runHolds = {
  /** Of these sets, the ones a running run still holds (a pending or processing job). */
  async heldSets(sql: SqlConnection, projectId: string, fileSetIds: readonly string[]): Promise<string[]> {
    if (!fileSetIds.length) return [];
    const rows = await sql.execute<Array<{ file_set_id: string }>>(
      `select j.file_set_id from processing_jobs j join processing_runs r on r.id = j.run_id
       where r.project_id = ? and r.status = 'running' and j.status in ('pending', 'processing') and j.file_set_id in (${fileSetIds.map(() => '?').join(', ')})`,
      [projectId, ...fileSetIds],
    );
    return rows.map((r) => r.file_set_id);
  },

  /** The project's run that takes sets as they complete (issue 18 item 6), if one is running: it keeps uploads open. */
  async acceptingRun(sql: SqlConnection, projectId: string): Promise<string | null> {
    const rows = await sql.execute<Array<{ id: string }>>(`select id from processing_runs where project_id = ? and status = 'running' and accepting_sets`, [
      projectId,
    ]);
    return rows[0]?.id ?? null;
  },

  /** Whether the project has a running run. */
  async hasRunningRun(sql: SqlConnection, projectId: string): Promise<boolean> {
    const rows = await sql.execute<Array<{ n: number }>>(`select count(*)::int as n from processing_runs where project_id = ? and status = 'running'`, [
      projectId,
    ]);
    return Boolean(rows[0]?.n);
  },
};
