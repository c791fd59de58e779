import { graphql } from '../../../gql';

export const ViewerQuery = graphql(`
  query Viewer {
    me {
      id
      username
      email
      firstName
      lastName
      roleId
      isAdmin
      theme
      createdAt
    }
  }
`);

/** What signing in and signing up both answer: the session token and who it belongs to. */
export const AuthPayloadFieldsFragment = graphql(`
  fragment AuthPayloadFields on AuthPayload {
    token
    user {
      id
      username
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const UpdateThemeMutation = graphql(`
  mutation UpdateTheme($theme: Theme!) {
    updateTheme(theme: $theme) {
      id
      theme
    }
  }
`);

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($identifier: String!) {
    requestPasswordReset(identifier: $identifier)
  }
`);
