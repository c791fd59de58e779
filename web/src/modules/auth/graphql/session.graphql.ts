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

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      token
      user {
        id
        username
      }
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      token
      user {
        id
        username
      }
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
