import type pg from 'pg';
import type { DocumentNode } from 'graphql';
import type { OperationContext } from './operation-context.js';
import { selectsFileSets, type ListBounds } from './limits.js';

/**
 * The real bound of the unpaged `fileSets` lists an operation can reach: the largest project
 * (trash included) of the signed-in user, who sees only their own projects. One indexed count per
 * operation that selects `fileSets`; 0 signed out (the resolvers refuse anyway).
 */
export function listBoundsFor(pool: pg.Pool) {
  return async (context: Pick<OperationContext, 'user'>, document: DocumentNode): Promise<ListBounds> => {
    if (!context.user || !selectsFileSets(document)) return { fileSets: 0 };
    const { rows } = await pool.query<{ n: string | null }>(
      `select max(n) as n from (select count(*) as n from file_sets s join projects p on p.id = s.project_id where p.owner_id = $1 group by s.project_id) t`,
      [context.user.id],
    );
    return { fileSets: Number(rows[0]?.n ?? 0) };
  };
}
