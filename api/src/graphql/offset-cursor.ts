import { badInput } from '../errors/app-error.js';

/**
 * Cursors for lists paged by position (ledger history, purchase requests): the cursor is the
 * opaque offset of the item, so `after` continues right after it and totalCount stays exact.
 */
export const offsetCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

export function afterToOffset(after: string | null | undefined): number {
  if (!after) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!m) throw badInput('Invalid cursor');
  return Number(m[1]) + 1;
}

export function checkFirst(first: number, max = 200): number {
  if (!Number.isInteger(first) || first < 1 || first > max) throw badInput(`first must be a whole number from 1 to ${max}`);
  return first;
}

/** A Relay connection over an offset-paged list. */
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
