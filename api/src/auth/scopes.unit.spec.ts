import 'reflect-metadata';
import { parse } from 'graphql';
import { AdminResolver } from '../admin/admin.resolver.js';
import { ADMIN_ROOT_FIELDS, graphqlScopeError, graphqlScopesFor, type Scope } from './scopes.js';

describe('GraphQL scope mapping', () => {
  const scopes = (q: string, op?: string) => [...graphqlScopesFor(parse(q), op)].sort();
  it('maps queries and subscriptions to read, mutations to write, admin and process fields to theirs', () => {
    expect(scopes('{ me { id } }')).toEqual(['read']);
    expect(scopes('subscription { projectProgress(projectId: "x") { progress } }')).toEqual(['read']);
    expect(scopes('mutation { createProject(input: {}) { id } }')).toEqual(['write']);
    expect(scopes('mutation { processProject(id: "x") { id } }')).toEqual(['process']);
    expect(scopes('mutation { startFileSetProcessing(id: "x") { id } }')).toEqual(['process']);
    expect(scopes('{ processingProgress(id: "x") { id } }')).toEqual(['read']);
    expect(scopes('{ me { id } ledgerEvents { totalCount } }')).toEqual(['admin', 'read']);
    expect(scopes('mutation { approvePurchaseRequest(id: "x") { message } }')).toEqual(['admin']);
    expect(scopes('{ __typename }')).toEqual([]);
  });

  it('sees root fields hidden in fragments, and picks the named operation', () => {
    expect(scopes('query { ...F } fragment F on Query { adminUsers { totalCount } }')).toEqual(['admin']);
    expect(scopes('query { ... on Query { me { id } } }')).toEqual(['read']);
    expect(scopes('query A { me { id } } mutation B { createProject(input: {}) { id } }', 'B')).toEqual(['write']);
  });

  it('names the first missing scope; a login token (null) may do anything', () => {
    const granted = new Set<Scope>(['read']);
    expect(graphqlScopeError(granted, parse('{ me { id } }'))).toBeNull();
    expect(graphqlScopeError(granted, parse('mutation { createProject(input: {}) { id } }'))?.message).toBe(
      "This API token does not have the 'write' scope needed for this request",
    );
    expect(graphqlScopeError(granted, parse('mutation { createProject(input: {}) { id } }'))?.extensions.code).toBe('FORBIDDEN');
    expect(graphqlScopeError(null, parse('mutation { updateMarkup(value: 1) { message } }'))).toBeNull();
  });

  it('lists every administrator operation of AdminResolver', () => {
    const methods = Object.getOwnPropertyNames(AdminResolver.prototype).filter((m) => m !== 'constructor');
    expect(methods.length).toBeGreaterThan(5);
    for (const m of methods) expect([m, ADMIN_ROOT_FIELDS.has(m)]).toEqual([m, true]);
  });
});
