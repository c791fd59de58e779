import { graphql } from '../../../gql';

export const AdminUsersQuery = graphql(`
  query AdminUsers($first: Int!, $after: String, $search: String) {
    adminUsers(first: $first, after: $after, search: $search) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          id
          username
          email
          roleId
          creditBalance
          createdAt
        }
      }
    }
  }
`);

export const SettingFieldsFragment = graphql(`
  fragment SettingFields on Setting {
    key
    value
    updatedAt
  }
`);

export const SettingsQuery = graphql(`
  query Settings {
    settings {
      ...SettingFields
    }
  }
`);

export const AdjustUserCreditsMutation = graphql(`
  mutation AdjustUserCredits($userId: ID!, $amount: Money!, $reason: String, $idempotencyKey: String) {
    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason, idempotencyKey: $idempotencyKey) {
      amount
      newBalance
      message
    }
  }
`);

export const UpdateMarkupMutation = graphql(`
  mutation UpdateMarkup($value: Float!) {
    updateMarkup(value: $value) {
      message
      costPerFileset
      setting {
        ...SettingFields
      }
    }
  }
`);

export const AdminPurchaseRequestsQuery = graphql(`
  query AdminPurchaseRequests($status: String, $first: Int!, $after: String) {
    adminPurchaseRequests(status: $status, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          ...PurchaseRequestFields
          user {
            id
            username
            email
          }
        }
      }
    }
  }
`);

export const ApprovePurchaseRequestMutation = graphql(`
  mutation ApprovePurchaseRequest($id: ID!, $adminNotes: String) {
    approvePurchaseRequest(id: $id, adminNotes: $adminNotes) {
      message
      newBalance
      request {
        ...PurchaseRequestFields
      }
    }
  }
`);

export const RejectPurchaseRequestMutation = graphql(`
  mutation RejectPurchaseRequest($id: ID!, $adminNotes: String) {
    rejectPurchaseRequest(id: $id, adminNotes: $adminNotes) {
      message
      request {
        ...PurchaseRequestFields
      }
    }
  }
`);

export const LedgerEventsQuery = graphql(`
  query LedgerEvents($filter: LedgerEventFilter, $first: Int!, $after: String) {
    ledgerEvents(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          id
          sequence
          type
          userId
          user {
            id
            username
          }
          actorId
          actor {
            id
            username
          }
          amount
          reason
          createdAt
          hash
        }
      }
    }
  }
`);

export const LedgerVerificationQuery = graphql(`
  query LedgerVerification {
    ledgerVerification {
      ok
      checkedEvents
      firstInvalidEventId
      reason
    }
  }
`);

export const LedgerReplayQuery = graphql(`
  query LedgerReplay {
    ledgerReplay {
      ok
      eventsReplayed
      differences {
        userId
        field
        live
        replayed
      }
    }
  }
`);

export const SetPaymentInstructionsMutation = graphql(`
  mutation SetPaymentInstructions($input: PaymentInstructionsInput!) {
    setPaymentInstructions(input: $input) {
      bank
      paypal
      venmo
      other
    }
  }
`);

export const SetContactEmailMutation = graphql(`
  mutation SetContactEmail($email: String!) {
    setContactEmail(email: $email)
  }
`);
