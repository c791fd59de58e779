/**
 * What the GraphQL plumbing reads of an operation's context: who (for list bounds) and the request
 * id (for logs). The whole context is the auth feature's (auth/graphql-context.ts).
 */
export interface OperationContext {
  user: { id: string } | null;
  requestId: string;
}
