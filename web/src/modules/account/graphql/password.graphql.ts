import { graphql } from '../../../gql';

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const IssuePasswordResetLinkMutation = graphql(`
  mutation IssuePasswordResetLink($userId: ID!) {
    issuePasswordResetLink(userId: $userId) {
      url
      expiresAt
      user {
        id
        username
      }
    }
  }
`);
