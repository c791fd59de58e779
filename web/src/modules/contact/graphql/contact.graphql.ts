import { graphql } from '../../../gql';

export const SendContactMessageMutation = graphql(`
  mutation SendContactMessage($input: ContactMessageInput!) {
    sendContactMessage(input: $input) {
      message
    }
  }
`);

export const ContactMessagesQuery = graphql(`
  query ContactMessages($unreadOnly: Boolean!, $limit: Int!, $offset: Int!) {
    contactMessages(unreadOnly: $unreadOnly, limit: $limit, offset: $offset) {
      total
      unread
      items {
        id
        name
        email
        message
        createdAt
        readAt
        repliedAt
        reply
      }
    }
  }
`);

export const MarkContactMessageReadMutation = graphql(`
  mutation MarkContactMessageRead($id: ID!, $read: Boolean!) {
    markContactMessageRead(id: $id, read: $read) {
      id
      readAt
    }
  }
`);

export const ReplyToContactMessageMutation = graphql(`
  mutation ReplyToContactMessage($id: ID!, $reply: String!) {
    replyToContactMessage(id: $id, reply: $reply) {
      id
      readAt
      repliedAt
      reply
    }
  }
`);
