/**
 * What other features may read and change of the `projects` table (one owner per table: README
 * "Tables"). Plain functions over a query runner, so a caller's transaction (a run's start, a
 * review's bulk action) includes them; `projectIdsOwnedBySql` is the relation set-based SQL elsewhere
 * joins instead of naming the table.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

type Query = Pick<pg.PoolClient, 'query'>;

/** `(select id from projects where owner_id = <param>)`: the owner's project ids, trash included. */
export const projectIdsOwnedBySql = (param: string): string => `(select id from projects where owner_id = ${param})`;

/** Whether the project exists and belongs to `ownerId` (the trash included, as `getOwned` with it). */
export async function isOwnedProject(q: Query, projectId: string, ownerId: string): Promise<boolean> {
  const { rowCount } = await q.query('select 1 from projects where id = $1 and owner_id = $2', [projectId, ownerId]);
  return (rowCount ?? 0) > 0;
}

/** Takes the project's row lock until the transaction ends (a run's start serialises on it). */
export async function lockProject(q: Query, projectId: string): Promise<void> {
  await q.query('select id from projects where id = $1 for update', [projectId]);
}

/** The project's status, or null when it does not exist. */
export async function projectStatus(q: Query, projectId: string): Promise<string | null> {
  const { rows } = await q.query<{ status: string }>('select status from projects where id = $1', [projectId]);
  return rows[0]?.status ?? null;
}

/** Sets the project's status (only from `from` when given): processing marks a charged run's project. */
export async function setProjectStatus(q: Query, projectId: string, status: string, from?: string): Promise<void> {
  if (from === undefined) await q.query(`update projects set status = $2, updated_at = now() where id = $1`, [projectId, status]);
  else await q.query(`update projects set status = $2, updated_at = now() where id = $1 and status = $3`, [projectId, status, from]);
}

/** How many projects the account holds, the trash included (the projects quota). */
export async function countProjectsOwnedBy(em: EntityManager, ownerId: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>('select count(*) as n from projects where owner_id = ?', [ownerId]);
  return Number(row?.n ?? 0);
}

/** `(id, status)` of every project: processing reads a project's status beside its latest run in one statement. */
export const PROJECT_STATUSES_SQL = `(select id, status from projects)`;

/** The project's name, or null when it does not exist (notifications name the project a run was for). */
export async function projectName(q: Query, projectId: string): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>('select name from projects where id = $1', [projectId]);
  return rows[0]?.name ?? null;
}
