import { graphql } from '../../../gql';

export const ApiTokensQuery = graphql(`
  query ApiTokens($first: Int!, $after: String) {
    apiTokens(first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          id
          name
          scopes
          prefix
          createdAt
          expiresAt
          lastUsedAt
          revokedAt
          active
        }
      }
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      secret
      token {
        id
        name
        scopes
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      id
      active
      revokedAt
    }
  }
`);
