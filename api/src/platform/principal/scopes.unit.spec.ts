import 'reflect-metadata';
import { OperationTypeNode, parse, type GraphQLSchema } from 'graphql';
import { buildAppSchema } from '../../app/graphql-schema.js';
import { AdminResolver } from '../../features/admin/admin.resolver.js';
import { AdminQueueResolver } from '../../features/admin/admin-queue.resolver.js';
import { PurchasesResolver } from '../../features/purchases/purchases.resolver.js';
import { declaredFieldScope, graphqlScopeError, graphqlScopesFor, type Scope } from './scopes.js';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema(null);
});

/** Every root field of the live schema with its operation type. */
const rootFields = () =>
  [OperationTypeNode.QUERY, OperationTypeNode.MUTATION, OperationTypeNode.SUBSCRIPTION].flatMap((op) =>
    Object.values(schema.getRootType(op)?.getFields() ?? {}).map((field) => ({ op, field })),
  );

describe('GraphQL scope mapping (read from the schema: RequiresScope on the resolver method)', () => {
  const scopes = (q: string, op?: string) => [...graphqlScopesFor(schema, parse(q), op)].sort();
  it('maps queries and subscriptions to read, mutations to write, admin, process and session fields to theirs', () => {
    expect(scopes('{ me { id } }')).toEqual(['read']);
    expect(scopes('subscription { projectProgress(projectId: "x") { progress } }')).toEqual(['read']);
    expect(scopes('mutation { createProject(input: {}) { id } }')).toEqual(['write']);
    expect(scopes('mutation { startProcessing(projectId: "x") { message } }')).toEqual(['process']);
    expect(scopes('{ projectProgress(projectId: "x") { progress } }')).toEqual(['read']);
    expect(scopes('{ me { id } ledgerEvents { totalCount } }')).toEqual(['admin', 'read']);
    expect(scopes('mutation { approvePurchaseRequest(id: "x") { message } }')).toEqual(['admin']);
    expect(scopes('{ adminQueueStats { name } }')).toEqual(['admin']);
    expect(scopes('subscription { adminQueueStatsUpdates { name } }')).toEqual(['admin']);
    expect(scopes('mutation { createApiToken(input: {}) { secret } }')).toEqual(['session']);
    expect(scopes('{ __typename }')).toEqual([]);
  });

  it('sees root fields hidden in fragments, and picks the named operation', () => {
    expect(scopes('query { ...F } fragment F on Query { adminUsers { totalCount } }')).toEqual(['admin']);
    expect(scopes('query { ... on Query { me { id } } }')).toEqual(['read']);
    expect(scopes('query A { me { id } } mutation B { createProject(input: {}) { id } }', 'B')).toEqual(['write']);
  });

  it('names the first missing scope; a login token (null) may do anything; no token passes session', () => {
    const granted = new Set<Scope>(['read']);
    expect(graphqlScopeError(schema, granted, parse('{ me { id } }'))).toBeNull();
    expect(graphqlScopeError(schema, granted, parse('mutation { createProject(input: {}) { id } }'))?.message).toBe(
      "This API token does not have the 'write' scope needed for this request",
    );
    expect(graphqlScopeError(schema, granted, parse('mutation { createProject(input: {}) { id } }'))?.extensions.code).toBe('FORBIDDEN');
    expect(graphqlScopeError(schema, null, parse('mutation { updateMarkup(value: 1) { message } }'))).toBeNull();
    const everything = new Set<Scope>(['read', 'write', 'process', 'admin']);
    expect(graphqlScopeError(schema, everything, parse('mutation { revokeApiToken(id: "x") { id } }'))?.message).toBe(
      'API tokens cannot manage API tokens or change the password: sign in with your password to do this',
    );
  });

  it('declares admin on every administrator operation: each field of the admin resolvers, each field documented "(administrators)"', () => {
    // The administrators' purchase decisions live with the rest of purchases (purchases/).
    const purchaseAdminMethods = ['adminPurchaseRequests', 'approvePurchaseRequest', 'rejectPurchaseRequest'];
    for (const m of purchaseAdminMethods) expect(Object.getOwnPropertyNames(PurchasesResolver.prototype)).toContain(m);
    const adminMethods = [AdminResolver, AdminQueueResolver]
      .flatMap((c) => Object.getOwnPropertyNames(c.prototype).filter((m) => m !== 'constructor'))
      .concat(purchaseAdminMethods);
    expect(adminMethods.length).toBeGreaterThan(10);
    const fields = new Map(rootFields().map(({ field }) => [field.name, field]));
    for (const m of adminMethods) expect([m, declaredFieldScope(fields.get(m))]).toEqual([m, 'admin']);
    for (const { field } of rootFields())
      if (/\(administrators\)\.?$/.test(field.description ?? '')) expect([field.name, declaredFieldScope(field)]).toEqual([field.name, 'admin']);
  });
});
