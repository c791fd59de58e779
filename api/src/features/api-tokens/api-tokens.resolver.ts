import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { timeIdCursor, toConnection } from '../../platform/graphql/relay.js';
import { ApiTokenConnection, ApiTokenType, CreateApiTokenInput, CreatedApiToken } from './api-tokens.types.js';
import type { ApiTokensService } from './api-tokens.service.js';

/** What the API-token resolver is built with (app/graphql-schema.ts). */
export interface ApiTokensResolverDeps {
  apiTokens: Pick<ApiTokensService, 'page' | 'create' | 'revoke'>;
}

@Resolver()
export class ApiTokensResolver {
  constructor(private readonly services: ApiTokensResolverDeps) {}

  @Query(() => ApiTokenConnection, { description: 'Your personal API tokens, newest first (secrets are never shown again).' })
  async apiTokens(
    @Ctx() ctx: GraphQLContext,
    @Arg('first', () => Int, { defaultValue: 50, description: 'Page size, 1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page; omit for the newest tokens.' }) after: string | null,
  ) {
    const page = await this.services.apiTokens.page(requireUser(ctx), { first, after });
    return toConnection(page.rows, { first, after, totalCount: page.totalCount, cursorOf: (t) => timeIdCursor('apiToken', t) });
  }

  @RequiresScope('session')
  @Mutation(() => CreatedApiToken, { description: 'Creates a personal API token for scripts; the answer holds its secret, shown only this once.' })
  createApiToken(
    @Arg('input', () => CreateApiTokenInput, { description: 'Name, scopes and optional expiry of the token.' }) input: CreateApiTokenInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.apiTokens.create(requireUser(ctx), { ...input });
  }

  @RequiresScope('session')
  @Mutation(() => ApiTokenType, {
    description: 'Revokes one of your API tokens: every request with it is refused at once (401), on every server. Revoking twice is harmless.',
  })
  revokeApiToken(@Arg('id', () => ID, { description: 'The token id (not its secret).' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.apiTokens.revoke(requireUser(ctx), id);
  }
}
