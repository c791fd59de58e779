import { ClassType, Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Relay page information for cursor pagination.' })
export class PageInfo {
  @Field({ description: 'True when more items follow the last edge of this page.' })
  hasNextPage!: boolean;
  @Field({ description: 'True when items precede the first edge of this page (forward paging: whether `after` was given).' })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first edge.' })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; pass it as `after` for the next page.' })
  endCursor!: string | null;
}

/** Builds the Edge and Connection object types of a Relay connection for one node type. */
export function Connection<TNode extends object>(nodeType: ClassType<TNode>, name: string) {
  @ObjectType(`${name}Edge`, { description: `An edge of a ${name} connection.` })
  class Edge {
    @Field({ description: 'Opaque cursor of this edge.' })
    cursor!: string;
    @Field(() => nodeType, { description: `The ${name}.` })
    node!: TNode;
  }

  @ObjectType()
  abstract class ConnectionType {
    @Field(() => [Edge], { description: 'The items of this page, in order.' })
    edges!: Edge[];
    @Field(() => PageInfo, { description: 'Paging information.' })
    pageInfo!: PageInfo;
    @Field(() => Int, { description: 'How many items match the filters, across all pages.' })
    totalCount!: number;
  }
  return ConnectionType;
}

/** Shapes a page of nodes into a connection answer. */
export function toConnection<TNode>(nodes: TNode[], cursorOf: (n: TNode) => string, totalCount: number, hasNextPage: boolean, after?: string | null) {
  const edges = nodes.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
