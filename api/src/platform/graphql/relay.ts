import { ClassType, Field, Int, ObjectType } from 'type-graphql';
import { badInput } from '../errors/app-error.js';
import { isStorableDate, isStorableSequence } from '../validation/pg-range.js';

/**
 * Relay connections (https://relay.dev/graphql/connections.htm) for every list that grows.
 * Rules kept here, for every connection alike:
 * - `first` is 1 to MAX_PAGE_SIZE (BAD_USER_INPUT otherwise); `after` is an opaque cursor from an
 *   earlier page (BAD_USER_INPUT when it does not decode).
 * - Cursors are keyset cursors: the sort key of the row plus a unique tiebreaker (id or
 *   sequence), never an offset, so rows inserted or removed while a client pages never make it
 *   skip or repeat an item.
 * - A page is read with `first + 1` rows: the extra row only tells whether `hasNextPage`.
 */
export const MAX_PAGE_SIZE = 200;

@ObjectType({ description: 'Where a page sits in its list (Relay cursor pagination).' })
export class PageInfo {
  @Field({ description: 'True when more items follow the last edge of this page: ask again with `after: endCursor`.' })
  hasNextPage!: boolean;
  @Field({ description: 'True when the page was asked for with `after`, i.e. items come before it (forward paging only).' })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first edge; null when the page is empty.' })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; pass it as `after` for the next page. Null when the page is empty.' })
  endCursor!: string | null;
}

/** Builds the Edge and Connection object types of a Relay connection for one node type. */
export function Connection<TNode extends object>(nodeType: ClassType<TNode>, name: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with its cursor.` })
  class Edge {
    @Field({ description: 'Opaque cursor of this edge: pass it as `after` to continue right after this item.' })
    cursor!: string;
    @Field(() => nodeType, { description: `The ${name} itself.` })
    node!: TNode;
  }

  @ObjectType()
  abstract class ConnectionType {
    @Field(() => [Edge], { description: 'The items of this page, in the list order.' })
    edges!: Edge[];
    @Field(() => PageInfo, { description: 'Whether more pages follow, and the cursors to ask for them.' })
    pageInfo!: PageInfo;
    @Field(() => Int, { description: 'How many items match the filters, across all pages, at the time of this request.' })
    totalCount!: number;
  }
  return ConnectionType;
}

/** `first` within 1..max, or BAD_USER_INPUT naming the bounds. */
export function checkFirst(first: number, max = MAX_PAGE_SIZE): number {
  if (!Number.isInteger(first) || first < 1 || first > max) throw badInput(`first must be a whole number from 1 to ${max}`);
  return first;
}

const CURSOR_VERSION = 'k1';

/** An opaque keyset cursor over the given sort values (e.g. [createdAt ISO, id]). */
export function encodeCursor(kind: string, values: Array<string | number>): string {
  return Buffer.from(JSON.stringify([CURSOR_VERSION, kind, ...values])).toString('base64url');
}

/** The sort values of a cursor of `kind`, or BAD_USER_INPUT 'Invalid cursor'. */
export function decodeCursor(cursor: string, kind: string, arity: number, maxLength = 500): string[] {
  let parsed: unknown;
  try {
    if (cursor.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('shape');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badInput('Invalid cursor');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== arity + 2 ||
    parsed[0] !== CURSOR_VERSION ||
    parsed[1] !== kind ||
    !parsed.every((v) => typeof v === 'string')
  )
    throw badInput('Invalid cursor');
  return parsed.slice(2) as string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The common keyset: (createdAt, id), e.g. newest first with the id breaking ties. */
export interface TimeIdKey {
  createdAt: Date;
  id: string;
}

export const timeIdCursor = (kind: string, row: TimeIdKey) => encodeCursor(kind, [row.createdAt.toISOString(), row.id]);

export function parseTimeIdCursor(kind: string, after: string | null | undefined): TimeIdKey | null {
  if (after === null || after === undefined) return null;
  const [iso, id] = decodeCursor(after, kind, 2) as [string, string];
  const createdAt = new Date(iso);
  if (!isStorableDate(createdAt) || !UUID.test(id)) throw badInput('Invalid cursor');
  return { createdAt, id };
}

/** MikroORM filter for the rows strictly after `key` in (createdAt, id) order. */
export function afterTimeId(key: TimeIdKey | null, order: 'asc' | 'desc'): Record<string, unknown> {
  if (!key) return {};
  const op = order === 'desc' ? '$lt' : '$gt';
  return { $or: [{ createdAt: { [op]: key.createdAt } }, { createdAt: key.createdAt, id: { [op]: key.id } }] };
}

/** A bigint sequence as the keyset (ledger events and history lines). */
export const sequenceCursor = (kind: string, sequence: string) => encodeCursor(kind, [sequence]);

export function parseSequenceCursor(kind: string, after: string | null | undefined): string | null {
  if (after === null || after === undefined) return null;
  const [seq] = decodeCursor(after, kind, 1) as [string];
  if (!isStorableSequence(seq)) throw badInput('Invalid cursor');
  return seq;
}

type ConnectionOptions<TRow, TNode> = {
  first: number;
  after?: string | null;
  totalCount: number;
  cursorOf: (row: TRow) => string;
  nodeOf?: (row: TRow) => TNode;
  hasNextPage?: boolean;
};

/** Shapes `first + 1` fetched rows into a connection answer. */
export function toConnection<TRow, TNode = TRow>(
  rows: TRow[],
  opts: ConnectionOptions<TRow, TNode>,
): { edges: Array<{ cursor: string; node: TNode }>; totalCount: number; pageInfo: PageInfo };
/** @deprecated The earlier positional form (one page of nodes already cut to size); use the options form. */
export function toConnection<TRow>(
  nodes: TRow[],
  cursorOf: (n: TRow) => string,
  totalCount: number,
  hasNextPage: boolean,
  after?: string | null,
): { edges: Array<{ cursor: string; node: TRow }>; totalCount: number; pageInfo: PageInfo };
export function toConnection<TRow, TNode = TRow>(
  rows: TRow[],
  optsOrCursor: ConnectionOptions<TRow, TNode> | ((row: TRow) => string),
  totalCount?: number,
  hasNextPage?: boolean,
  after?: string | null,
) {
  const opts: ConnectionOptions<TRow, TNode> =
    typeof optsOrCursor === 'function'
      ? { first: rows.length, after, totalCount: totalCount ?? rows.length, cursorOf: optsOrCursor, hasNextPage: Boolean(hasNextPage) }
      : optsOrCursor;
  const page = rows.slice(0, opts.first);
  const edges = page.map((row) => ({ cursor: opts.cursorOf(row), node: (opts.nodeOf ? opts.nodeOf(row) : row) as TNode }));
  return {
    edges,
    totalCount: opts.totalCount,
    pageInfo: {
      hasNextPage: opts.hasNextPage ?? rows.length > opts.first,
      hasPreviousPage: Boolean(opts.after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
