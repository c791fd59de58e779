import { graphql } from '../../../gql';

export const MailOutboxQuery = graphql(`
  query MailOutbox($status: String, $limit: Int!, $offset: Int!) {
    mailOutbox(status: $status, limit: $limit, offset: $offset) {
      total
      delivers
      items {
        id
        kind
        to
        subject
        text
        status
        attempts
        lastError
        createdAt
        sentAt
      }
    }
  }
`);

export const ResendMailMutation = graphql(`
  mutation ResendMail($id: ID!) {
    resendMail(id: $id) {
      id
      status
      attempts
      lastError
    }
  }
`);
