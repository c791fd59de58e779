import type { DocumentNode } from 'graphql';
import type { OperationContext } from './operation-context.js';
import { selectsFileSets, type ListBounds } from './limits.js';

/**
 * What the features tell the limits about the unpaged lists, per signed-in user: for `fileSets`,
 * how many sets the user's largest project holds (the file-sets feature counts them; this
 * plumbing reads no table).
 */
export interface UnpagedListSources {
  fileSets(userId: string): Promise<number>;
}

/**
 * The real bound of the unpaged `fileSets` lists an operation can reach: the largest project
 * (trash included) of the signed-in user, who sees only their own projects. Asked once per
 * operation that selects `fileSets`; 0 signed out (the resolvers refuse anyway).
 */
export function listBoundsFor(sources: UnpagedListSources) {
  return async (context: Pick<OperationContext, 'user'>, document: DocumentNode): Promise<ListBounds> => {
    if (!context.user || !selectsFileSets(document)) return { fileSets: 0 };
    return { fileSets: await sources.fileSets(context.user.id) };
  };
}
