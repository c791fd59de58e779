import { badInput } from '../errors/app-error.js';

/**
 * Offset paging is gone from Shotlog's connections: an offset cursor skips or repeats items when
 * rows are inserted while a client pages. Every connection uses the keyset cursors of relay.ts
 * (`timeIdCursor`/`sequenceCursor`, `toConnection`). These helpers stay only so code written
 * against this module in parallel branches still compiles; move it to relay.ts.
 */
export { checkFirst } from './relay.js';

/** @deprecated Use the keyset cursors of relay.ts. */
export const offsetCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

/** @deprecated Use the keyset cursors of relay.ts. */
export function afterToOffset(after: string | null | undefined): number {
  if (!after) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!m) throw badInput('Invalid cursor');
  return Number(m[1]) + 1;
}

/** @deprecated Use `toConnection` of relay.ts with a keyset cursor. */
export function offsetConnection<T>(rows: T[], total: number, offset: number) {
  const edges = rows.map((node, i) => ({ cursor: offsetCursor(offset + i), node }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasNextPage: offset + rows.length < total,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
